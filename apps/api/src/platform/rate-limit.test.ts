import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { buildUser, errorsOf, expectErrors, registerAndConfirm, useTestApp, type TestApp } from '../test/harness.js';

/**
 * Brute-force protection in the database, shared by every instance: fixed-window counters per
 * address and account, and the login throttle (growing waits per account and address; ADR 010).
 * Every 429 says when to retry.
 */
const LIMITS = {
  LOGIN_FREE_FAILURES: '3',
  LOGIN_FREE_FAILURES_ACCOUNT: '6',
  RATE_LOGIN_PER_IP: '5',
  RATE_REGISTER_PER_IP: '3',
  RATE_REGISTER_PER_ACCOUNT: '2',
  RATE_RESET_PER_ACCOUNT: '2',
  RATE_RESET_PER_IP: '3',
  RATE_WINDOW_MINUTES: '15',
};

const t = await useTestApp(LIMITS);

let ipCounter = 0;
/** A fresh client address, so that tests do not share per-IP counters. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const WRONG = 'Wrong-Passw0rd!';

/** Moves every window of these keys back past its end, as if RATE_WINDOW_MINUTES had passed. */
const endWindow = (keyPattern: string) =>
  t.sql("UPDATE rate_limits SET window_start = now() - interval '16 minutes' WHERE key LIKE $1", [keyPattern]);

/** The login's failure counters of an account (all addresses) and of one address. */
const accountKey = (email: string, partner = 'demo') => `login:fail:${partner}:${email}`;
const pairKey = (email: string, ip: string, partner = 'demo') => `login:fail:${partner}:${email}:${ip}`;
/** Ends every block of these keys, as if the wait had passed. */
const endBlock = async (keyPattern: string, ip?: string) => {
  await t.sql("UPDATE rate_limits SET blocked_until = now() - interval '1 second' WHERE key LIKE $1", [keyPattern]);
  // The address's own window (RATE_LOGIN_PER_IP = 5 here) is not what these tests are about.
  if (ip) await endWindow(`login:ip:${ip}`);
};

function expectRetryAfter(res: Awaited<ReturnType<ReturnType<TestApp['client']>['login']>>, min: number, max: number) {
  expectErrors(res, 429, [{ code: 'err_too_many_requests' }]);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds, `Retry-After: ${res.headers['retry-after']}`).toBeGreaterThanOrEqual(min);
  expect(seconds).toBeLessThanOrEqual(max);
  expect(errorsOf(res)[0]?.values).toEqual({ seconds, minutes: Math.ceil(seconds / 60) });
}

describe('login per account and address (LOGIN_FREE_FAILURES = 3)', () => {
  it('after the free failures each attempt waits, growing; the 429 says how long (Retry-After)', async () => {
    const ip = freshIp();
    const user = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    for (let i = 0; i < 3; i++) {
      expectErrors(await t.client('demo', { ip }).login(user.email, WRONG), 401, [{ code: 'err_invalid_credentials' }]);
    }
    // The 4th attempt waits 1 s, even with the right password: no password is checked while blocked.
    const blocked = await t.client('demo', { ip }).login(user.email, user.password);
    expectRetryAfter(blocked, 1, 1);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // The wait passes; the next failure doubles it.
    await endBlock(pairKey(user.email, ip), ip);
    expectErrors(await t.client('demo', { ip }).login(user.email, WRONG), 401, [{ code: 'err_invalid_credentials' }]);
    expectRetryAfter(await t.client('demo', { ip }).login(user.email, WRONG), 2, 2);
    await endBlock(pairKey(user.email, ip), ip);
    await t.client('demo', { ip }).login(user.email, WRONG);
    expectRetryAfter(await t.client('demo', { ip }).login(user.email, WRONG), 3, 4);

    // The counters live in the database; a success clears them.
    const [row] = await t.sql<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [
      pairKey(user.email, ip),
    ]);
    expect(row?.count).toBe(5);
    await endBlock(pairKey(user.email, ip), ip);
    expect((await t.client('demo', { ip }).login(user.email, user.password)).statusCode).toBe(200);
    expect(await t.sql('SELECT 1 FROM rate_limits WHERE key = $1', [pairKey(user.email, ip)])).toHaveLength(0);
    // The account's failures from all addresses are not forgiven by one success.
    expect(await t.sql('SELECT 1 FROM rate_limits WHERE key = $1', [accountKey(user.email)])).toHaveLength(1);
  });

  it('a stranger cannot lock the owner out: wrong passwords from anywhere leave the owner’s browser free', async () => {
    const ownerIp = freshIp();
    const owner = t.client('demo', { ip: ownerIp });
    const user = await registerAndConfirm(owner); // this browser has logged in: a known device
    expect(owner.jarValue('fp_device')).toBeTruthy();
    await owner.post('/user/account/logout');
    // Ten wrong passwords from ten addresses (the account-wide allowance is 6).
    for (let i = 0; i < 10; i++) await t.client('demo', { ip: freshIp() }).login(user.email, WRONG);
    // Even from the attacker's own address, the owner's browser gets in.
    const fromOwner = await owner.login(user.email, user.password);
    expect(fromOwner.statusCode, fromOwner.body).toBe(200);
    // A browser that never logged in to the account waits (account-wide throttle), and is told how long.
    expectRetryAfter(await t.client('demo', { ip: freshIp() }).login(user.email, user.password), 1, 15 * 60);
  });

  it('one address’s failures do not slow another address down', async () => {
    const user = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    const attacker = freshIp();
    for (let i = 0; i < 4; i++) await t.client('demo', { ip: attacker }).login(user.email, WRONG);
    expectRetryAfter(await t.client('demo', { ip: attacker }).login(user.email, WRONG), 1, 2);
    expect((await t.client('demo', { ip: freshIp() }).login(user.email, WRONG)).statusCode).toBe(401);
  });

  it('an unknown e-mail is limited exactly like a known one (no enumeration through the limit)', async () => {
    const known = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    for (const email of [buildUser().email, known.email]) {
      const ip = freshIp();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await t.client('demo', { ip }).login(email, WRONG)).statusCode);
      expect(answers).toEqual([401, 401, 401, 429]);
    }
  });

  it('the counter is per partner: the same e-mail at another partner is not blocked', async () => {
    const email = buildUser().email;
    const ip = freshIp();
    await registerAndConfirm(t.client('demo', { ip: freshIp() }), { email });
    const nord = await registerAndConfirm(t.client('nordbank', { ip: freshIp() }), { email });
    for (let i = 0; i < 3; i++) await t.client('demo', { ip }).login(email, WRONG);
    expect((await t.client('demo', { ip }).login(email, WRONG)).statusCode).toBe(429);
    expect((await t.client('nordbank', { ip }).login(email, nord.password)).statusCode).toBe(200);
  });

  it('the counter is shared by every instance on the same database', async () => {
    const user = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    const ip = freshIp();
    // A second instance of the API on the same database (built first: the 1 s wait below must
    // not pass while it starts on a busy machine).
    const { app: second } = await buildApp({ config: t.config, database: t.database, partners: t.ctx.partners });
    try {
      for (let i = 0; i < 3; i++) await t.client('demo', { ip }).login(user.email, WRONG);
      const res = await second.inject({
        method: 'POST',
        url: '/api/user/account/login',
        headers: { host: 'demo.localhost:3000', 'content-type': 'application/json' },
        remoteAddress: ip,
        payload: JSON.stringify({ email: user.email, password: user.password }),
      });
      expectErrors(res, 429, [{ code: 'err_too_many_requests' }]);
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      await second.close();
    }
  });

  it('change password: a wrong current password is throttled the same way, per account', async () => {
    const c = t.client('demo', { ip: freshIp() });
    await registerAndConfirm(c);
    const wrong = { old_password: WRONG, new_password: 'Another-Passw0rd!' };
    for (let i = 0; i < 3; i++) {
      expectErrors(await c.post('/user/account/change_password', wrong), 400, [
        { code: 'err_invalid_current_password', field: 'old_password' },
      ]);
    }
    const blocked = await c.post('/user/account/change_password', wrong);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
  });
});

describe('login per IP', () => {
  it('one address trying many accounts gets 429 after RATE_LOGIN_PER_IP attempts', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await t.client('demo', { ip }).login(buildUser().email, WRONG)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await t.client('demo', { ip }).login(buildUser().email, WRONG);
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60); // the rest of the 15-minute window
    expect(retry).toBeLessThanOrEqual(15 * 60);
    const [row] = await t.sql<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [`login:ip:${ip}`]);
    expect(row?.count).toBe(7);
    // Another address is not affected.
    expect((await t.client('demo', { ip: freshIp() }).login(buildUser().email, WRONG)).statusCode).toBe(401);
  });
});

describe('register per IP', () => {
  it('answers 429 after RATE_REGISTER_PER_IP registrations from one address', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await t.client('demo', { ip }).post('/user/users', buildUser())).statusCode);
    expect(answers).toEqual([201, 201, 201, 429]);
    const blocked = buildUser();
    const refused = await t.client('demo', { ip }).post('/user/users', blocked);
    expectErrors(refused, 429, [{ code: 'err_too_many_requests' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.sql('SELECT 1 FROM users WHERE email = $1', [blocked.email])).toHaveLength(0);
    expect((await t.client('demo', { ip: freshIp() }).post('/user/users', buildUser())).statusCode).toBe(201);
    await endWindow(`register:ip:${ip}`);
    expect((await t.client('demo', { ip }).post('/user/users', buildUser())).statusCode).toBe(201);
  });
});

describe('register per account', () => {
  it('limits repeats of one address (each would mail its owner), whatever the client address', async () => {
    const user = buildUser();
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await t.client('demo', { ip: freshIp() }).post('/user/users', user)).statusCode);
    expect(answers).toEqual([201, 201, 429]);
    // One confirmation and one account_exists notice; the third attempt mailed nothing.
    expect((await t.mailbox(user.email)).map((m) => m.template).sort()).toEqual(['account_exists', 'confirm_email']);
  });
});

describe('reset', () => {
  it('per IP: 429 after RATE_RESET_PER_IP requests from one address', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(
        (await t.client('demo', { ip }).post('/user/account/reset', { email: buildUser().email })).statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 429]);
    const refused = await t.client('demo', { ip }).post('/user/account/reset', { email: buildUser().email });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = await t.sql<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [`reset:ip:${ip}`]);
    expect(row?.count).toBe(5);
  });

  it('per account: 429 after RATE_RESET_PER_ACCOUNT requests for one e-mail, known or unknown alike', async () => {
    const user = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    const unknown = buildUser().email;
    for (const email of [user.email, unknown]) {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push((await t.client('demo', { ip: freshIp() }).post('/user/account/reset', { email })).statusCode);
      }
      expect(answers).toEqual([200, 200, 429]);
    }
    expect((await t.mailbox(user.email)).filter((m) => m.template === 'reset_password')).toHaveLength(2);
  });
});
