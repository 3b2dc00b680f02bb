import { describe, expect, it } from 'vitest';
import type { Profile } from '@finportal/contracts/auth';
import {
  buildUser,
  expectErrors,
  linkFrom,
  PASSWORD,
  registerAndConfirm,
  tokenFrom,
  useTestApp,
} from '../../test/harness.js';

/** Every account call of spec 1 section 7 with good input (docs/api-accounts.md). */
const t = await useTestApp();

describe('login and logout', () => {
  it('login answers {ok:true} and sets an httpOnly SameSite=Lax session cookie; the profile follows', async () => {
    const user = await registerAndConfirm(t.client());
    const c = t.client();
    const res = await c.login(user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^fp_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure'); // http in tests; https turns it on
    const profile = await c.profile();
    expect(profile).toEqual<Profile>({
      user_id: user.userId,
      email: user.email,
      emailVerified: true,
      is_email_confirmed: true,
      interface_language: 'de',
      communication_language: 'de',
      region: null,
      marketing_consent_accepted: false,
      user_kind: 'user',
    });
  });

  it('logout ends the session on the server: the old cookie then gets 401 err_session_expired', async () => {
    const c = t.client();
    await registerAndConfirm(c);
    const oldCookie = c.session!;
    const res = await c.post('/user/account/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/fp_session=;.*Expires=Thu, 01 Jan 1970/);
    expect(c.session).toBeUndefined();
    expectErrors(await c.get('/user/profile'), 401, [{ code: 'err_unauthorized' }]);

    const replay = t.client();
    replay.setCookie('fp_session', oldCookie);
    expectErrors(await replay.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
    const rows = await t.sql<{ ended_reason: string }>(
      "SELECT ended_reason FROM sessions WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')",
      [oldCookie],
    );
    expect(rows).toEqual([{ ended_reason: 'logout' }]);
  });

  it('logout without a session still answers {ok:true}', async () => {
    const res = await t.client().post('/user/account/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('register', () => {
  it('answers 201 {ok:true} without logging in and mails a confirmation link on the partner subdomain, in the communication language', async () => {
    const c = t.client();
    const user = buildUser({ interface_language: 'de', communication_language: 'en' });
    const res = await c.post('/user/users', { ...user, email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(c.session).toBeUndefined();

    const mails = await t.mailbox(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ template: 'confirm_email', language: 'en', partner_id: 'demo', status: 'stored' });
    expect(mail.subject).toBe('Please confirm your e-mail address – Demo Finanz');
    expect(linkFrom(mail)).toMatch(
      /^http:\/\/demo\.localhost:3000\/dashboard\/applications\?confirmation_token=[A-Za-z0-9_-]{43}&email_confirm_required=true$/,
    );
    expect(mail.html_body).toContain(linkFrom(mail).replace(/&/g, '&amp;')); // HTML-escaped

    const [row] = await t.sql<Record<string, unknown>>(
      'SELECT email, status, password_hash, interface_language, communication_language, email_confirmed_at, accepted_terms_at FROM users WHERE email = $1',
      [user.email],
    );
    expect(row).toMatchObject({
      email: user.email, // lowercased
      status: 'active',
      interface_language: 'de',
      communication_language: 'en',
      email_confirmed_at: null,
    });
    expect(String(row?.password_hash)).toMatch(/^\$argon2id\$/);
    expect(row?.accepted_terms_at).toBeInstanceOf(Date);
  });

  it("mails from the partner's own subdomain and stores marketing consent only where the feature is active", async () => {
    const nord = buildUser({ marketing_consent_accepted: true, communication_language: 'de' });
    expect((await t.client('nordbank').post('/user/users', nord)).statusCode).toBe(201);
    const [mail] = await t.mailbox(nord.email);
    expect(mail?.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse – Nordbank Business');
    expect(linkFrom(mail!)).toMatch(/^http:\/\/nordbank\.localhost:3000\/dashboard\/applications\?confirmation_token=/);

    const demo = buildUser({ marketing_consent_accepted: true });
    expect((await t.client('demo').post('/user/users', demo)).statusCode).toBe(201);
    const rows = await t.sql<{ email: string; marketing_consent: boolean; accepted_partner_terms_at: Date | null }>(
      'SELECT email, marketing_consent, accepted_partner_terms_at FROM users WHERE email = ANY($1) ORDER BY email',
      [[nord.email, demo.email]],
    );
    const byEmail = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(byEmail[nord.email]?.marketing_consent).toBe(true);
    expect(byEmail[nord.email]?.accepted_partner_terms_at).toBeInstanceOf(Date);
    expect(byEmail[demo.email]?.marketing_consent).toBe(false);
  });

  it('an unconfirmed account may log in; its profile says so', async () => {
    const c = t.client();
    await registerAndConfirm(c, {}, { confirm: false });
    expect(await c.profile()).toMatchObject({ emailVerified: false, is_email_confirmed: false });
  });
});

describe('confirm_email and resend_conf_email', () => {
  it('confirms logged out and answers the e-mail; the profile then says confirmed', async () => {
    const user = buildUser();
    await t.client().post('/user/users', user);
    const [mail] = await t.mailbox(user.email);
    const res = await t.client().post(`/user/account/confirm_email/${tokenFrom(mail!)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, email: user.email });

    const c = t.client();
    await c.login(user.email, user.password);
    expect(await c.profile()).toMatchObject({ emailVerified: true, is_email_confirmed: true });
  });

  it('confirms while logged in', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c, {}, { confirm: false });
    const [mail] = await t.mailbox(user.email);
    const res = await c.post(`/user/account/confirm_email/${tokenFrom(mail!)}`);
    expect(res.statusCode).toBe(200);
    expect(await c.profile()).toMatchObject({ is_email_confirmed: true });
  });

  it('resend mails a new link (the older one stops working); once confirmed it answers 400 err_email_already_confirmed', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c, { communication_language: 'pl' }, { confirm: false });
    const [first] = await t.mailbox(user.email);

    const res = await c.post('/user/account/resend_conf_email');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mails = await t.mailbox(user.email);
    expect(mails).toHaveLength(2);
    const second = mails[0]!;
    expect(second).toMatchObject({ template: 'confirm_email', language: 'pl' });
    expect(tokenFrom(second)).not.toBe(tokenFrom(first!));

    expectErrors(await c.post(`/user/account/confirm_email/${tokenFrom(first!)}`), 400, [
      { code: 'err_token_used', field: 'token' },
    ]);
    expect((await c.post(`/user/account/confirm_email/${tokenFrom(second)}`)).statusCode).toBe(200);
    expectErrors(await c.post('/user/account/resend_conf_email'), 400, [{ code: 'err_email_already_confirmed' }]);
  });

  it('resend needs a session', async () => {
    expectErrors(await t.client().post('/user/account/resend_conf_email'), 401, [{ code: 'err_unauthorized' }]);
  });
});

describe('reset and recover', () => {
  it('the mailed link sets a new password, confirms the e-mail and tells the owner by mail', async () => {
    const user = buildUser({ communication_language: 'en' });
    await t.client().post('/user/users', user);

    const res = await t.client().post('/user/account/reset', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await t.mailbox(user.email);
    expect(mail).toMatchObject({ template: 'reset_password', language: 'en' });
    expect(mail!.subject).toBe('Reset your password – Demo Finanz');
    expect(linkFrom(mail!)).toMatch(/^http:\/\/demo\.localhost:3000\/user\/account\/reset\/[A-Za-z0-9_-]{43}$/);

    const newPassword = 'Brand-New-Passw0rd';
    const recovered = await t
      .client()
      .post('/user/account/recover', { password: newPassword, token: tokenFrom(mail!) });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toEqual({ ok: true });

    expectErrors(await t.client().login(user.email, user.password), 401, [{ code: 'err_invalid_credentials' }]);
    const c = t.client();
    expect((await c.login(user.email, newPassword)).statusCode).toBe(200);
    expect(await c.profile()).toMatchObject({ is_email_confirmed: true });
    const [notice] = await t.mailbox(user.email);
    expect(notice).toMatchObject({ template: 'password_changed', language: 'en' });
  });
});

describe('invite_accept', () => {
  it('accepts an invitation: sets the password, confirms the e-mail, stores the languages and logs in', async () => {
    const email = buildUser().email;
    const inviter = t.client();
    const created = await inviter.post('/dev/invitations', { email, language: 'en' });
    expect(created.statusCode, created.body).toBe(200);
    const { token } = created.json<{ token: string }>();
    const [mail] = await t.mailbox(email);
    expect(mail).toMatchObject({ template: 'invite', language: 'en' });
    expect(linkFrom(mail!)).toBe(`http://demo.localhost:3000/user/account/invite/${token}`);

    const c = t.client();
    const res = await c.post('/user/account/invite_accept', {
      password: PASSWORD,
      token,
      accepted_terms: true,
      accepted_partner_terms: false,
      interface_language: 'pl',
      communication_language: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, email });
    expect(c.session).toBeDefined();
    expect(await c.profile()).toMatchObject({
      email,
      is_email_confirmed: true,
      interface_language: 'pl',
      communication_language: 'en',
    });
    expect((await t.client().login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('an invited account cannot log in before accepting', async () => {
    const email = buildUser().email;
    await t.client().post('/dev/invitations', { email });
    expectErrors(await t.client().login(email, PASSWORD), 401, [{ code: 'err_invalid_credentials' }]);
  });

  it('inviting an existing active account answers 409 err_email_conflict', async () => {
    const user = await registerAndConfirm(t.client());
    expectErrors(await t.client().post('/dev/invitations', { email: user.email }), 409, [
      { code: 'err_email_conflict', field: 'email' },
    ]);
  });
});

describe('change_password', () => {
  it('changes the password, keeps the current session and ends every other one', async () => {
    const current = t.client();
    const user = await registerAndConfirm(current);
    const other = t.client();
    await other.login(user.email, user.password);
    const third = t.client();
    await third.login(user.email, user.password);

    const newPassword = 'Changed-Passw0rd!';
    const res = await current.post('/user/account/change_password', {
      old_password: user.password,
      new_password: newPassword,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await current.get('/user/profile')).statusCode).toBe(200);
    expectErrors(await other.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
    expectErrors(await third.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
    expectErrors(await t.client().login(user.email, user.password), 401, [{ code: 'err_invalid_credentials' }]);
    expect((await t.client().login(user.email, newPassword)).statusCode).toBe(200);
    const [notice] = await t.mailbox(user.email);
    expect(notice?.template).toBe('password_changed');
  });

  it('a wrong old password answers 400 err_invalid_current_password on old_password and changes nothing', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c);
    expectErrors(
      await c.post('/user/account/change_password', {
        old_password: 'Wrong-Passw0rd!',
        new_password: 'Changed-Passw0rd!',
      }),
      400,
      [{ code: 'err_invalid_current_password', field: 'old_password' }],
    );
    expect((await c.get('/user/profile')).statusCode).toBe(200); // a wrong old password does not log out
    expect((await t.client().login(user.email, user.password)).statusCode).toBe(200);
  });

  it('an unconfirmed e-mail answers 403 err_email_not_confirmed', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c, {}, { confirm: false });
    expectErrors(
      await c.post('/user/account/change_password', { old_password: user.password, new_password: 'Changed-Passw0rd!' }),
      403,
      [{ code: 'err_email_not_confirmed' }],
    );
  });

  it('needs a session', async () => {
    expectErrors(
      await t
        .client()
        .post('/user/account/change_password', { old_password: PASSWORD, new_password: 'Changed-Passw0rd!' }),
      401,
      [{ code: 'err_unauthorized' }],
    );
  });
});
