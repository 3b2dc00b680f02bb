import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { chooseEncoding, faviconSvg } from './static-assets.js';

/** The built web app: precompressed files by Accept-Encoding, cache lifetimes, index.html, favicons. */
let t: TestApp;
let webDist: string;
const SCRIPT = `export const greeting = ${JSON.stringify('Guten Tag! '.repeat(400))};\n`;
const CHROME = 'gzip, deflate, br, zstd';

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>x</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`,
  );
  // What the build writes (vite.config.ts, precompress): the file and its .br and .gz.
  const file = path.join(webDist, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, SCRIPT);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
  // Too small to be worth it: no variants.
  fs.writeFileSync(path.join(webDist, 'assets', 'tiny-def456.js'), 'export {};\n');
  fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, host = 'demo.localhost:3000') =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

const decode = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString(
    'utf8',
  );

const varies = (headers: Record<string, unknown>) => String(headers.vary ?? '').toLowerCase();

describe('hashed assets', () => {
  it('brotli when the client accepts it (as Chromium does), cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': CHROME });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res.headers)).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(decode(res.rawPayload, 'br')).toBe(SCRIPT);
  });

  it('gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/index-abc123.js', { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(varies(res.headers)).toContain('accept-encoding');
      expect(decode(res.rawPayload, 'gzip')).toBe(SCRIPT);
    }
  });

  it('the file itself without Accept-Encoding, or when only identity is accepted, still varying', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/index-abc123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
      expect(varies(res.headers)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('a file without variants is sent as it is; the variants are not files of their own', async () => {
    const tiny = await get('/assets/tiny-def456.js', { 'accept-encoding': CHROME });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
    for (const variant of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      const res = await get(variant, { 'accept-encoding': CHROME });
      expect(res.statusCode, variant).toBe(404);
      expect(res.headers['content-type'], variant).toMatch(/^application\/json/);
    }
  });

  it('files outside /assets are revalidated; a missing chunk stays a 404', async () => {
    const robots = await get('/robots.txt', { 'accept-encoding': CHROME });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/index-old999.js', { 'accept-encoding': CHROME })).statusCode).toBe(404);
  });
});

describe('index.html', () => {
  it.each([
    ['br', CHROME],
    ['gzip', 'gzip, deflate'],
    [undefined, ''],
  ])('%s for Accept-Encoding "%s", on every client route, with the partner tags', async (encoding, accept) => {
    for (const url of ['/', '/index.html', '/application/loan-info']) {
      const res = await get(url, accept ? { 'accept-encoding': accept } : {}, 'alpen.localhost:3000');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(varies(res.headers), url).toContain('accept-encoding');
      const html = decode(res.rawPayload, encoding);
      expect(html, url).toContain('<meta name="fp-partner" content="alpen">');
      expect(html, url).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
      expect(html, url).toContain('/assets/index-abc123.js');
    }
  });

  it('preloads the configuration calls of a known partner, and the dynamic form on its wizard', async () => {
    const preload = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    const html = async (url: string, host: string) => (await get(url, {}, host)).body;
    const demo = await html('/login', 'demo.localhost:3000');
    expect(demo).toContain(preload('/api/partner/key/demo/config'));
    expect(demo).toContain(preload('/api/config'));
    expect(demo).not.toContain('dynamic_forms_config');
    for (const url of ['/', '/application/new/financing']) {
      expect(await html(url, 'alpen.localhost:3000')).toContain(
        preload('/api/dynamic_forms_config?dynamic_forms_name=application'),
      );
    }
    expect(await html('/login', 'alpen.localhost:3000')).not.toContain('dynamic_forms_config');
    // An unknown subdomain: nothing to preload (its configuration call answers 404).
    expect(await html('/login', 'acme.localhost:3000')).not.toContain('rel="preload"');
  });

  it('each partner gets its own page from the compressed cache', async () => {
    const demo = await get('/login', { 'accept-encoding': CHROME }, 'demo.localhost:3000');
    const nordbank = await get('/login', { 'accept-encoding': CHROME }, 'nordbank.localhost:3000');
    const unknown = await get('/login', { 'accept-encoding': CHROME }, 'acme.localhost:3000');
    expect(decode(demo.rawPayload, 'br')).toContain('content="demo"');
    expect(decode(nordbank.rawPayload, 'br')).toContain('content="nordbank"');
    expect(decode(unknown.rawPayload, 'br')).toContain('content="acme"');
  });
});

describe('favicon', () => {
  it('/favicon.ico and /favicon.svg answer with the partner’s own picture, never 404', async () => {
    const pictures = new Map<string, string>();
    for (const key of ['demo', 'nordbank', 'alpen', 'vistula']) {
      for (const url of ['/favicon.ico', '/favicon.svg']) {
        const res = await get(url, {}, `${key}.localhost:3000`);
        expect(res.statusCode, `${key} ${url}`).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
        expect(res.headers['cache-control'], url).toBe('public, max-age=3600');
        expect(res.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
        if (url === '/favicon.svg') pictures.set(key, res.body);
      }
      const partner = t.ctx.partners.get(key)!;
      expect(pictures.get(key)).toContain(`fill="${partner.fe_theme.color_primary}"`);
      expect(pictures.get(key)).toContain(`>${partner.display_name[0]!.toUpperCase()}</text>`);
    }
    expect(new Set(pictures.values()).size).toBe(4);
    // An unknown subdomain and a bare host get a picture too.
    expect((await get('/favicon.ico', {}, 'acme.localhost:3000')).statusCode).toBe(200);
    expect((await get('/favicon.ico', {}, 'localhost:3000')).body).toBe(pictures.get('demo'));
  });

  it('compressed by Accept-Encoding and revalidated by ETag', async () => {
    const plain = await get('/favicon.ico', {}, 'alpen.localhost:3000');
    const br = await get('/favicon.ico', { 'accept-encoding': CHROME }, 'alpen.localhost:3000');
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers)).toContain('accept-encoding');
    expect(decode(br.rawPayload, 'br')).toBe(plain.body);
    const again = await get('/favicon.ico', { 'if-none-match': String(plain.headers.etag) }, 'alpen.localhost:3000');
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('reads on its colour: the text falls back to black or white when the CTA colour is too close', () => {
    const svg = faviconSvg({
      display_name: 'élan & Co',
      fe_theme: { color_primary: '#ffe066', color_cta_text: '#ffffff' },
    });
    expect(svg).toContain('fill="#000000">É</text>');
    expect(
      faviconSvg({ display_name: '<x>', fe_theme: { color_primary: '#000000', color_cta_text: '#ffffff' } }),
    ).toContain('>&lt;</text>');
    expect(faviconSvg(undefined)).not.toContain('<text');
  });
});

describe('JSON answers', () => {
  it('of 1 KB and more are compressed as the client accepts, with Vary', async () => {
    const plain = await t.client('alpen').get('/config');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers)).toContain('accept-encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      [CHROME, 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await t.client('alpen').get('/config', { headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(varies(res.headers)).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res.rawPayload, encoding))).toEqual(plain.json());
    }
  });

  it('small ones go as they are', async () => {
    const res = await t.client().get('/health', { headers: { 'accept-encoding': CHROME } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeLessThan(1024);
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
