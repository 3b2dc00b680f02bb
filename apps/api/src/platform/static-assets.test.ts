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
const lang = (code: string) => ({ js: [`assets/${code}-1.js`], css: [], ns: { wizard: [`assets/wizard-${code}.js`] } });
const ROUTE_HINTS = {
  version: 1,
  pages: [
    {
      pattern: '/login',
      who: 'out',
      ns: [],
      js: ['assets/login-page-1.js', 'assets/form-1.js'],
      css: ['assets/form-1.css'],
    },
    { pattern: '/application/loan-info', ns: ['wizard'], js: ['assets/loan-info-1.js'], css: [] },
    { pattern: '/application/new/:stepId', ns: ['wizard'], js: ['assets/dynamic-step-1.js'], css: [] },
    { pattern: '/application/new', ns: ['wizard'], js: ['assets/dynamic-step-1.js'], css: [] },
    { pattern: '/dashboard/applications', who: 'in', ns: [], js: ['assets/applications-page-1.js'], css: [] },
  ],
  languages: { de: lang('de'), en: lang('en'), pl: lang('pl'), fr: lang('fr') },
  cookieConsent: { js: ['assets/cookie-consent-1.js'], css: [] },
};

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><title>x</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
  );
  // What the build writes (vite.config.ts, precompress): the file and its .br and .gz.
  const file = path.join(webDist, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, SCRIPT);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
  // Too small to be worth it: no variants.
  fs.writeFileSync(path.join(webDist, 'assets', 'tiny-def456.js'), 'export {};\n');
  fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
  // What the build writes beside (apps/web/build/route-hints.ts), for a few addresses.
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, '.vite', 'route-hints.json'), JSON.stringify(ROUTE_HINTS));
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
    expect(await html('/login', 'acme.localhost:3000')).not.toContain('rel="modulepreload"');
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

describe('page hints (ADR 013)', () => {
  const page = async (url: string, host: string, headers: Record<string, string> = {}) =>
    (await get(url, headers, host)).body;
  const module = (name: string) => `<link rel="modulepreload" href="/assets/${name}">`;

  it('announce the page of the address with its style sheets, after the entry script', async () => {
    const html = await page('/login', 'demo.localhost:3000', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(html).toContain(module('login-page-1.js'));
    expect(html).toContain(module('form-1.js'));
    expect(html).toContain('<link rel="preload" as="style" href="/assets/form-1.css">');
    expect(html).toContain(module('en-1.js'));
    expect(html).not.toContain('de-1.js');
    expect(html.indexOf('login-page-1.js')).toBeGreaterThan(html.indexOf('/assets/index-abc123.js'));
    expect(html).not.toContain('loan-info-1.js');
  });

  it('`/` announces the page it opens: wizard, dynamic wizard or login, with the wizard texts', async () => {
    const demo = await page('/', 'demo.localhost:3000');
    expect(demo).toContain(module('loan-info-1.js'));
    expect(demo).toContain(module('wizard-de.js'));
    expect(await page('/', 'alpen.localhost:3000')).toContain(module('dynamic-step-1.js'));
    expect(await page('/application/new/financing', 'alpen.localhost:3000')).toContain(module('dynamic-step-1.js'));
    // Vistula's users may not create applications: `/` opens the login.
    const vistula = await page('/', 'vistula.localhost:3000');
    expect(vistula).toContain(module('login-page-1.js'));
    expect(vistula).not.toContain('loan-info-1.js');
  });

  it('the language as the client detects it: query, cookie, browser; else the partner’s default', async () => {
    expect(await page('/login?lng=pl', 'demo.localhost:3000', { 'accept-language': 'en' })).toContain(
      module('pl-1.js'),
    );
    expect(await page('/login', 'demo.localhost:3000', { cookie: 'i18next=fr', 'accept-language': 'en' })).toContain(
      module('fr-1.js'),
    );
    // A Spanish browser on Vistula: i18next starts in German, the partner switches to Polish.
    const vistula = await page('/login', 'vistula.localhost:3000', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(vistula).toContain(module('de-1.js'));
    expect(vistula).toContain(module('pl-1.js'));
  });

  it('what a guard will not show is not announced; the list of a logged-in user is', async () => {
    const guest = await page('/dashboard/applications', 'demo.localhost:3000');
    expect(guest).not.toContain('applications-page-1.js');
    expect(guest).not.toContain('/api/user/applications');
    const user = await page('/dashboard/applications', 'demo.localhost:3000', { cookie: 'fp_session=abc' });
    expect(user).toContain(module('applications-page-1.js'));
    expect(user).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user/applications">',
    );
    // Logged in, the login page redirects: not announced.
    expect(await page('/login', 'demo.localhost:3000', { cookie: 'fp_session=abc' })).not.toContain('login-page-1.js');
  });

  it('the cookie dialog on a first visit only, where the partner asks for consent', async () => {
    expect(await page('/login', 'demo.localhost:3000')).toContain(module('cookie-consent-1.js'));
    const returning = await page('/login', 'demo.localhost:3000', { cookie: 'fp_cookie_consent=%7B%7D' });
    expect(returning).not.toContain('cookie-consent-1.js');
    // Vistula does not ask (cookie_required false).
    expect(await page('/login', 'vistula.localhost:3000')).not.toContain('cookie-consent-1.js');
  });

  it('hostile addresses and headers change nothing but the choice among known files', async () => {
    const html = await page('/login?lng=%22%3E%3Cscript%3Ealert(1)%3C/script%3E', 'demo.localhost:3000', {
      'accept-language': '"><script>x</script>, \u0000;q=abc',
      cookie: 'i18next="><img src=x>',
    });
    expect(html).not.toMatch(/<script>alert|<script>x|<img src=x/);
    expect(html).toContain(module('de-1.js'));
    // An unknown partner: no hints at all.
    expect(await page('/login', 'acme.localhost:3000')).not.toContain('modulepreload');
  });

  it('the hints file itself is not served', async () => {
    const res = await get('/.vite/route-hints.json', { 'accept-encoding': CHROME });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"pages"');
  });

  it('the page shows the partner’s header with its logo inline until the app renders', async () => {
    const html = await page('/login', 'nordbank.localhost:3000');
    expect(html).toMatch(
      /<div id="root"><div class="fp-boot" aria-busy="true"><header class="fp-header">.*<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="Nordbank Business" height="40" class="fp-logo">/,
    );
    // An unknown partner: an empty root (the app shows its not-found card).
    expect(await page('/login', 'acme.localhost:3000')).toContain('<div id="root"></div>');
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

describe('the console preview banner (issue 13)', () => {
  it('is on the page only in the partner admin’s browser while previewing a draft, in the page’s language', async () => {
    const { loggedInStaff } = await import('../test/backoffice.js');
    const admin = await loggedInStaff(t, { kind: 'puser', partner: 'vistula', role: 'role_partner_admin' }, 'vistula');
    const { published } = (await admin.client.get('/backoffice/partners/vistula/draft')).json();
    expect(
      (
        await admin.client.request('PUT', '/backoffice/partners/vistula/draft', {
          ...published,
          display_name: 'Vistula (draft)',
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.client.post('/backoffice/partners/vistula/preview')).statusCode).toBe(200);
    const cookie = `fp_staff=${admin.client.jarValue('fp_staff')}; fp_preview=vistula`;
    const page = await get('/', { cookie, 'accept-language': 'pl' }, 'vistula.localhost:3000');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="fp-preview-banner" role="status"');
    expect(page.body).toContain('Podgląd wersji roboczej');
    // The preview cookie alone (another browser, no staff session) shows the published portal.
    const stranger = await get('/', { cookie: 'fp_preview=vistula' }, 'vistula.localhost:3000');
    expect(stranger.body).not.toContain('fp-preview-banner');
    // Nor is the banner kept for the next visitor.
    expect((await get('/', {}, 'vistula.localhost:3000')).body).not.toContain('fp-preview-banner');
  });
});
