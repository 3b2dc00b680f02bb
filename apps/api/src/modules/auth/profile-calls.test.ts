import { describe, expect, it } from 'vitest';
import type { Profile } from '@finportal/contracts/auth';
import { expectErrors, registerAndConfirm, useTestApp } from '../../test/harness.js';

/**
 * The profile calls of spec 1 section 7 with good input (docs/api-accounts.md; auth/profile.ts):
 * GET and PATCH /user/profile and update_marketing_preferences. The account flows:
 * account-calls.test.ts.
 */
const t = await useTestApp();

describe('profile', () => {
  it('GET /user/profile needs a session (401 err_unauthorized)', async () => {
    expectErrors(await t.client().get('/user/profile'), 401, [{ code: 'err_unauthorized' }]);
  });

  it('PATCH changes the languages; another user id answers 403', async () => {
    const c = t.client();
    const me = await registerAndConfirm(c);
    const other = await registerAndConfirm(t.client());

    const res = await c.patch(`/user/profile/${me.userId}`, { interface_language: 'en', communication_language: 'pl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Profile>()).toMatchObject({ interface_language: 'en', communication_language: 'pl' });
    expect(await c.profile()).toMatchObject({ interface_language: 'en', communication_language: 'pl' });

    const partial = await c.patch(`/user/profile/${me.userId}`, { interface_language: 'fr' });
    expect(partial.json<Profile>()).toMatchObject({ interface_language: 'fr', communication_language: 'pl' });

    expectErrors(await c.patch(`/user/profile/${other.userId}`, { interface_language: 'en' }), 403, [
      { code: 'err_no_permission' },
    ]);
    const [otherRow] = await t.sql<{ interface_language: string }>(
      'SELECT interface_language FROM users WHERE id = $1',
      [other.userId],
    );
    expect(otherRow?.interface_language).toBe('de');
  });

  it('PATCH without a session answers 401', async () => {
    const user = await registerAndConfirm(t.client());
    expectErrors(await t.client().patch(`/user/profile/${user.userId}`, { interface_language: 'en' }), 401, [
      { code: 'err_unauthorized' },
    ]);
  });
});

describe('update_marketing_preferences', () => {
  it('nordbank (feature active) stores the consent and answers the same field', async () => {
    const c = t.client('nordbank');
    await registerAndConfirm(c);
    for (const value of [true, false, true]) {
      const res = await c.post('/user/account/update_marketing_preferences', { marketing_consent_accepted: value });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ marketing_consent_accepted: value });
      expect(await c.profile()).toMatchObject({ marketing_consent_accepted: value });
    }
  });

  it('demo (feature not active) answers 403 err_feature_not_active', async () => {
    const c = t.client('demo');
    await registerAndConfirm(c);
    expectErrors(
      await c.post('/user/account/update_marketing_preferences', { marketing_consent_accepted: true }),
      403,
      [{ code: 'err_feature_not_active' }],
    );
    expect(await c.profile()).toMatchObject({ marketing_consent_accepted: false });
  });

  it('an unconfirmed e-mail may change the consent (ADR 002); no session answers 401', async () => {
    const c = t.client('nordbank');
    await registerAndConfirm(c, {}, { confirm: false });
    const res = await c.post('/user/account/update_marketing_preferences', { marketing_consent_accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marketing_consent_accepted: true });
    expectErrors(
      await t
        .client('nordbank')
        .post('/user/account/update_marketing_preferences', { marketing_consent_accepted: true }),
      401,
      [{ code: 'err_unauthorized' }],
    );
  });
});
