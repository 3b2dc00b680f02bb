import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

/** The public address (issue 9 finding 10): unset, it follows PORT. */
describe('PUBLIC_BASE_URL', () => {
  it('is http://localhost:<PORT> when not set (3000 without PORT)', () => {
    const config = loadConfig({ PORT: '3401' });
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:3401');
    expect(config.publicBaseDomain).toBe('localhost');
    expect(loadConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
  });

  it('counts an empty value as not set; a value that is set is kept, one that is no URL refused', () => {
    expect(loadConfig({ PORT: '8080', PUBLIC_BASE_URL: ' ' }).PUBLIC_BASE_URL).toBe('http://localhost:8080');
    const config = loadConfig({ PORT: '3401', PUBLIC_BASE_URL: 'https://portal.example' });
    expect(config.PUBLIC_BASE_URL).toBe('https://portal.example');
    expect(config.publicBaseDomain).toBe('portal.example');
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'portal.example' })).toThrow(/PUBLIC_BASE_URL/);
  });
});

/** The S3 store (issue 11): S3_* all together or not at all. */
describe('S3_*', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'documents',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('none set (or empty): files on disk', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: ' ' }).s3).toBeNull();
  });

  it('all set: the S3 store, us-east-1 and path-style URLs unless told otherwise', () => {
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'documents',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
    });
  });

  it('a part missing fails the boot naming what is missing', () => {
    expect(() => loadConfig({ S3_BUCKET: 'documents' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET/,
    );
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY: required/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
