import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectErrors, registerAndConfirm, type TestApp } from '../../test/harness.js';

/**
 * Settings calls of an account whose e-mail is not confirmed yet (issue 9 findings 5 and 7,
 * ADR 002): marketing consent can always be withdrawn (GDPR art. 7 (3)); change_password waits
 * for the confirmation and says so; a wrong current password has its own code.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const consentRows = (userId: string) =>
  t.sql<{ data: { accepted: boolean } }>(
    "SELECT data FROM audit_log WHERE user_id = $1 AND action = 'user.marketing_consent' ORDER BY created_at",
    [userId],
  );

describe('an unconfirmed e-mail', () => {
  it('withdraws the marketing consent given at sign-up and may give it again; the password waits', async () => {
    const c = t.client('nordbank');
    const user = await registerAndConfirm(c, { marketing_consent_accepted: true }, { confirm: false });
    expect(await c.profile()).toMatchObject({ is_email_confirmed: false, marketing_consent_accepted: true });

    const withdrawn = await c.post('/user/account/update_marketing_preferences', { marketing_consent_accepted: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ marketing_consent_accepted: false });
    expect(await c.profile()).toMatchObject({ marketing_consent_accepted: false });

    const given = await c.post('/user/account/update_marketing_preferences', { marketing_consent_accepted: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(await c.profile()).toMatchObject({ marketing_consent_accepted: true });
    expect((await consentRows(user.userId)).map((r) => r.data.accepted)).toEqual([false, true]);

    // The password waits for the confirmation (its notice would go to an unproven address).
    expectErrors(
      await c.post('/user/account/change_password', { old_password: user.password, new_password: 'Changed-Passw0rd!' }),
      403,
      [{ code: 'err_email_not_confirmed' }],
    );
    expect((await c.get('/user/profile')).statusCode).toBe(200);
    expect((await t.client('nordbank').login(user.email, user.password)).statusCode).toBe(200);
    expect((await t.mailbox(user.email)).map((m) => m.template)).toEqual(['confirm_email']);
  });
});

describe('change_password', () => {
  it('a wrong current password is err_invalid_current_password on old_password, not the login error', async () => {
    const c = t.client();
    await registerAndConfirm(c);
    expectErrors(
      await c.post('/user/account/change_password', {
        old_password: 'Wrong-Passw0rd!',
        new_password: 'Changed-Passw0rd!',
      }),
      400,
      [{ code: 'err_invalid_current_password', field: 'old_password' }],
    );
  });
});
