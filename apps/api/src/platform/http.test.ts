import { describe, expect, it } from 'vitest';
import { expectErrors, registerAndConfirm, useTestApp, type TestResponse } from '../test/harness.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { redactUrl } from './http.js';

/** Security headers, CSRF guards, JSON errors for unknown paths, the OpenAPI document. */
const t = await useTestApp();

function expectSecurityHeaders(res: TestResponse): void {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBeDefined();
  expect(res.headers['referrer-policy']).toBeDefined();
}

describe('security headers', () => {
  it('every kind of response carries CSP with frame-ancestors and nosniff', async () => {
    const c = t.client();
    const responses: Record<string, TestResponse> = {
      health: await c.get('/health'),
      config: await c.get('/config'),
      partnerConfig: await c.get('/partner/key/demo/config'),
      logo: await c.get('/partner/key/demo/logo'),
      notFound: await c.get('/nope'),
      validation: await c.post('/user/account/login', {}),
      unauthorized: await c.get('/user/profile'),
      unknownPartner: await t.client('unknown-partner').get('/config'),
      spa: await t.app.inject({ method: 'GET', url: '/dashboard', headers: { host: 'demo.localhost:3000' } }),
    };
    for (const [name, res] of Object.entries(responses)) {
      try {
        expectSecurityHeaders(res);
      } catch (err) {
        throw new Error(`${name} (${res.statusCode}): ${(err as Error).message}`, { cause: err });
      }
    }
  });

  it('authenticated JSON is Cache-Control: no-store; so are errors', async () => {
    const c = t.client();
    await registerAndConfirm(c);
    const profile = await c.get('/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.headers['content-type']).toMatch(/^application\/json/);
    expect((await c.get('/nope')).headers['cache-control']).toBe('no-store');
    expect((await t.client().get('/user/profile')).headers['cache-control']).toBe('no-store');
    expect((await c.post('/user/account/login', { email: 'x' })).headers['cache-control']).toBe('no-store');
  });
});

describe('CSRF guards on mutating calls', () => {
  it('a POST with Content-Type text/plain answers 415 err_unsupported_media_type', async () => {
    const c = t.client();
    const body = JSON.stringify({ email: 'a@example.com', password: 'x' });
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await c.post('/user/account/login', undefined, { rawBody: body, headers: { 'content-type': type } });
      expectErrors(res, 415, [{ code: 'err_unsupported_media_type' }]);
    }
  });

  it('a POST with a foreign Origin answers 403 err_bad_origin; the own origin passes', async () => {
    const c = t.client('demo');
    const user = await registerAndConfirm(c);
    for (const origin of [
      'https://evil.example',
      'http://nordbank.localhost:3000',
      'http://demo.localhost:4000',
      'null',
      'garbage',
    ]) {
      const res = await c.post(
        '/user/account/login',
        { email: user.email, password: user.password },
        { headers: { origin } },
      );
      expectErrors(res, 403, [{ code: 'err_bad_origin' }]);
    }
    const ok = await c.post(
      '/user/account/login',
      { email: user.email, password: user.password },
      { headers: { origin: 'http://demo.localhost:3000' } },
    );
    expect(ok.statusCode).toBe(200);
    // PATCH is guarded too.
    const patched = await c.patch(
      `/user/profile/${user.userId}`,
      { interface_language: 'en' },
      { headers: { origin: 'https://evil.example' } },
    );
    expectErrors(patched, 403, [{ code: 'err_bad_origin' }]);
    expect((await c.profile()).interface_language).toBe('de');
  });

  it('a GET with a foreign Origin is not refused (reads change nothing)', async () => {
    const res = await t.client().get('/config', { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('unknown paths and partners', () => {
  it('an unknown /api path answers 404 JSON err_not_found, for any method', async () => {
    for (const res of [
      await t.client().get('/nope'),
      await t.client().post('/nope/deeper'),
      await t.client().get(''),
    ]) {
      expectErrors(res, 404, [{ code: 'err_not_found' }]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('an unknown partner subdomain on /api/config answers 404 err_partner_not_found', async () => {
    expectErrors(await t.client('no-such-partner').get('/config'), 404, [{ code: 'err_partner_not_found' }]);
    expectErrors(
      await t.client('no-such-partner').post('/user/account/login', { email: 'a@example.com', password: 'x' }),
      404,
      [{ code: 'err_partner_not_found' }],
    );
  });

  it('a non-API GET without a built web app answers 503 text, not JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { host: 'demo.localhost:3000' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('development routes', () => {
  it('the dev mailbox lists the messages of an address, newest first', async () => {
    const user = await registerAndConfirm(t.client());
    await t.client().post('/user/account/reset', { email: user.email });
    await t.ctx.jobs.drain(); // the reset mail is written by a background job
    const res = await t.client().get(`/dev/mailbox/messages?to=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{ messages: Record<string, unknown>[] }>();
    expect(messages.map((m) => m.template)).toEqual(['reset_password', 'confirm_email']);
    for (const m of messages) {
      expect(m).toMatchObject({ to: user.email, status: 'stored' });
      expect(Object.keys(m)).toEqual(
        expect.arrayContaining(['id', 'to', 'subject', 'text', 'html', 'created_at', 'status']),
      );
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { host: 'demo.localhost:3000' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dev mailbox');
  });

  it('do not exist in production (no mailbox, no invitations without a real inviter)', async () => {
    const secret = { DEMO_PROVIDER_SECRET: 'a-production-secret-of-its-own' };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).devRoutes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ENABLE_DEV_ROUTES: 'true', ...secret }).devRoutes).toBe(true);
    // A production demo (the demo provider runs) does not start with its development secret.
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DEPLOYMENT: 'true' })).toThrow(/DEMO_PROVIDER_SECRET/);
    const config = {
      ...t.config,
      NODE_ENV: 'production' as const,
      devRoutes: false,
      DEMO_DEPLOYMENT: true,
      demoAdapters: true,
    };
    const { app: production } = await buildApp({ config, database: t.database, partners: t.ctx.partners });
    try {
      const headers = { host: 'demo.localhost:3000', 'content-type': 'application/json' };
      const invite = await production.inject({
        method: 'POST',
        url: '/api/dev/invitations',
        headers,
        payload: JSON.stringify({ email: 'x@example.com' }),
      });
      expectErrors(invite, 404, [{ code: 'err_not_found' }]);
      const mailbox = await production.inject({ method: 'GET', url: '/api/dev/mailbox/messages', headers });
      expectErrors(mailbox, 404, [{ code: 'err_not_found' }]);
      expect((await production.inject({ method: 'GET', url: '/api/health', headers })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('OpenAPI', () => {
  it('/api/docs/json is an OpenAPI document listing the account calls', async () => {
    const res = await t.client().get('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('finportal API');
    expect(doc.paths['/api/user/account/login']).toHaveProperty('post');
    for (const path of ['/api/user/users', '/api/user/profile', '/api/user/account/change_password', '/api/config']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const login = doc.paths['/api/user/account/login']!.post as {
      requestBody?: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties)).toEqual([
      'email',
      'password',
    ]);
  });
});

describe('redactUrl', () => {
  it('masks tokens in paths and query strings', () => {
    expect(redactUrl('/api/user/account/confirm_email/abc123?x=1')).toBe(
      '/api/user/account/confirm_email/[redacted]?x=1',
    );
    expect(redactUrl('/user/account/reset/abc')).toBe('/user/account/reset/[redacted]');
    expect(redactUrl('/user/account/invite/abc/')).toBe('/user/account/invite/[redacted]/');
    expect(redactUrl('/login?confirmation_token=abc&a=b')).toBe('/login?confirmation_token=[redacted]&a=b');
    expect(redactUrl('/demo-provider/sessions/Ab-9_x')).toBe('/demo-provider/sessions/[redacted]');
    expect(redactUrl('/api/config')).toBe('/api/config');
    // Issue 25: the web app's pages behind the appointment e-mails, and upload and download URLs.
    expect(redactUrl('/appointments/cancel/abc?lng=de')).toBe('/appointments/cancel/[redacted]?lng=de');
    expect(redactUrl('/appointments/move/abc')).toBe('/appointments/move/[redacted]');
    expect(redactUrl('/api/uploads/id.tok')).toBe('/api/uploads/[redacted]');
    expect(redactUrl('/api/downloads/id.tok?inline=1')).toBe('/api/downloads/[redacted]?inline=1');
  });
});

describe('validation codes of the route schemas', () => {
  it('a missing field is err_required, a value of the wrong type err_invalid_value', async () => {
    const { createTestApp, expectErrors } = await import('../test/harness.js');
    const t = await createTestApp();
    try {
      const c = t.client('demo');
      expectErrors(await c.post('/user/account/login', { password: 'x' }), 400, [
        { code: 'err_required', field: 'email' },
      ]);
      expectErrors(await c.post('/user/account/login', { email: 42, password: 'x' }), 400, [
        { code: 'err_invalid_value', field: 'email' },
      ]);
      // The session is checked before the body (issue 25): nobody learns the fields.
      expectErrors(
        await c.post('/user/account/update_marketing_preferences', { marketing_consent_accepted: 'yes' }),
        401,
        [{ code: 'err_unauthorized' }],
      );
    } finally {
      await t.close();
    }
  });
});
