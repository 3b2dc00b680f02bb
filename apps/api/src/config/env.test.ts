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
