import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildUser,
  expectErrors,
  linkFrom,
  PASSWORD,
  registerAndConfirm,
  tokenFrom,
  useTestApp,
  type TestResponse,
} from '../../test/harness.js';

/** No user enumeration through login, register and reset; single-use, expiring, partner-bound tokens. */
const t = await useTestApp();

/** What an attacker can compare: status, body and the headers that are not per-request. */
const visible = (res: TestResponse) => ({
  status: res.statusCode,
  body: res.body,
  setCookie: res.headers['set-cookie'],
  contentType: res.headers['content-type'],
  cacheControl: res.headers['cache-control'],
});

const NEW_PASSWORD = 'Recovered-Passw0rd!';

async function resetToken(email: string, partner = 'demo'): Promise<string> {
  const res = await t.client(partner).post('/user/account/reset', { email });
  expect(res.statusCode).toBe(200);
  const [mail] = await t.mailbox(email, partner);
  expect(mail?.template).toBe('reset_password');
  return tokenFrom(mail!);
}

describe('no user enumeration', () => {
  it('a wrong password and an unknown e-mail get the same 401 err_invalid_credentials', async () => {
    const user = await registerAndConfirm(t.client());
    const wrong = await t.client().login(user.email, 'Wrong-Passw0rd!');
    const unknown = await t.client().login(`nobody-${randomBytes(4).toString('hex')}@example.com`, 'Wrong-Passw0rd!');
    expectErrors(wrong, 401, [{ code: 'err_invalid_credentials' }]);
    expect(visible(unknown)).toEqual(visible(wrong));
  });

  it('registering an existing e-mail answers exactly like a new registration; the owner gets an account_exists mail', async () => {
    const owner = buildUser({ communication_language: 'en' });
    const first = await t.client().post('/user/users', owner);
    const again = await t
      .client()
      .post('/user/users', { ...buildUser(), email: owner.email, password: 'Other-Passw0rd!' });
    const fresh = await t.client().post('/user/users', buildUser());
    expect(first.statusCode).toBe(201);
    expect(visible(again)).toEqual(visible(first));
    expect(visible(fresh)).toEqual(visible(first));

    const mails = await t.mailbox(owner.email);
    expect(mails.map((m) => m.template)).toEqual(['account_exists', 'confirm_email']);
    const notice = mails[0]!;
    expect(notice.language).toBe('en');
    expect(notice.subject).toBe('Sign-up attempt with your e-mail address – Demo Finanz');
    expect(linkFrom(notice)).toBe('http://demo.localhost:3000/forgot-password');

    // The account is untouched: the first password still works, the second does not.
    expect(await t.sql('SELECT 1 FROM users WHERE email = $1', [owner.email])).toHaveLength(1);
    expect((await t.client().login(owner.email, owner.password)).statusCode).toBe(200);
    expectErrors(await t.client().login(owner.email, 'Other-Passw0rd!'), 401, [{ code: 'err_invalid_credentials' }]);
  });

  it('registering the e-mail of an unaccepted invitation sends the invitation again', async () => {
    const email = buildUser().email;
    expect((await t.client().post('/dev/invitations', { email, language: 'en' })).statusCode).toBe(200);
    const res = await t.client().post('/user/users', { ...buildUser(), email });
    expect(res.statusCode).toBe(201);
    const mails = await t.mailbox(email);
    expect(mails.map((m) => m.template)).toEqual(['invite', 'invite']);
    expect(linkFrom(mails[0]!)).toMatch(/^http:\/\/demo\.localhost:3000\/user\/account\/invite\//);
    // Only the newest invitation link works.
    const [newest, oldest] = mails.map((m) => tokenFrom(m));
    const accept = (token: string) =>
      t.client().post('/user/account/invite_accept', {
        token,
        password: PASSWORD,
        accepted_terms: true,
        interface_language: 'en',
        communication_language: 'en',
      });
    expectErrors(await accept(oldest!), 400, [{ code: 'err_token_used', field: 'token' }]);
    expect((await accept(newest!)).statusCode).toBe(200);
  });

  it('reset answers the same for known and unknown e-mails; only the known one gets mail', async () => {
    const user = await registerAndConfirm(t.client());
    const unknownEmail = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const known = await t.client().post('/user/account/reset', { email: user.email });
    const unknown = await t.client().post('/user/account/reset', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true });
    expect(visible(unknown)).toEqual(visible(known));
    expect((await t.mailbox(user.email))[0]?.template).toBe('reset_password');
    expect(await t.mailbox(unknownEmail)).toHaveLength(0);
  });
});

describe('tokens', () => {
  it('a used token answers err_token_used (confirm and recover)', async () => {
    const user = buildUser();
    await t.client().post('/user/users', user);
    const [mail] = await t.mailbox(user.email);
    const confirm = `/user/account/confirm_email/${tokenFrom(mail!)}`;
    expect((await t.client().post(confirm)).statusCode).toBe(200);
    expectErrors(await t.client().post(confirm), 400, [{ code: 'err_token_used', field: 'token' }]);

    const token = await resetToken(user.email);
    expect((await t.client().post('/user/account/recover', { password: NEW_PASSWORD, token })).statusCode).toBe(200);
    expectErrors(await t.client().post('/user/account/recover', { password: 'Another-Passw0rd!', token }), 400, [
      { code: 'err_token_used', field: 'token' },
    ]);
    expect((await t.client().login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('an expired token answers err_token_expired (confirm, reset and invite)', async () => {
    const user = buildUser();
    await t.client().post('/user/users', user);
    const [mail] = await t.mailbox(user.email);
    const resetTok = await resetToken(user.email);
    const invitee = buildUser().email;
    const { token: inviteTok } = (await t.client().post('/dev/invitations', { email: invitee })).json<{
      token: string;
    }>();

    await t.sql(
      "UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE user_id IN (SELECT id FROM users WHERE email = ANY($1))",
      [[user.email, invitee]],
    );
    expectErrors(await t.client().post(`/user/account/confirm_email/${tokenFrom(mail!)}`), 400, [
      { code: 'err_token_expired', field: 'token' },
    ]);
    expectErrors(await t.client().post('/user/account/recover', { password: NEW_PASSWORD, token: resetTok }), 400, [
      { code: 'err_token_expired', field: 'token' },
    ]);
    expectErrors(
      await t.client().post('/user/account/invite_accept', {
        password: PASSWORD,
        token: inviteTok,
        accepted_terms: true,
        interface_language: 'de',
        communication_language: 'de',
      }),
      400,
      [{ code: 'err_token_expired', field: 'token' }],
    );
    expectErrors(await t.client().login(user.email, NEW_PASSWORD), 401, [{ code: 'err_invalid_credentials' }]);
  });

  it('the token lifetimes come from the configuration', async () => {
    const user = buildUser();
    await t.client().post('/user/users', user);
    await resetToken(user.email);
    const rows = await t.sql<{ kind: string; minutes: number }>(
      `SELECT kind, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
       FROM user_tokens WHERE user_id = (SELECT id FROM users WHERE email = $1) ORDER BY kind`,
      [user.email],
    );
    expect(rows).toEqual([
      { kind: 'confirm_email', minutes: t.config.CONFIRM_TOKEN_HOURS * 60 },
      { kind: 'reset_password', minutes: t.config.RESET_TOKEN_MINUTES },
    ]);
  });

  it('a garbage token answers err_token_invalid', async () => {
    const garbage = randomBytes(32).toString('base64url');
    expectErrors(await t.client().post(`/user/account/confirm_email/${garbage}`), 400, [
      { code: 'err_token_invalid', field: 'token' },
    ]);
    expectErrors(await t.client().post('/user/account/confirm_email/short'), 400, [
      { code: 'err_token_invalid', field: 'token' },
    ]);
    expectErrors(await t.client().post('/user/account/recover', { password: NEW_PASSWORD, token: garbage }), 400, [
      { code: 'err_token_invalid', field: 'token' },
    ]);
    expectErrors(await t.client().post('/user/account/recover', { password: NEW_PASSWORD, token: 'x' }), 400, [
      { code: 'err_token_invalid', field: 'token' },
    ]);
  });

  it('a token of one kind is not accepted for another', async () => {
    const user = buildUser();
    await t.client().post('/user/users', user);
    const [mail] = await t.mailbox(user.email);
    expectErrors(
      await t.client().post('/user/account/recover', { password: NEW_PASSWORD, token: tokenFrom(mail!) }),
      400,
      [{ code: 'err_token_invalid', field: 'token' }],
    );
    expect((await t.client().post(`/user/account/confirm_email/${tokenFrom(mail!)}`)).statusCode).toBe(200);
  });

  it('a confirm token of partner A is refused on partner B and still works on A', async () => {
    const user = buildUser();
    await t.client('demo').post('/user/users', user);
    const [mail] = await t.mailbox(user.email, 'demo');
    const path = `/user/account/confirm_email/${tokenFrom(mail!)}`;
    expectErrors(await t.client('nordbank').post(path), 400, [{ code: 'err_token_invalid', field: 'token' }]);
    expect((await t.client('demo').post(path)).statusCode).toBe(200);
  });

  it('a reset token of partner A is refused on partner B', async () => {
    const user = await registerAndConfirm(t.client('demo'));
    const token = await resetToken(user.email, 'demo');
    expectErrors(await t.client('vistula').post('/user/account/recover', { password: NEW_PASSWORD, token }), 400, [
      { code: 'err_token_invalid', field: 'token' },
    ]);
    expect((await t.client('demo').post('/user/account/recover', { password: NEW_PASSWORD, token })).statusCode).toBe(
      200,
    );
  });

  it('only the newest reset token works', async () => {
    const user = await registerAndConfirm(t.client());
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect(newer).not.toBe(older);
    expectErrors(await t.client().post('/user/account/recover', { password: NEW_PASSWORD, token: older }), 400, [
      { code: 'err_token_used', field: 'token' },
    ]);
    expect((await t.client().post('/user/account/recover', { password: NEW_PASSWORD, token: newer })).statusCode).toBe(
      200,
    );
    expect((await t.client().login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('an invitation token is single-use', async () => {
    const email = buildUser().email;
    const { token } = (await t.client().post('/dev/invitations', { email })).json<{ token: string }>();
    const body = {
      password: PASSWORD,
      token,
      accepted_terms: true,
      interface_language: 'de',
      communication_language: 'de',
    };
    expect((await t.client().post('/user/account/invite_accept', body)).statusCode).toBe(200);
    expectErrors(await t.client().post('/user/account/invite_accept', { ...body, password: 'Other-Passw0rd!' }), 400, [
      { code: 'err_token_used', field: 'token' },
    ]);
    expect((await t.client().login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('only hashes of tokens are stored', async () => {
    const user = buildUser();
    await t.client().post('/user/users', user);
    const token = tokenFrom((await t.mailbox(user.email))[0]!);
    const rows = await t.sql<{ token_hash: string }>(
      'SELECT token_hash FROM user_tokens WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await t.sql('SELECT * FROM user_tokens'))).not.toContain(token);
  });
});
