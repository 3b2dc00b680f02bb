import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { buildUser, createTestApp, errorsOf, expectErrors, registerAndConfirm, type TestApp } from '../test/harness.js';

/** Brute-force protection: fixed-window counters in the database, shared by every instance. */
let t: TestApp;

const LIMITS = {
  RATE_LOGIN_PER_ACCOUNT: '3',
  RATE_LOGIN_PER_IP: '5',
  RATE_REGISTER_PER_IP: '3',
  RATE_REGISTER_PER_ACCOUNT: '2',
  RATE_RESET_PER_ACCOUNT: '2',
  RATE_RESET_PER_IP: '3',
  RATE_WINDOW_MINUTES: '15',
};

beforeAll(async () => {
  t = await createTestApp(LIMITS);
});

afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A fresh client address, so that tests do not share per-IP counters. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const WRONG = 'Wrong-Passw0rd!';

/** Moves every window of these keys back past its end, as if RATE_WINDOW_MINUTES had passed. */
const endWindow = (keyPattern: string) =>
  t.sql("UPDATE rate_limits SET window_start = now() - interval '16 minutes' WHERE key LIKE $1", [keyPattern]);

describe('login per account', () => {
  it('a run of wrong logins gets 429 err_too_many_requests; a correct password is refused until the window ends', async () => {
    const user = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    const key = `login:acct:demo:${user.email}`;
    for (let i = 0; i < 3; i++) {
      // Every attempt from another address: the per-account counter does not care.
      expectErrors(await t.client('demo', { ip: freshIp() }).login(user.email, WRONG), 401, [
        { code: 'err_invalid_credentials' },
      ]);
    }
    const blocked = await t.client('demo', { ip: freshIp() }).login(user.email, WRONG);
    expectErrors(blocked, 429, [{ code: 'err_too_many_requests' }]);
    expect(errorsOf(blocked)[0]?.values).toEqual({ minutes: 15 });

    const correct = await t.client('demo', { ip: freshIp() }).login(user.email, user.password);
    expectErrors(correct, 429, [{ code: 'err_too_many_requests' }]);
    expect(correct.headers['set-cookie']).toBeUndefined();

    // The counter lives in the database.
    const [row] = await t.sql<{ count: number; window_start: Date }>(
      'SELECT count, window_start FROM rate_limits WHERE key = $1',
      [key],
    );
    expect(row?.count).toBe(5);
    expect(row?.window_start).toBeInstanceOf(Date);

    await endWindow(key);
    const after = t.client('demo', { ip: freshIp() });
    expect((await after.login(user.email, user.password)).statusCode).toBe(200);
    // A successful login clears the account's failures.
    expect(await t.sql('SELECT 1 FROM rate_limits WHERE key = $1', [key])).toHaveLength(0);
  });

  it('an unknown e-mail is limited exactly like a known one (no enumeration through the limit)', async () => {
    const email = buildUser().email;
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push((await t.client('demo', { ip: freshIp() }).login(email, WRONG)).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  it('the counter is per partner: the same e-mail at another partner is not blocked', async () => {
    const email = buildUser().email;
    await registerAndConfirm(t.client('demo', { ip: freshIp() }), { email });
    const nord = await registerAndConfirm(t.client('nordbank', { ip: freshIp() }), { email });
    for (let i = 0; i < 4; i++) await t.client('demo', { ip: freshIp() }).login(email, WRONG);
    expect((await t.client('demo', { ip: freshIp() }).login(email, WRONG)).statusCode).toBe(429);
    expect((await t.client('nordbank', { ip: freshIp() }).login(email, nord.password)).statusCode).toBe(200);
  });

  it('the counter is shared by every instance on the same database', async () => {
    const user = await registerAndConfirm(t.client('demo', { ip: freshIp() }));
    for (let i = 0; i < 3; i++) await t.client('demo', { ip: freshIp() }).login(user.email, WRONG);
    // A second instance of the API on the same database.
    const { app: second } = await buildApp({ config: t.config, database: t.database, partners: t.ctx.partners });
    try {
      const res = await second.inject({
        method: 'POST',
        url: '/api/user/account/login',
        headers: { host: 'demo.localhost:3000', 'content-type': 'application/json' },
        remoteAddress: freshIp(),
        payload: JSON.stringify({ email: user.email, password: user.password }),
      });
      expectErrors(res, 429, [{ code: 'err_too_many_requests' }]);
    } finally {
      await second.close();
    }
  });
});

describe('login per IP', () => {
  it('one address trying many accounts gets 429 after RATE_LOGIN_PER_IP attempts', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await t.client('demo', { ip }).login(buildUser().email, WRONG)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    const [row] = await t.sql<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [`login:ip:${ip}`]);
    expect(row?.count).toBe(6);
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
    expectErrors(await t.client('demo', { ip }).post('/user/users', blocked), 429, [{ code: 'err_too_many_requests' }]);
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
    const [row] = await t.sql<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [`reset:ip:${ip}`]);
    expect(row?.count).toBe(4);
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
