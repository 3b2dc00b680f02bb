import { describe, expect, it } from 'vitest';
import { newStaff, staffLogin } from '../test/backoffice.js';
import { registerAndConfirm, useTestApp, type TestResponse } from '../test/harness.js';
import { totpCode } from './totp.js';
import { STAFF_COOKIE } from './staff-session.js';

/**
 * Issue 25, findings 3 and 4, on PGlite and on PostgreSQL (TEST_DATABASE_URL): the login
 * throttles hold under parallel requests, and a stranger cannot lock a staff member out.
 *
 * 3: each attempt is counted before its password or code is checked, so N parallel guesses never
 *    evaluate more than the throttle allows. The free attempts are 5 per account and address and
 *    20 per account (the defaults); the first wait is 1 s and doubles, so a batch that takes E
 *    seconds may see a few more attempts through as waits end: at most log2(E + 1) + 1 per key.
 * 4: a browser that has logged in to a staff account before is exempt from the account-wide
 *    block, as the borrowers' browsers are (ADR 010, ADR 032).
 */
const t = await useTestApp();
const FREE = 5;
const FREE_ACCOUNT = 20;

let ipCounter = 0;
const freshIp = () => `10.25.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** How many more attempts may pass while a batch of `ms` runs, as the waits (1 s, 2 s, 4 s …) end. */
const slack = (ms: number) => Math.floor(Math.log2(ms / 1000 + 1)) + 1;

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

const countOf = (responses: TestResponse[], status: number) => responses.filter((r) => r.statusCode === status).length;

describe('parallel guesses (issue 25, finding 3)', () => {
  it('borrower login: 120 parallel wrong passwords from one address evaluate no more than the free attempts', async () => {
    const user = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    const ip = freshIp();
    const { result, ms } = await timed(() =>
      Promise.all(Array.from({ length: 120 }, () => t.client('demo', { ip }).login(user.email, 'Wrong-Passw0rd!'))),
    );
    const [{ n }] = (await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login_failed' AND user_id = $1`,
      [user.userId],
    )) as [{ n: number }];
    expect(countOf(result, 401)).toBe(n);
    expect(countOf(result, 401) + countOf(result, 429)).toBe(120);
    expect(n, `${n} passwords checked in ${Math.round(ms)} ms`).toBeGreaterThanOrEqual(FREE);
    expect(n, `${n} passwords checked in ${Math.round(ms)} ms`).toBeLessThanOrEqual(FREE + slack(ms));
  });

  it('staff code: 120 parallel wrong codes (right password) from one address evaluate no more than the free attempts', async () => {
    const staff = await newStaff(t, { kind: 'bouser' });
    const ip = freshIp();
    const { result, ms } = await timed(() =>
      Promise.all(
        Array.from({ length: 120 }, (_, i) => staffLogin(t.client('demo', { ip }), staff, String(100000 + i))),
      ),
    );
    const [{ n }] = (await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'staff.login_failed' AND user_id = $1`,
      [staff.id],
    )) as [{ n: number }];
    expect(countOf(result, 401)).toBe(n);
    expect(n, `${n} codes checked in ${Math.round(ms)} ms`).toBeLessThanOrEqual(FREE + slack(ms));
  });

  it('staff code: 4 addresses × 60 parallel guesses evaluate no more than the account allows, the right code among them', async () => {
    const staff = await newStaff(t, { kind: 'bouser' });
    const ips = [freshIp(), freshIp(), freshIp(), freshIp()];
    const right = totpCode(staff.totpSecret);
    const { result, ms } = await timed(() =>
      Promise.all([
        ...Array.from({ length: 240 }, (_, i) => {
          const guess = String(100000 + i);
          return staffLogin(t.client('demo', { ip: ips[i % 4]! }), staff, guess === right ? '999999' : guess);
        }),
        // The right code, sent last.
        staffLogin(t.client('demo', { ip: ips[0]! }), staff, right),
      ]),
    );
    const [{ n }] = (await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'staff.login_failed' AND user_id = $1`,
      [staff.id],
    )) as [{ n: number }];
    const sessions = countOf(result, 200);
    // Every guess that was judged is counted: the wrong ones failed, at most one right one passed.
    expect(countOf(result, 401)).toBe(n);
    expect(n + sessions, `${n} codes checked in ${Math.round(ms)} ms`).toBeLessThanOrEqual(
      Math.min(FREE * 4, FREE_ACCOUNT) + 4 * slack(ms),
    );
    expect(countOf(result, 429)).toBeGreaterThanOrEqual(241 - FREE_ACCOUNT - 4 * slack(ms));
  });
});

describe('a stranger guessing a staff password (issue 25, finding 4)', () => {
  it('does not lock out the owner on their usual browser; an unknown browser waits', async () => {
    const staff = await newStaff(t, { kind: 'bouser' });
    const owner = t.client('demo', { ip: freshIp() });
    expect((await staffLogin(owner, staff)).statusCode).toBe(200);
    expect(owner.jarValue('fp_staff_device')).toBeTruthy();
    await owner.post('/backoffice/logout');
    // 30 failures from changing addresses: the account-wide allowance (20) is long spent.
    for (let i = 0; i < 30; i++) {
      const res = await t.client('demo', { ip: freshIp() }).post('/backoffice/login', {
        email: staff.email,
        password: 'Wrong-Passw0rd!',
        code: '123456',
      });
      expect([401, 429]).toContain(res.statusCode);
    }
    const [row] = await t.sql<{ count: number }>(`SELECT count FROM rate_limits WHERE key = $1`, [
      `staff-login:fail:${staff.email}`,
    ]);
    expect(row!.count).toBeGreaterThanOrEqual(20);
    // The account as the probe found it: blocked for the next 15 minutes (no wait may pass while this test runs).
    await t.sql(`UPDATE rate_limits SET blocked_until = now() + interval '15 minutes' WHERE key = $1`, [
      `staff-login:fail:${staff.email}`,
    ]);
    // The code of the first login was used: the owner's next login takes a new one.
    await t.sql('UPDATE staff_users SET totp_last_step = 0 WHERE id = $1', [staff.id]);
    const back = await staffLogin(owner, staff);
    expect(back.statusCode, back.body).toBe(200);
    expect(owner.jarValue(STAFF_COOKIE)).toBeTruthy();
    // A browser that never logged in to the account waits, and is told how long.
    await t.sql('UPDATE staff_users SET totp_last_step = 0 WHERE id = $1', [staff.id]);
    const stranger = await staffLogin(t.client('demo', { ip: freshIp() }), staff);
    expect(stranger.statusCode, stranger.body).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
  });
});
