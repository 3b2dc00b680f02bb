import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerConfig } from '@finportal/contracts/partner';
import { testDatabaseUrl } from '../../config/env.js';
import {
  DEFAULT_POSTGRES_URL,
  assertPrerequisites,
  request,
  startScaleOut,
  type HttpAnswer,
  type HttpRequest,
  type ScaleOut,
} from './instances.js';

/**
 * Two instances of the built API behind nginx (round robin) on one PostgreSQL database act as
 * one: sessions, logout, the login throttle and partner changes hold on every instance.
 * Real processes and real HTTP; needs `apps/api/dist` and a PostgreSQL server (never skipped).
 */
const SERVER_URL = testDatabaseUrl() ?? DEFAULT_POSTGRES_URL;
const PASSWORD = 'Start-Passw0rd!';
const PARTNER_REFRESH_SECONDS = 1;

let cluster: ScaleOut;
/** The portal's address as a browser of the demo partner uses it: demo.localhost on nginx's port. */
let host: string;
let origin: string;

beforeAll(async () => {
  await assertPrerequisites(SERVER_URL);
  cluster = await startScaleOut({
    serverUrl: SERVER_URL,
    instances: 2,
    env: {
      PARTNER_REFRESH_SECONDS: String(PARTNER_REFRESH_SECONDS),
      LOGIN_FREE_FAILURES: '3',
    },
  });
  host = `demo.localhost:${cluster.balancer.port}`;
  origin = `http://${host}`;
});

afterAll(async () => {
  if (!cluster) return;
  const errors = cluster.instances.flatMap((i) => i.errorLines().map((line) => `instance ${i.index}: ${line}`));
  await cluster.close();
  // An error an instance logged (an unhandled one answers 500) fails the file, with the line.
  expect(errors).toEqual([]);
});

const [first, second] = [() => cluster.instances[0]!, () => cluster.instances[1]!];

/** A request as the demo partner's browser sends it, to `base` (nginx or one instance directly). */
function call(base: string, req: HttpRequest & { cookie?: string }): Promise<HttpAnswer> {
  const mutating = req.method !== undefined && req.method !== 'GET';
  return request(base, {
    ...req,
    host,
    headers: {
      ...(mutating ? { origin } : {}),
      ...(req.cookie ? { cookie: req.cookie } : {}),
      ...req.headers,
    },
  });
}

function sessionCookie(res: HttpAnswer): string {
  const cookie = (res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('fp_session='));
  if (!cookie) throw new Error(`no session cookie in the answer (${res.status}): ${res.body}`);
  return cookie;
}

/** Registers an account through nginx; its e-mail stays unconfirmed (login does not need it). */
async function register(): Promise<string> {
  const email = `scale-${randomBytes(5).toString('hex')}@example.com`;
  const res = await call(cluster.balancer.base, {
    method: 'POST',
    path: '/api/user/users',
    body: {
      email,
      password: PASSWORD,
      accepted_terms: true,
      interface_language: 'de',
      communication_language: 'de',
    },
  });
  expect(res.status, res.body).toBe(201);
  return email;
}

async function login(base: string, email: string): Promise<string> {
  const res = await call(base, {
    method: 'POST',
    path: '/api/user/account/login',
    body: { email, password: PASSWORD },
  });
  expect(res.status, res.body).toBe(200);
  return sessionCookie(res);
}

const profile = (base: string, cookie: string) => call(base, { path: '/api/user/profile', cookie });

describe('two instances behind nginx, one PostgreSQL database', () => {
  it('a session made through nginx is valid on each instance and through nginx, which alternates', async () => {
    const email = await register();
    // The confirmation mail is written once, by whichever instance took the registration.
    const mails = await cluster.sql<{ template: string }>('SELECT template FROM mail_outbox WHERE to_address = $1', [
      email,
    ]);
    expect(mails.map((m) => m.template)).toEqual(['confirm_email']);

    const cookie = await login(cluster.balancer.base, email);
    for (const instance of cluster.instances) {
      const res = await profile(instance.base, cookie);
      expect(res.status, `instance ${instance.index}: ${res.body}`).toBe(200);
      expect(res.json<{ email: string }>().email).toBe(email);
    }
    const served: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await profile(cluster.balancer.base, cookie);
      expect(res.status, res.body).toBe(200);
      served.push(String(res.headers['x-upstream']));
    }
    // nginx names the instance that answered; round robin: both, five times each.
    const ports = cluster.instances.map((i) => `127.0.0.1:${i.port}`);
    expect(new Set(served)).toEqual(new Set(ports));
    for (const port of ports) expect(served.filter((s) => s === port)).toHaveLength(5);
  });

  it('a logout through one instance ends the session on both', async () => {
    const email = await register();
    const cookie = await login(second().base, email);
    expect((await profile(first().base, cookie)).status).toBe(200);

    const out = await call(first().base, { method: 'POST', path: '/api/user/account/logout', body: {}, cookie });
    expect(out.status, out.body).toBeLessThan(300);
    for (const base of [first().base, second().base, cluster.balancer.base]) {
      const res = await profile(base, cookie);
      expect(res.status, `${base}: ${res.body}`).toBe(401);
    }
  });

  it('the login throttle counts across both: the 4th wrong password (LOGIN_FREE_FAILURES = 3) answers 429 with Retry-After', async () => {
    const email = await register();
    // The same client behind the balancer: nginx would send its address in X-Forwarded-For.
    const headers = { 'x-forwarded-for': '198.51.100.23' };
    const attempt = (base: string) =>
      call(base, {
        method: 'POST',
        path: '/api/user/account/login',
        body: { email, password: 'Wrong-Passw0rd!' },
        headers,
      });
    const answers: HttpAnswer[] = [];
    for (let i = 0; i < 4; i++) answers.push(await attempt(i % 2 === 0 ? first().base : second().base));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it(`a partner change through instance 1 is seen by instance 2 within PARTNER_REFRESH_SECONDS (${PARTNER_REFRESH_SECONDS} s)`, async () => {
    const theme = { color_link: '#0a7b3e', color_primary: '#0a7b3e', color_cta_text: '#ffffff' };
    const configOf = async (base: string) => {
      const res = await call(base, { path: '/api/partner/key/demo/config' });
      expect(res.status, res.body).toBe(200);
      return res.json<PartnerConfig>();
    };
    expect((await configOf(second().base)).fe_theme).not.toEqual(theme);

    const changed = await call(first().base, {
      method: 'PATCH',
      path: '/api/dev/partners/demo',
      body: { fe_theme: theme },
    });
    expect(changed.status, changed.body).toBe(200);
    expect((await configOf(first().base)).fe_theme).toEqual(theme);
    // The next refresh of instance 2 takes it up (the poll allows for a slow, shared machine).
    await expect
      .poll(async () => (await configOf(second().base)).fe_theme, { timeout: 5_000, interval: 100 })
      .toEqual(theme);
    // Through nginx, whichever instance answers.
    for (let i = 0; i < 4; i++) expect((await configOf(cluster.balancer.base)).fe_theme).toEqual(theme);
  });

  it('when an instance dies, nginx sends everything to the other and the session lives on', async () => {
    const email = await register();
    const cookie = await login(cluster.balancer.base, email);
    await second().kill();
    for (let i = 0; i < 6; i++) {
      const res = await profile(cluster.balancer.base, cookie);
      expect(res.status, res.body).toBe(200);
      expect(res.headers['x-upstream']).toContain(`127.0.0.1:${first().port}`);
    }
    // A mutating call too: nginx retries it on the other instance only while nothing was sent (connection refused).
    const out = await call(cluster.balancer.base, {
      method: 'POST',
      path: '/api/user/account/logout',
      body: {},
      cookie,
    });
    expect(out.status, out.body).toBeLessThan(300);
    expect((await profile(first().base, cookie)).status).toBe(401);
  });
});
