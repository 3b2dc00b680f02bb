import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appConfigResponse,
  partnerConfigResponse,
  type AppConfig,
  type PartnerConfig,
} from '@finportal/contracts/partner';
import { expectErrors, useTestApp } from '../../test/harness.js';

/** GET /partner/key/{key}/config, /partner/key/{key}/logo, /config, and the partner meta tag of index.html. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-web-'));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>x</title></head><body></body></html>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
const t = await useTestApp({ WEB_DIST_DIR: webDist });

const keysOf = (shape: Record<string, unknown>) => Object.keys(shape).sort();

describe('GET /partner/key/{key}/config', () => {
  it.each(['demo', 'nordbank', 'vistula'])('%s: every field of the contract, from the partner file', async (key) => {
    const res = await t.client().get(`/partner/key/${key}/config`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PartnerConfig>();
    // is_preview is sent only while a partner admin previews the console's draft (console.test.ts).
    expect(keysOf(body)).toEqual(keysOf(partnerConfigResponse.shape).filter((k) => k !== 'is_preview'));
    expect(keysOf(body.parameters)).toEqual(keysOf(partnerConfigResponse.shape.parameters.shape));
    expect(keysOf(body.fe_theme)).toEqual(['color_cta_text', 'color_link', 'color_primary']);
    expect(partnerConfigResponse.strict().safeParse(body).success).toBe(true);

    const file = t.ctx.partners.get(key)!;
    expect(body.key).toBe(key);
    expect(body.logo_url).toBe(`/api/partner/key/${key}/logo?v=${file.logo}`);
    expect(body.entitlements).toEqual(file.entitlements);
    expect(body.fe_theme).toEqual(file.fe_theme);
    expect(body.parameters).toEqual({
      customer_support_email: file.customer_support_email,
      customer_support_phone: file.customer_support_phone,
      display_name: file.display_name,
      legal_name: file.legal_name,
      terms_url: file.url_list.terms,
      data_protection_url: file.url_list.privacy_policy,
      is_partner_terms_required: file.is_partner_terms_required,
      user_application_types: file.user_application_types,
      country_company_types: file.country_company_types,
      supported_application_types_by_country: file.supported_application_types_by_country,
    });
  });

  it('partner terms are required at nordbank only', async () => {
    const required = async (key: string) =>
      (await t.client().get(`/partner/key/${key}/config`)).json<PartnerConfig>().parameters.is_partner_terms_required;
    expect(await required('demo')).toBe(false);
    expect(await required('nordbank')).toBe(true);
    expect(await required('vistula')).toBe(false);
  });

  it('does not depend on the host, and an unknown key answers 404 err_partner_not_found', async () => {
    const fromOther = await t.client('vistula').get('/partner/key/nordbank/config');
    expect(fromOther.json<PartnerConfig>().key).toBe('nordbank');
    expectErrors(await t.client().get('/partner/key/acme/config'), 404, [{ code: 'err_partner_not_found' }]);
  });
});

describe('GET /config', () => {
  it.each(['demo', 'nordbank', 'vistula'])('%s: the AppConfig of the host partner', async (key) => {
    const res = await t.client(key).get('/config');
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('Host');
    const body = res.json<AppConfig>();
    expect(keysOf(body)).toEqual(keysOf(appConfigResponse.shape));
    const file = t.ctx.partners.get(key)!;
    expect(body.languages).toEqual(file.languages);
    expect(body.currencies).toEqual(file.currencies);
    expect(body.user_create_application).toBe(file.user_create_application);
  });

  it('carries the product of each loan type (partner mapping over the defaults)', async () => {
    const get = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/config', headers: { host } })).json<AppConfig>();
    expect((await get('alpen.localhost:3000')).products.event_driven_financing_loan).toBe('object_financing');
    expect((await get('demo.localhost:3000')).products).toMatchObject({ factoring: 'factoring' });
  });

  it('depends on the Host: languages, features and the create-application flag differ', async () => {
    const get = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/config', headers: { host } })).json<AppConfig>();
    const demo = await get('demo.localhost:3000');
    const nord = await get('nordbank.localhost:3000');
    const vistula = await get('vistula.localhost:3000');
    expect(demo.languages.supported).toEqual(['de', 'en', 'pl', 'fr']);
    expect(nord.languages.supported).toEqual(['de', 'en']);
    expect(vistula.languages).toEqual({ supported: ['pl', 'en', 'de'], default: 'pl' });
    const marketing = (c: AppConfig) => c.public_features.find((f) => f.name === 'marketing_opt_in')?.is_active;
    expect(marketing(demo)).toBe(false);
    expect(marketing(nord)).toBe(true);
    expect(marketing(vistula)).toBe(false);
    expect(vistula.user_create_application).toBe(false);
    expect(demo.user_create_application).toBe(true);
    expect(vistula.supported_countries).toEqual(['PL']);
    // The bare host and www use the default partner.
    expect(await get('localhost:3000')).toEqual(demo);
    expect(await get('www.localhost:3000')).toEqual(demo);
  });

  it('an unknown subdomain answers 404 err_partner_not_found', async () => {
    expectErrors(await t.client('acme').get('/config'), 404, [{ code: 'err_partner_not_found' }]);
  });
});

describe('GET /partner/key/{key}/logo', () => {
  it('serves the SVG logo as image/svg+xml', async () => {
    const res = await t.client().get('/partner/key/nordbank/logo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('an unknown partner answers 404 err_partner_not_found', async () => {
    expectErrors(await t.client().get('/partner/key/acme/logo'), 404, [{ code: 'err_partner_not_found' }]);
  });
});

describe('GET /partner/key/{key}/logo.png (issue 26: the e-mail logo)', () => {
  it('draws the SVG logo as a PNG of twice the mail height, which mail clients on any origin may load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partner/key/alpen/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toContain('max-age');
    const png = res.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect(png.readUInt32BE(20)).toBe(80);
    expect(png.readUInt32BE(16)).toBeGreaterThan(200);
    // The text of the logo is drawn (a logo of only its mark would be far less colourful).
    expect(png.length).toBeGreaterThan(2000);
  });

  it('an unknown partner answers 404', async () => {
    expectErrors(await t.client().get('/partner/key/acme/logo.png'), 404, [{ code: 'err_partner_not_found' }]);
  });
});

describe('index.html', () => {
  const page = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  it('carries the partner of the host and the API base as meta tags (SPA fallback)', async () => {
    const res = await page('/dashboard/applications', 'nordbank.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<meta name="fp-partner" content="nordbank">');
    expect(res.body).toContain('<meta name="fp-api-base" content="/api">');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The root and /index.html too (the static plugin alone answered / with 403 and /index.html without the tags).
    const root = await page('/', 'localhost:3000');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<meta name="fp-partner" content="demo">');
    expect((await page('/index.html', 'vistula.localhost:3000')).body).toContain(
      '<meta name="fp-partner" content="vistula">',
    );
  });

  it('an unknown subdomain gets its own key (the web app then shows not-found)', async () => {
    expect((await page('/login', 'acme.localhost:3000')).body).toContain('<meta name="fp-partner" content="acme">');
  });

  it('hashed assets are cached for a year; unknown API paths stay JSON', async () => {
    const asset = await page('/assets/app-abc123.js', 'demo.localhost:3000');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A missing file (e.g. a chunk of an older build) is a 404, not index.html.
    const missing = await page('/assets/app-old999.js', 'demo.localhost:3000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/text\/html/);
    const api = await page('/api/nope', 'demo.localhost:3000');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});
