import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerConfig } from '@finportal/contracts/partner';
import type { DraftResponse } from '@finportal/contracts/partner-console';
import { testDatabaseUrl } from '../../config/env.js';
import { totpCode } from '../../platform/totp.js';
import {
  DEFAULT_POSTGRES_URL,
  assertPrerequisites,
  request,
  startScaleOut,
  type HttpAnswer,
  type ScaleOut,
} from './instances.js';

/**
 * The partner console on two instances (issue 13): a publish through instance 1 is what instance
 * 2 answers at the next request, long before its periodic refresh (set to 10 minutes here): the
 * publish is announced with NOTIFY and every instance listens.
 */
const SERVER_URL = testDatabaseUrl() ?? DEFAULT_POSTGRES_URL;
let cluster: ScaleOut;
let host: string;

beforeAll(async () => {
  await assertPrerequisites(SERVER_URL);
  cluster = await startScaleOut({ serverUrl: SERVER_URL, instances: 2, env: { PARTNER_REFRESH_SECONDS: '600' } });
  host = `alpen.localhost:${cluster.balancer.port}`;
});

afterAll(async () => {
  if (!cluster) return;
  const errors = cluster.instances.flatMap((i) => i.errorLines().map((line) => `instance ${i.index}: ${line}`));
  await cluster.close();
  expect(errors).toEqual([]);
});

const call = (base: string, req: { method?: string; path: string; body?: unknown; cookie?: string }) =>
  request(base, {
    ...req,
    host,
    headers: {
      ...(req.method && req.method !== 'GET' ? { origin: `http://${host}` } : {}),
      ...(req.cookie ? { cookie: req.cookie } : {}),
    },
  });

const cookieOf = (res: HttpAnswer) =>
  (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('fp_staff='))!;

describe('the partner console on two instances', () => {
  it('a publish through instance 1 is live on instance 2 at once (NOTIFY), not after its refresh', async () => {
    const [first, second] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
    const staff = await call(first.base, {
      method: 'POST',
      path: '/api/dev/staff',
      body: { kind: 'puser', partner: 'alpen', role: 'role_partner_admin' },
    });
    expect(staff.status, staff.body).toBe(201);
    const account = staff.json<{ email: string; password: string; totp_secret: string }>();
    const login = await call(first.base, {
      method: 'POST',
      path: '/api/backoffice/login',
      body: { email: account.email, password: account.password, code: totpCode(account.totp_secret) },
    });
    expect(login.status, login.body).toBe(200);
    const cookie = cookieOf(login);
    const draft = (
      await call(first.base, { path: '/api/backoffice/partners/alpen/draft', cookie })
    ).json<DraftResponse>();
    const configOf = async (base: string) =>
      (await call(base, { path: '/api/partner/key/alpen/config' })).json<PartnerConfig>();
    expect((await configOf(second.base)).parameters.customer_support_phone).toBe(
      draft.published.customer_support_phone,
    );

    const saved = await call(first.base, {
      method: 'PUT',
      path: '/api/backoffice/partners/alpen/draft',
      body: { ...draft.published, customer_support_phone: '+43 1 999 0000' },
      cookie,
    });
    expect(saved.status, saved.body).toBe(200);
    const published = await call(first.base, {
      method: 'POST',
      path: '/api/backoffice/partners/alpen/publish',
      body: {},
      cookie,
    });
    expect(published.status, published.body).toBe(200);
    await expect
      .poll(async () => (await configOf(second.base)).parameters.customer_support_phone, {
        timeout: 3_000,
        interval: 50,
      })
      .toBe('+43 1 999 0000');
  });
});
