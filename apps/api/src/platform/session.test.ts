import { describe, expect, it } from 'vitest';
import {
  buildUser,
  expectErrors,
  registerAndConfirm,
  tokenFrom,
  useTestApp,
  type TestClient,
} from '../test/harness.js';
import { hashToken } from './crypto.js';

/** Server sessions: bound to user and partner, idle timeout, absolute lifetime, ended by password changes. */
const t = await useTestApp();

const sessionWhere = 'WHERE token_hash = $1';

async function loggedIn(partner = 'demo'): Promise<TestClient> {
  const c = t.client(partner);
  await registerAndConfirm(c);
  return c;
}

describe('lifetime', () => {
  it(`idle timeout: a session unused for longer than SESSION_IDLE_MINUTES answers 401 err_session_expired`, async () => {
    const c = await loggedIn();
    const idle = t.config.SESSION_IDLE_MINUTES;
    await t.sql(
      `UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2) - interval '1 second' ${sessionWhere}`,
      [hashToken(c.session!), idle],
    );
    expectErrors(await c.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
  });

  it('activity keeps a session alive: a request refreshes last_seen_at', async () => {
    const c = await loggedIn();
    const idle = t.config.SESSION_IDLE_MINUTES;
    await t.sql(`UPDATE sessions SET last_seen_at = now() - make_interval(mins => $2 - 2) ${sessionWhere}`, [
      hashToken(c.session!),
      idle,
    ]);
    expect((await c.get('/user/profile')).statusCode).toBe(200);
    const [row] = await t.sql<{ idle_seconds: number }>(
      `SELECT extract(epoch FROM now() - last_seen_at)::float8 AS idle_seconds FROM sessions ${sessionWhere}`,
      [hashToken(c.session!)],
    );
    expect(row!.idle_seconds).toBeLessThan(30);
    // Two more minutes later it is still alive, because the clock restarted.
    await t.sql(`UPDATE sessions SET last_seen_at = last_seen_at - interval '2 minutes' ${sessionWhere}`, [
      hashToken(c.session!),
    ]);
    expect((await c.get('/user/profile')).statusCode).toBe(200);
  });

  it('absolute lifetime: a session past expires_at answers 401 err_session_expired even when active', async () => {
    const c = await loggedIn();
    const [row] = await t.sql<{ hours: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM sessions ${sessionWhere}`,
      [hashToken(c.session!)],
    );
    expect(row?.hours).toBe(t.config.SESSION_ABSOLUTE_HOURS);
    await t.sql(`UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now() ${sessionWhere}`, [
      hashToken(c.session!),
    ]);
    expectErrors(await c.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
  });

  it('a session of a disabled account answers 401 err_session_expired', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c);
    await t.sql("UPDATE users SET status = 'disabled' WHERE id = $1", [user.userId]);
    expectErrors(await c.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
    expectErrors(await t.client().login(user.email, user.password), 403, [{ code: 'err_entity_disabled' }]);
  });

  it('an unknown cookie value answers 401 err_unauthorized', async () => {
    const c = t.client();
    c.setCookie('fp_session', 'x'.repeat(43));
    expectErrors(await c.get('/user/profile'), 401, [{ code: 'err_unauthorized' }]);
  });
});

describe('tokens', () => {
  it('every login gets a fresh token: two logins give two different cookies, both valid', async () => {
    const user = await registerAndConfirm(t.client());
    const a = t.client();
    const b = t.client();
    expect((await a.login(user.email, user.password)).statusCode).toBe(200);
    expect((await b.login(user.email, user.password)).statusCode).toBe(200);
    expect(a.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.session).not.toBe(b.session);
    expect((await a.profile()).user_id).toBe(user.userId);
    expect((await b.profile()).user_id).toBe(user.userId);
  });

  it('a login while logged in replaces the cookie with a new token', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c);
    const before = c.session;
    await c.login(user.email, user.password);
    expect(c.session).not.toBe(before);
  });

  it('only the hash of the token is stored', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c);
    const rows = await t.sql<{ token_hash: string; partner_id: string }>(
      'SELECT token_hash, partner_id FROM sessions WHERE user_id = $1',
      [user.userId],
    );
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(c.session!));
    expect(JSON.stringify(rows)).not.toContain(c.session!);
  });
});

describe('ending sessions', () => {
  it('a password reset ends every session of the user', async () => {
    const a = t.client();
    const user = await registerAndConfirm(a);
    const b = t.client();
    await b.login(user.email, user.password);

    await t.client().post('/user/account/reset', { email: user.email });
    const [mail] = await t.mailbox(user.email);
    const res = await t
      .client()
      .post('/user/account/recover', { password: 'Reset-Passw0rd!', token: tokenFrom(mail!) });
    expect(res.statusCode).toBe(200);

    expectErrors(await a.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
    expectErrors(await b.get('/user/profile'), 401, [{ code: 'err_session_expired' }]);
    const open = await t.sql('SELECT 1 FROM sessions WHERE user_id = $1 AND ended_at IS NULL', [user.userId]);
    expect(open).toHaveLength(0);
  });
});

describe('partners', () => {
  it('the same e-mail registers independently at two partners', async () => {
    const user = buildUser();
    expect((await t.client('demo').post('/user/users', user)).statusCode).toBe(201);
    expect(
      (await t.client('nordbank').post('/user/users', { ...user, password: 'Nordbank-Passw0rd!' })).statusCode,
    ).toBe(201);
    const rows = await t.sql<{ partner_id: string }>(
      'SELECT partner_id FROM users WHERE email = $1 ORDER BY partner_id',
      [user.email],
    );
    expect(rows.map((r) => r.partner_id)).toEqual(['demo', 'nordbank']);
    // Each partner mailed its own confirmation; confirming at one does not confirm the other.
    const [demoMail] = await t.mailbox(user.email, 'demo');
    const [nordMail] = await t.mailbox(user.email, 'nordbank');
    expect(demoMail?.template).toBe('confirm_email');
    expect(nordMail?.template).toBe('confirm_email');
    await t.client('demo').post(`/user/account/confirm_email/${tokenFrom(demoMail!)}`);

    const demo = t.client('demo');
    const nord = t.client('nordbank');
    expect((await demo.login(user.email, user.password)).statusCode).toBe(200);
    expect((await nord.login(user.email, 'Nordbank-Passw0rd!')).statusCode).toBe(200);
    // Each password works only at its own partner.
    expectErrors(await t.client('nordbank').login(user.email, user.password), 401, [
      { code: 'err_invalid_credentials' },
    ]);
    const demoProfile = await demo.profile();
    const nordProfile = await nord.profile();
    expect(demoProfile.user_id).not.toBe(nordProfile.user_id);
    expect(demoProfile.is_email_confirmed).toBe(true);
    expect(nordProfile.is_email_confirmed).toBe(false);
  });

  it('a session of partner A is refused on partner B (401), even for the same e-mail registered at both', async () => {
    const user = buildUser();
    const demo = t.client('demo');
    await registerAndConfirm(demo, { email: user.email });
    await registerAndConfirm(t.client('nordbank'), { email: user.email });

    const foreign = t.client('nordbank');
    foreign.setCookie('fp_session', demo.session!);
    expectErrors(await foreign.get('/user/profile'), 401, [{ code: 'err_unauthorized' }]);
    expectErrors(await foreign.post('/user/account/resend_conf_email'), 401, [{ code: 'err_unauthorized' }]);
    // Logging out there does not end it at home.
    await foreign.post('/user/account/logout');
    expect((await demo.profile()).email).toBe(user.email);
  });
});
