import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildUser, tokenFrom, useTestApp } from '../test/harness.js';

/** Logs never contain passwords, tokens or session cookies, even at level info. */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const t = await useTestApp({ LOG_LEVEL: 'info' }, { logStream });

it('register, confirm, login, change password, reset and invitation leave no secret in the log', async () => {
  const secrets: string[] = [];
  const user = buildUser();
  secrets.push(user.password);

  const c = t.client();
  expect((await c.post('/user/users', user)).statusCode).toBe(201);
  const confirmToken = tokenFrom((await t.mailbox(user.email))[0]!);
  secrets.push(confirmToken);
  // The token travels in the URL path here.
  expect((await c.post(`/user/account/confirm_email/${confirmToken}`)).statusCode).toBe(200);

  expect((await c.login(user.email, user.password)).statusCode).toBe(200);
  const firstCookie = c.session!;
  secrets.push(firstCookie);
  expect((await c.get('/user/profile')).statusCode).toBe(200);

  const newPassword = 'Logged-Never-Passw0rd!';
  secrets.push(newPassword);
  const changed = await c.post('/user/account/change_password', {
    old_password: user.password,
    new_password: newPassword,
  });
  expect(changed.statusCode).toBe(200);
  // A failed attempt carries a password too.
  const wrongOld = 'Wrong-Old-Passw0rd!';
  secrets.push(wrongOld);
  expect(
    (await c.post('/user/account/change_password', { old_password: wrongOld, new_password: 'Whatever-Passw0rd!' }))
      .statusCode,
  ).toBe(400);
  const wrongLogin = 'Wrong-Login-Passw0rd!';
  secrets.push(wrongLogin);
  expect((await t.client().login(user.email, wrongLogin)).statusCode).toBe(401);

  // Reset: the token in a link and then in a body.
  await t.client().post('/user/account/reset', { email: user.email });
  const resetToken = tokenFrom((await t.mailbox(user.email))[0]!);
  secrets.push(resetToken);
  const recovered = 'Recovered-Passw0rd!';
  secrets.push(recovered);
  expect((await t.client().post('/user/account/recover', { password: recovered, token: resetToken })).statusCode).toBe(
    200,
  );
  // A reused token is an error answer: still nothing in the log.
  expect((await t.client().post('/user/account/recover', { password: recovered, token: resetToken })).statusCode).toBe(
    400,
  );

  // Invitation.
  const invitee = buildUser().email;
  const { token: inviteToken } = (await t.client().post('/dev/invitations', { email: invitee })).json<{
    token: string;
  }>();
  secrets.push(inviteToken);
  const invitePassword = 'Invited-Passw0rd!';
  secrets.push(invitePassword);
  const accept = t.client();
  const accepted = await accept.post('/user/account/invite_accept', {
    password: invitePassword,
    token: inviteToken,
    accepted_terms: true,
    interface_language: 'de',
    communication_language: 'de',
  });
  expect(accepted.statusCode).toBe(200);
  secrets.push(accept.session!);
  await accept.get('/user/profile');

  const log = lines.join('');
  // The log is written (the test would prove nothing otherwise) and names the masked path.
  expect(lines.length).toBeGreaterThan(20);
  expect(log).toContain('/api/user/account/confirm_email/[redacted]');
  expect(log).toContain('/api/user/account/login');
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(7);
    expect(log, `a secret leaked into the log: ${secret}`).not.toContain(secret);
  }
  expect(log).not.toContain('fp_session=');
});

/**
 * Issue 25: a walk over every registered route with parameters. Each parameter gets a value of
 * its own; the log may show a value only where the parameter names data (an id, the partner's
 * key, a kind or version, a provider's name). A capability token (an upload or download URL, an
 * appointment's cancel and move links, an invitation), whatever its parameter is called, never
 * shows, nor does a token in the query.
 */
it('shows no token parameter of any route in the log', async () => {
  const NAMES_DATA = /^(id|[a-z][A-Za-z]*Id|key|kind|version|provider)$/;
  const withParams = t.routes.filter((r) => r.url.includes(':'));
  // The walk cannot pass vacuously: the token-bearing routes are among them.
  expect(withParams.map((r) => `${r.method} ${r.url}`)).toEqual(
    expect.arrayContaining([
      'PUT /api/uploads/:part',
      'GET /api/downloads/:part',
      'GET /api/appointments/by-token/:token',
      'POST /api/appointments/by-token/:token/cancel',
      'GET /api/user/account/invite/:token',
      'POST /api/user/account/confirm_email/:token',
    ]),
  );
  const leaks: string[] = [];
  let tokenParams = 0;
  for (const [index, route] of withParams.entries()) {
    const values: Record<string, string> = {};
    const path = route.url.slice(t.config.API_BASE_PATH.length).replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      values[name] = `mark${index}x${name}x${Math.random().toString(36).slice(2, 10)}`;
      return values[name];
    });
    const queryToken = `qmark${index}x${Math.random().toString(36).slice(2, 10)}`;
    const from = lines.length;
    const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    await t
      .client()
      .request(method, `${path}?token=${queryToken}&code=${queryToken}`, method === 'GET' ? undefined : {});
    const logged = lines.slice(from).join('');
    expect(logged, `${route.method} ${route.url} was not logged`).toContain('incoming request');
    for (const [name, value] of Object.entries(values)) {
      if (!NAMES_DATA.test(name)) tokenParams += 1;
      if (logged.includes(value) && !NAMES_DATA.test(name)) leaks.push(`${route.method} ${route.url}: :${name}`);
    }
    if (logged.includes(queryToken)) leaks.push(`${route.method} ${route.url}: ?token=`);
  }
  expect(tokenParams).toBeGreaterThanOrEqual(8);
  expect(leaks).toEqual([]);
});
