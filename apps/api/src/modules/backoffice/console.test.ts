import { describe, expect, it } from 'vitest';
import { draftResponse, versionsResponse, type ConsoleConfig } from '@finportal/contracts/partner-console';
import { partnerConfigResponse } from '@finportal/contracts/partner';
import { loggedInStaff, solidPng } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';
import { STAFF_COOKIE } from '../../platform/staff-session.js';
import { readPartnerFiles, syncPartners } from '../../platform/tenancy.js';

const t = await useTestApp();

const config = async (client = t.client('alpen')) => {
  const res = await client.get('/partner/key/alpen/config');
  expect(res.statusCode, res.body).toBe(200);
  return { body: partnerConfigResponse.parse(res.json()), cacheControl: res.headers['cache-control'] };
};

describe('the partner console', () => {
  it('refuses an unreadable theme, saves a draft that only its admin previews, publishes it, restores the first version', async () => {
    const admin = await loggedInStaff(t, { kind: 'puser', partner: 'alpen', role: 'role_partner_admin' }, 'alpen');
    const initial = draftResponse.parse((await admin.client.get('/backoffice/partners/alpen/draft')).json());
    expect(initial).toMatchObject({
      key: 'alpen',
      has_changes: false,
      published_version: null,
      can_edit_entitlements: false,
    });
    const original = initial.published;

    // White text on yellow cannot be read: refused, with the ratio found.
    const unreadable: ConsoleConfig = {
      ...original,
      fe_theme: { ...original.fe_theme, color_primary: '#ffd43b', color_cta_text: '#ffffff' },
    };
    const refused = await admin.client.request('PUT', '/backoffice/partners/alpen/draft', unreadable);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        code: 'err_contrast_too_low',
        field: 'fe_theme.color_cta_text',
        values: { ratio: 1.42, required: 4.5, against: '#ffd43b' },
      },
    ]);

    const changed: ConsoleConfig = {
      ...original,
      fe_theme: { ...original.fe_theme, color_primary: '#0b5d1e', color_cta_text: '#ffffff' },
      customer_support_phone: '+43 1 555 0199',
    };
    const saved = await admin.client.request('PUT', '/backoffice/partners/alpen/draft', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(draftResponse.parse(saved.json())).toMatchObject({
      has_changes: true,
      draft_updated_by: admin.account.email,
    });

    // The public portal still shows the published configuration, and is never cached.
    const before = await config();
    expect(before.body.fe_theme.color_primary).toBe(original.fe_theme.color_primary);
    expect(before.cacheControl).toBe('no-cache');

    // The admin's preview: the draft in this browser only.
    const preview = await admin.client.post('/backoffice/partners/alpen/preview');
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = await config(admin.client);
    expect(previewed.body).toMatchObject({ is_preview: true, fe_theme: { color_primary: '#0b5d1e' } });
    expect(previewed.body.parameters.customer_support_phone).toBe('+43 1 555 0199');
    expect(previewed.cacheControl).toBe('private, no-store');
    const appConfig = await admin.client.get('/config');
    expect(appConfig.statusCode).toBe(200);
    // A preview cookie without the staff session shows nothing of the draft.
    const stranger = t.client('alpen');
    stranger.setCookie('fp_preview', 'alpen');
    expect((await config(stranger)).body).not.toHaveProperty('is_preview');
    expect((await admin.client.request('DELETE', '/backoffice/partners/alpen/preview')).statusCode).toBe(200);
    expect((await config(admin.client)).body.is_preview).toBeUndefined();

    const published = await admin.client.post('/backoffice/partners/alpen/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(draftResponse.parse(published.json())).toMatchObject({ has_changes: false, published_version: 2 });
    const after = await config();
    expect(after.body.fe_theme.color_primary).toBe('#0b5d1e');
    expect(after.body.parameters.customer_support_phone).toBe('+43 1 555 0199');
    expect((await admin.client.post('/backoffice/partners/alpen/publish')).json()).toEqual({
      errors: [{ code: 'err_nothing_to_publish' }],
    });

    // A boot with the partner file does not undo what the console published.
    await syncPartners(t.ctx.db, readPartnerFiles(t.config.PARTNERS_DIR));
    await t.ctx.partners.refresh(t.ctx.db);
    expect((await config()).body.fe_theme.color_primary).toBe('#0b5d1e');

    const versions = versionsResponse.parse(
      (await admin.client.get('/backoffice/partners/alpen/versions')).json(),
    ).versions;
    expect(versions.map((v) => [v.version, v.published_by])).toEqual([
      [2, admin.account.email],
      [1, null],
    ]);
    const restored = await admin.client.post('/backoffice/partners/alpen/versions/1/restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await config()).body.fe_theme.color_primary).toBe(original.fe_theme.color_primary);
    const again = versionsResponse.parse(
      (await admin.client.get('/backoffice/partners/alpen/versions')).json(),
    ).versions;
    expect(again[0]).toMatchObject({ version: 3, restored_from: 1 });
    expect((await admin.client.post('/backoffice/partners/alpen/versions/9/restore')).statusCode).toBe(404);

    const trail = await t.sql<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'partner' AND entity_id = 'alpen' ORDER BY id",
    );
    expect(trail.map((r) => r.action)).toEqual(['partner.draft_saved', 'partner.published', 'partner.restored']);
  });

  it('entitlements are the operator’s; the draft is checked like a partner file', async () => {
    const admin = await loggedInStaff(
      t,
      { kind: 'puser', partner: 'nordbank', role: 'role_partner_admin' },
      'nordbank',
    );
    const operator = await loggedInStaff(t, { kind: 'bouser' }, 'nordbank');
    const { published } = draftResponse.parse((await admin.client.get('/backoffice/partners/nordbank/draft')).json());
    const fewer = { ...published, entitlements: published.entitlements.slice(1) };
    const byAdmin = await admin.client.request('PUT', '/backoffice/partners/nordbank/draft', fewer);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ errors: [{ code: 'err_no_permission', field: 'entitlements' }] });
    expect((await operator.client.request('PUT', '/backoffice/partners/nordbank/draft', fewer)).statusCode).toBe(200);

    const bad = await admin.client.request('PUT', '/backoffice/partners/nordbank/draft', {
      ...published,
      customer_support_email: 'not-an-address',
      languages: { supported: ['de'], default: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['customer_support_email', 'languages']);
    // A staff cookie is no borrower session on the portal.
    const carried = t.client('nordbank');
    carried.setCookie('fp_session', admin.client.jarValue(STAFF_COOKIE)!);
    expect((await carried.get('/user/profile')).statusCode).toBe(401);
  });
});

describe('the console logo', () => {
  it('takes a PNG into the draft, shows it in the preview only, and live after publishing', async () => {
    const admin = await loggedInStaff(t, { kind: 'puser', partner: 'vistula', role: 'role_partner_admin' }, 'vistula');
    const png = solidPng(64, 32);
    // The bytes as they are (the test client sends strings, which would re-encode them).
    const send = (bytes: Buffer | string, type = 'image/png') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/backoffice/partners/vistula/draft/logo',
        headers: {
          host: 'vistula.localhost:3000',
          origin: 'http://vistula.localhost:3000',
          'content-type': type,
          cookie: `fp_staff=${admin.client.jarValue(STAFF_COOKIE)}`,
        },
        payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
      });
    expect((await send('<svg onload="alert(1)"/>', 'image/svg+xml')).statusCode).toBe(415);
    expect((await send('GIF89a not a png')).json()).toEqual({
      errors: [{ code: 'err_file_content_mismatch', field: 'logo' }],
    });
    expect((await send(solidPng(8, 8))).json().errors[0]).toMatchObject({ code: 'err_invalid_value', field: 'logo' });

    const uploaded = await send(png);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const draft = draftResponse.parse(uploaded.json());
    expect(draft.draft.logo).toMatch(/^upload-[a-f0-9]{32}\.png$/);
    expect(draft.has_changes).toBe(true);
    // Saving the draft without the logo keeps it.
    const { logo: _logo, ...withoutLogo } = draft.draft;
    const saved = draftResponse.parse(
      (await admin.client.request('PUT', '/backoffice/partners/vistula/draft', withoutLogo)).json(),
    );
    expect(saved.draft.logo).toBe(draft.draft.logo);

    const logoOf = async (client = t.client('vistula')) => {
      const config = partnerConfigResponse.parse((await client.get('/partner/key/vistula/config')).json());
      const url = new URL(config.logo_url, 'http://vistula.localhost:3000');
      const res = await client.get(`${url.pathname.replace('/api', '')}${url.search}`);
      return { url: config.logo_url, res };
    };
    const before = await logoOf();
    expect(before.url).toBe('/api/partner/key/vistula/logo?v=vistula.svg');
    expect(before.res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await admin.client.post('/backoffice/partners/vistula/preview')).statusCode).toBe(200);
    const previewed = await logoOf(admin.client);
    expect(previewed.url).toContain(draft.draft.logo!);
    expect(previewed.res.rawPayload.equals(png)).toBe(true);

    expect((await admin.client.post('/backoffice/partners/vistula/publish')).statusCode).toBe(200);
    const live = await logoOf();
    expect(live.url).toBe(`/api/partner/key/vistula/logo?v=${draft.draft.logo}`);
    expect(live.res.headers['content-type']).toBe('image/png');
    expect(live.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(live.res.rawPayload.equals(png)).toBe(true);
    // Back to the partner file's logo for the other tests.
    expect((await admin.client.post('/backoffice/partners/vistula/versions/1/restore')).statusCode).toBe(200);
  });
});

describe('a logo that does not exist (issue 25)', () => {
  it('is refused in a draft and at publishing, and the logo route answers 404, never 500', async () => {
    const admin = await loggedInStaff(
      t,
      { kind: 'puser', partner: 'nordbank', role: 'role_partner_admin' },
      'nordbank',
    );
    const { published } = draftResponse.parse((await admin.client.get('/backoffice/partners/nordbank/draft')).json());
    const ghost = `upload-${'ab'.repeat(16)}.png`;
    for (const logo of [ghost, 'no-such-logo.svg']) {
      const refused = await admin.client.request('PUT', '/backoffice/partners/nordbank/draft', { ...published, logo });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toEqual([{ code: 'err_logo_not_found', field: 'logo' }]);
    }
    // A draft that names it all the same (written before this check, or by hand) is not published.
    await t.sql(
      `INSERT INTO partner_drafts (partner_id, config, updated_at) VALUES ('nordbank', $1::jsonb, now())
       ON CONFLICT (partner_id) DO UPDATE SET config = EXCLUDED.config`,
      [JSON.stringify({ ...published, logo: ghost })],
    );
    const publish = await admin.client.post('/backoffice/partners/nordbank/publish');
    expect(publish.statusCode, publish.body).toBe(400);
    expect(publish.json().errors).toEqual([{ code: 'err_logo_not_found', field: 'logo' }]);
    expect((await t.client('nordbank').get('/partner/key/nordbank/logo')).statusCode).toBe(200);
    await t.sql(`DELETE FROM partner_drafts WHERE partner_id = 'nordbank'`);

    // A live configuration naming a missing logo (a store that lost the file): 404, not 500.
    await t.sql(
      `UPDATE partners SET config = jsonb_set(config, '{logo}', to_jsonb($1::text)), updated_at = now() + interval '1 millisecond' WHERE id = 'nordbank'`,
      [ghost],
    );
    await t.ctx.partners.refresh(t.ctx.db);
    try {
      const res = await t.client('nordbank').get(`/partner/key/nordbank/logo?v=${ghost}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ errors: [{ code: 'err_not_found' }] });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await t.sql(
        `UPDATE partners SET config = jsonb_set(config, '{logo}', to_jsonb($1::text)), updated_at = now() + interval '1 millisecond' WHERE id = 'nordbank'`,
        [published.logo],
      );
      await t.ctx.partners.refresh(t.ctx.db);
    }
  });
});
