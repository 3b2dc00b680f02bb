import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/env.js';
import { identProviders } from '../modules/signatures/providers/registry.js';
import { loggedInStaff } from '../test/backoffice.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { draftResponse } from '@finportal/contracts/partner-console';
import { demoAdaptersUsedBy } from './demo-adapters.js';

/**
 * Issue 25, finding 2: the demo adapters (identification and e-sign provider, company registry,
 * credit insurer, credit report) never run in production unless the deployment says it is a demo
 * (DEMO_DEPLOYMENT). Production refuses to start while a partner uses one; without them it starts
 * with no demo provider: no provider name maps to it, its pages do not exist, the console cannot
 * switch one on. Development and tests run them as before.
 */

const PRODUCTION = { NODE_ENV: 'production', DEMO_PROVIDER_SECRET: 'a-production-secret-of-its-own' };

/** A partners directory with one partner that uses no demo adapter (the vistula file, identified by hand). */
function plainPartnersDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-partners-'));
  fs.mkdirSync(path.join(dir, 'logos'));
  const vistula = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'partners/vistula.json'), 'utf8'));
  fs.copyFileSync(path.join(REPO_ROOT, 'partners/logos', vistula.logo), path.join(dir, 'logos', vistula.logo));
  fs.writeFileSync(
    path.join(dir, 'vistula.json'),
    JSON.stringify({ ...vistula, signatures: { ident_provider: 'manual' } }),
  );
  return dir;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('demo adapters in production', () => {
  it('are named per partner from its configuration', { timeout: 60_000 }, async () => {
    const t = await createTestApp();
    try {
      const used = Object.fromEntries(t.ctx.partners.all().map((p) => [p.key, demoAdaptersUsedBy(p)]));
      expect(used).toEqual({
        alpen: ['identification', 'e-sign', 'company registry', 'credit report'],
        demo: ['identification', 'e-sign', 'company registry', 'credit insurer', 'credit report'],
        nordbank: ['identification', 'e-sign', 'company registry', 'credit insurer', 'credit report'],
        vistula: ['identification', 'e-sign'],
      });
    } finally {
      await t.close();
    }
  });

  it('stop the boot while any partner uses one, naming partner and adapter', { timeout: 60_000 }, async () => {
    await expect(createTestApp(PRODUCTION)).rejects.toThrow(
      /Refusing to start[\s\S]*demo: identification, e-sign, company registry, credit insurer, credit report[\s\S]*vistula: identification, e-sign[\s\S]*DEMO_DEPLOYMENT=true/,
    );
  });

  it(
    'do not exist without DEMO_DEPLOYMENT: no provider maps to the demo provider, its pages are gone, the console cannot switch one on',
    { timeout: 120_000 },
    async () => {
      const dir = plainPartnersDir();
      dirs.push(dir);
      let t: TestApp | undefined;
      try {
        t = await createTestApp({ ...PRODUCTION, PARTNERS_DIR: dir, DEFAULT_PARTNER_KEY: 'vistula' });
        expect(t.config.demoAdapters).toBe(false);
        for (const name of ['idnow', 'swiss_sign', 'postident']) expect(identProviders(t.ctx).get(name)).toBeNull();
        const headers = { host: 'vistula.localhost:3000', origin: 'http://vistula.localhost:3000' };
        // A GET is the web app's (here: no build, 503); the demo provider's page is not there.
        const page = await t.app.inject({ method: 'GET', url: '/demo-provider/sessions/any-ref', headers });
        expect(page.statusCode).not.toBe(200);
        expect(page.body).not.toMatch(/demo/i);
        const decided = await t.app.inject({
          method: 'POST',
          url: '/demo-provider/sessions/any-ref',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'action=confirm',
        });
        // Nobody takes the form (the guard refuses a form post to an address without a route).
        expect([404, 415]).toContain(decided.statusCode);
        // A bouser switching company research on (only the demo registry answers it) is refused.
        const admin = await loggedInStaff(t, { kind: 'bouser' }, 'vistula');
        const { published } = draftResponse.parse(
          (await admin.client.get('/backoffice/partners/vistula/draft')).json(),
        );
        const refused = await admin.client.request('PUT', '/backoffice/partners/vistula/draft', {
          ...published,
          entitlements: [...published.entitlements, 'company_research'],
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().errors).toEqual([
          { code: 'err_demo_adapter_not_allowed', field: 'entitlements', values: { adapters: 'company registry' } },
        ]);
      } finally {
        await t?.close();
      }
    },
  );

  it('run in a declared demo (DEMO_DEPLOYMENT=true) and in development, as before', { timeout: 120_000 }, async () => {
    for (const env of [{ ...PRODUCTION, DEMO_DEPLOYMENT: 'true' }, {}]) {
      const t = await createTestApp(env);
      try {
        expect(t.config.demoAdapters).toBe(true);
        expect(identProviders(t.ctx).get('idnow')).not.toBeNull();
        const page = await t.app.inject({
          method: 'GET',
          url: '/demo-provider/sessions/no-such-ref',
          headers: { host: 'demo.localhost:3000' },
        });
        // The page exists; it does not know this session.
        expect(page.statusCode).toBe(404);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
      } finally {
        await t.close();
      }
    }
  });
});
