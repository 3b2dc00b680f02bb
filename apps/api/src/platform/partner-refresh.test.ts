import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig, PartnerConfig } from '@finportal/contracts/partner';
import { buildApp } from '../app.js';
import { errorsOf, useTestApp } from '../test/harness.js';
import { PartnerRegistry, readPartnerFiles, syncPartners, type PartnerRefreshLog } from './tenancy.js';

/**
 * A partner change reaches every instance: two apps on one database, each with its own
 * partner registry (as two processes have); the second follows the partners table.
 */
const t = await useTestApp();
const secondPartners = new PartnerRegistry(
  readPartnerFiles(t.config.PARTNERS_DIR),
  t.config.DEFAULT_PARTNER_KEY,
  t.config.publicBaseDomain,
);
await secondPartners.refresh(t.ctx.db);
const { app: second } = await buildApp({ config: t.config, database: t.database, partners: secondPartners });
afterAll(() => second.close());
await second.ready();

const get = (app: FastifyInstance, url: string, host = 'nordbank.localhost:3000') =>
  app.inject({ method: 'GET', url, headers: { host } });

const partnerConfig = async (app: FastifyInstance, key = 'nordbank') => {
  const res = await get(app, `/api/partner/key/${key}/config`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PartnerConfig>();
};

const appConfig = async (app: FastifyInstance) => {
  const res = await get(app, '/api/config');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AppConfig>();
};

/** Records the registry's warnings (a test that logs console.error fails). */
function recordingLog(): PartnerRefreshLog & { lines: { obj: object; msg: string }[] } {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, warn: (obj, msg) => lines.push({ obj, msg }) };
}

describe('PATCH /api/dev/partners/:key and PartnerRegistry.refresh', () => {
  it('a change on one app is seen by a second app on the same database after refresh', async () => {
    const before = await partnerConfig(second);
    const theme = { color_link: '#123456', color_primary: '#654321', color_cta_text: '#ffffff' };
    const res = await t.client('nordbank').patch('/dev/partners/nordbank', {
      fe_theme: theme,
      currencies: { supported: ['EUR', 'CHF'], default: 'CHF' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // The app that made the change answers it at once.
    expect((await partnerConfig(t.app)).fe_theme).toEqual(theme);
    // The second one still holds its copy until it refreshes.
    expect((await partnerConfig(second)).fe_theme).toEqual(before.fe_theme);

    expect(await secondPartners.refresh(t.ctx.db)).toEqual(['nordbank']);
    const after = await partnerConfig(second);
    expect(after.fe_theme).toEqual(theme);
    // Untouched keys stay; /api/config of the partner's host agrees.
    expect(after.entitlements).toEqual(before.entitlements);
    expect((await appConfig(second)).currencies).toEqual({ supported: ['EUR', 'CHF'], default: 'CHF' });
    expect((await appConfig(t.app)).currencies).toEqual({ supported: ['EUR', 'CHF'], default: 'CHF' });

    // Nothing changed since: the next refresh reloads nothing; fields only the files have stay.
    expect(await secondPartners.refresh(t.ctx.db)).toEqual([]);
    expect(secondPartners.get('nordbank')?.logoPath).toBe(t.ctx.partners.get('nordbank')?.logoPath);
    expect((await get(second, '/api/partner/key/nordbank/logo')).statusCode).toBe(200);
  });

  it('a merged configuration the partner schema refuses is not stored (400, every field named)', async () => {
    const client = t.client('demo');
    const res = await client.patch('/dev/partners/alpen', {
      fe_theme: { color_link: 'blue', color_primary: '#000000', color_cta_text: '#ffffff' },
      display_name: '',
      no_such_setting: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = errorsOf(res).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['fe_theme.color_link', 'display_name']));
    expect(errorsOf(res).length).toBeGreaterThanOrEqual(3);

    for (const body of [{ key: 'other' }, { logo: 'missing.svg' }]) {
      const refused = await client.patch('/dev/partners/alpen', body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorsOf(refused)).toEqual([{ code: 'err_invalid_value', field: Object.keys(body)[0] }]);
    }
    expect(await secondPartners.refresh(t.ctx.db)).toEqual([]);
    expect((await partnerConfig(second, 'alpen')).key).toBe('alpen');
  });

  it('an unknown partner key answers 404; a body that is not an object 400', async () => {
    const client = t.client('demo');
    const res = await client.patch('/dev/partners/nope', { display_name: 'Nope' });
    expect(res.statusCode, res.body).toBe(404);
    expect(errorsOf(res)).toEqual([{ code: 'err_partner_not_found' }]);
    expect((await client.patch('/dev/partners/demo', [1, 2])).statusCode).toBe(400);
  });

  it('a stored configuration that fails to parse is logged and ignored; the one held stays', async () => {
    const held = secondPartners.get('vistula');
    await t.sql(
      `UPDATE partners SET config = jsonb_set(config, '{fe_theme,color_primary}', '"red"'), updated_at = now() WHERE id = 'vistula'`,
    );
    const log = recordingLog();
    expect(await secondPartners.refresh(t.ctx.db, log)).toEqual([]);
    expect(secondPartners.get('vistula')).toBe(held);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.msg).toBe('stored partner configuration ignored');
    expect(JSON.stringify(log.lines[0]?.obj)).toContain('fe_theme.color_primary');
    // Tried again only when the row changes.
    expect(await secondPartners.refresh(t.ctx.db, log)).toEqual([]);
    expect(log.lines).toHaveLength(1);

    // A fix through the dev route (merged into the stored row) is taken up again.
    const fixed = await t.client('demo').patch('/dev/partners/vistula', {
      fe_theme: { ...held!.fe_theme, color_primary: '#aa0000' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await secondPartners.refresh(t.ctx.db, log)).toEqual(['vistula']);
    expect(secondPartners.get('vistula')?.fe_theme.color_primary).toBe('#aa0000');
  });

  it('a boot stores the partner files: unchanged rows stay untouched, a changed one gets its file back', async () => {
    const files = readPartnerFiles(t.config.PARTNERS_DIR);
    await syncPartners(t.ctx.db, files);
    await secondPartners.refresh(t.ctx.db);
    const changed = await t.client('demo').patch('/dev/partners/alpen', { display_name: 'Alpen (changed)' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await secondPartners.refresh(t.ctx.db)).toEqual(['alpen']);
    expect(secondPartners.get('alpen')?.display_name).toBe('Alpen (changed)');
    // Another instance boots: rows equal to their file keep their updated_at (nobody reloads
    // them); the changed one is the file's again (config as code), and every instance follows.
    await syncPartners(t.ctx.db, files);
    expect(await secondPartners.refresh(t.ctx.db)).toEqual(['alpen']);
    expect(secondPartners.get('alpen')?.display_name).toBe(files.find((p) => p.key === 'alpen')?.display_name);
  });

  it('startRefresh follows the table on its own; stopRefresh ends it', async () => {
    secondPartners.startRefresh(t.ctx.db, 1, recordingLog());
    try {
      const res = await t.client('demo').patch('/dev/partners/demo', { display_name: 'Demo Finanz (refreshed)' });
      expect(res.statusCode, res.body).toBe(200);
      await expect
        .poll(() => secondPartners.get('demo')?.display_name, { timeout: 5_000, interval: 100 })
        .toBe('Demo Finanz (refreshed)');
    } finally {
      await secondPartners.stopRefresh();
    }
  });
});
