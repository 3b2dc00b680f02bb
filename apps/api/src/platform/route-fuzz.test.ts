import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApplication } from '../test/application-factories.js';
import { applicationWithEveryPart, createApplication } from '../test/dashboard.js';
import {
  bodyArbitrary,
  jsonSchemaOf,
  paramsArbitrary,
  queryArbitrary,
  summarise,
  type BodyCase,
} from '../test/fuzz-arbitraries.js';
import { TestClient, useTestApp, type RegisteredUser, type TestResponse } from '../test/harness.js';
import { rowsMatching } from '../test/table-digest.js';
import type { EntityKind, RegisteredRoute } from './route-policy.js';
import { SESSION_COOKIE } from './session.js';
import { STAFF_COOKIE } from './staff-session.js';
import { newStaff, staffLogin } from '../test/backoffice.js';

/**
 * A property-based fuzz test of every registered route's request schema (fast-check; the
 * arbitraries are generated from the routes' zod schemas, see test/fuzz-arbitraries.ts):
 * valid-looking requests mixed with hostile ones (wrong types, huge strings, deep nesting,
 * control characters, prototype keys, lone surrogates, broken JSON and escapes), sent by
 * borrower A with A's ids in the path (back-office routes: a bouser on A's data) and by nobody. No answer may be a 5xx; afterwards no row
 * holds a control character or a `__proto__` key, no prototype is polluted, and the data of the
 * other accounts is unchanged.
 *
 * Bounded for CI: at most RUNS runs per route within an equal share of BUDGET_MS for all routes.
 * A failure names its seed: put it in SEED to replay it; raise both bounds for a longer local run
 * (constants, not environment variables: configuration is read through config/env.ts only).
 */

const BUDGET_MS = 45_000;
const RUNS = 50;
const SEED: number | undefined = undefined;
/**
 * Fewer runs than this on average means the budget is too small to say anything (a route whose
 * valid requests are slow may get only its first run).
 */
const MIN_AVERAGE_RUNS = 8;

// The routes are known only once the app is built; the tests below are generated from them.
const t = await useTestApp();
const apiBase = t.config.API_BASE_PATH;
// A floor per route: a route whose valid requests are slow (password hashing) gets its runs even
// when there are many routes and the machine is busy (it once got none at 250 ms on a loaded CI).
const perRouteMs = Math.max(1500, Math.floor(BUDGET_MS / t.routes.length));
const label = (r: Pick<RegisteredRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

let owner: TestClient;
let ownerUser: RegisteredUser;
/** A's session token; a fuzzed logout or password change may end it (ensureOwnerSession). */
let ownerSession: string | undefined;
let idsOfA: Partial<Record<EntityKind, string>>;
/** A bouser's session: the back-office routes are fuzzed as staff, on A's data. */
let staffSession: string | undefined;

/**
 * The ids a back-office route's path takes, by parameter name: A's application and its parts, and
 * the vistula partner for the console (left out of the partner digest: a fuzzed publish may change it).
 */
const STAFF_PARAMS: Record<string, EntityKind | 'partner'> = {
  id: 'application',
  documentId: 'document',
  signatoryId: 'signatory',
  requestId: 'data_request',
  key: 'partner',
};
const FUZZ_PARTNER = 'vistula';
/** Ids of B's (same partner) and C's (another partner) data, sent as hostile path values. */
let foreignIds: string[];
/** Users, applications and companies of B and C, and the partners, as one text per table. */
let othersBefore: Record<string, string>;
let otherUserIds: string[];
const prototypesBefore = prototypeSnapshot();

let ipCounter = 0;
/** A new client address per request: login, register and reset are rate limited per IP. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${100 + ((ipCounter >> 16) & 127)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

beforeAll(async () => {
  const [a, b, c] = await Promise.all([
    t.signUp('demo', { ip: nextIp() }),
    t.signUp('demo', { ip: nextIp() }),
    t.signUp('nordbank', { ip: nextIp() }),
  ]);
  [owner, ownerUser] = [a.client, a.user];
  ownerSession = owner.session;
  idsOfA = await applicationWithEveryPart(t, owner, ownerUser.userId);
  const ofB = await createApplication(b.client);
  const ofC = await createApplication(
    c.client,
    buildApplication({ loanDuration: 24, purposeSelect: 'inventory_expansion' }),
  );
  otherUserIds = [b.user.userId, c.user.userId];
  foreignIds = [ofB.applicationId, ofC.applicationId, ...otherUserIds];
  othersBefore = await othersDigest();
  await ensureStaffSession();
});

/** A bouser logged in again when a fuzzed request ended the staff session (logout): a new account, a fresh code. */
async function ensureStaffSession(): Promise<void> {
  const probe = new TestClient(t, 'demo', { ip: nextIp() });
  if (staffSession) {
    probe.setCookie(STAFF_COOKIE, staffSession);
    if ((await probe.get('/backoffice/me')).statusCode === 200) return;
  }
  const staff = await newStaff(t, { kind: 'bouser' });
  const login = await staffLogin(probe, staff);
  expect(login.statusCode, login.body).toBe(200);
  staffSession = probe.jarValue(STAFF_COOKIE);
}

/** What belongs to the other accounts (and the partners), as text per table. */
async function othersDigest(): Promise<Record<string, string>> {
  const digest = async (sql: string) => (await t.sql<{ d: string | null }>(sql, [otherUserIds]))[0]?.d ?? '';
  return {
    partners: await digest(
      `SELECT string_agg(x::text, E'\\n' ORDER BY x::text) AS d FROM partners x
       WHERE $1::text[] IS NOT NULL AND x.id <> '${FUZZ_PARTNER}'`,
    ),
    users: await digest(
      `SELECT string_agg(x::text, E'\\n' ORDER BY x::text) AS d FROM users x WHERE x.id::text = ANY($1::text[])`,
    ),
    applications: await digest(
      `SELECT string_agg(x::text, E'\\n' ORDER BY x::text) AS d FROM applications x WHERE x.user_id::text = ANY($1::text[])`,
    ),
    companies: await digest(
      `SELECT string_agg(x::text, E'\\n' ORDER BY x::text) AS d FROM companies x
       WHERE x.id IN (SELECT company_id FROM applications WHERE user_id::text = ANY($1::text[]))`,
    ),
  };
}

/** The own property names of the prototypes a pollution would change. */
function prototypeSnapshot(): Record<string, string[]> {
  const names = (o: object) => Object.getOwnPropertyNames(o).sort();
  return {
    Object: names(Object.prototype),
    Array: names(Array.prototype),
    Function: names(Function.prototype),
    String: names(String.prototype),
  };
}

/** Logs A in again when a fuzzed request ended the session (logout, password change). */
async function ensureOwnerSession(): Promise<void> {
  const probe = new TestClient(t, 'demo', { ip: nextIp() });
  if (ownerSession) probe.setCookie(SESSION_COOKIE, ownerSession);
  if ((await probe.get('/user/profile')).statusCode === 200) return;
  // The fuzzed logins may have counted against A's account.
  await t.sql('DELETE FROM rate_limits');
  const login = await probe.login(ownerUser.email, ownerUser.password);
  expect(login.statusCode, login.body).toBe(200);
  ownerSession = probe.session;
}

interface FuzzCase {
  params: Record<string, string>;
  query: string;
  body: BodyCase | undefined;
}

function pathOf(route: RegisteredRoute, c: FuzzCase): string {
  const filled = route.url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => c.params[name] ?? '')
    .replace(/\*$/, () => c.params['*'] ?? '');
  return `${filled.slice(apiBase.length)}${c.query ? `?${c.query}` : ''}`;
}

async function send(route: RegisteredRoute, c: FuzzCase, asOwner: boolean): Promise<TestResponse> {
  const client = new TestClient(t, 'demo', { ip: nextIp() });
  if (asOwner && route.access.auth === 'staff' && staffSession) client.setCookie(STAFF_COOKIE, staffSession);
  else if (asOwner && ownerSession) client.setCookie(SESSION_COOKIE, ownerSession);
  const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  const res =
    method === 'GET'
      ? await client.get(pathOf(route, c))
      : await client.request(
          method,
          pathOf(route, c),
          c.body?.body,
          c.body?.raw !== undefined ? { rawBody: c.body.raw } : {},
        );
  if (asOwner && route.access.auth === 'staff') staffSession = client.jarValue(STAFF_COOKIE) ?? staffSession;
  else if (asOwner) ownerSession = client.session;
  return res;
}

function describeCase(route: RegisteredRoute, c: FuzzCase): string {
  const shown = c.body?.raw !== undefined ? summarise(c.body.raw) : summarise(c.body?.body);
  return `${route.method} ${apiBase}${pathOf(route, c).slice(0, 300)} ${c.body ? `(${c.body.kind}) ${JSON.stringify(shown)}` : ''}`;
}

const runsPerRoute = new Map<string, number>();
/** The statuses answered per kind of body, to show that each kind reached the server and what it got. */
const statusesByKind = new Map<string, Set<number>>();

describe('fuzzing the request schema of every route', () => {
  for (const route of t.routes) {
    it(`${label(route)}: no 5xx for valid-looking and hostile requests, as its borrower and as nobody`, async () => {
      await ensureOwnerSession();
      if (route.access.auth === 'staff') await ensureStaffSession();
      const schema = (route.options.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
      const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
      if (route.url.endsWith('*')) names.push('*');
      const fixed =
        route.access.auth === 'staff'
          ? Object.fromEntries(
              names.flatMap((name) => {
                const kind = STAFF_PARAMS[name];
                if (kind === 'partner') return [[name, FUZZ_PARTNER]];
                return kind && idsOfA[kind] ? [[name, idsOfA[kind]!]] : [];
              }),
            )
          : Object.fromEntries(
              Object.entries(route.access.entities ?? {}).flatMap(([param, kind]) =>
                idsOfA[kind] ? [[param, idsOfA[kind]!]] : [],
              ),
            );
      const arbitrary: fc.Arbitrary<FuzzCase> = fc.record({
        // Dev routes (absent in production) act on any application of the partner by design (test
        // fixtures): they get A's ids only, never another account's.
        params: paramsArbitrary(
          names,
          jsonSchemaOf(schema.params),
          fixed,
          route.access.auth === 'dev' || route.access.auth === 'staff' ? [] : foreignIds,
        ),
        query: queryArbitrary(jsonSchemaOf(schema.querystring)),
        body: route.method === 'GET' ? fc.constant(undefined) : bodyArbitrary(jsonSchemaOf(schema.body)),
      });
      const failures: string[] = [];
      const details = await fc.check(
        fc.asyncProperty(arbitrary, async (c) => {
          for (const asOwner of [true, false]) {
            const res = await send(route, c, asOwner);
            const kind = c.body?.kind ?? 'no body';
            statusesByKind.set(kind, (statusesByKind.get(kind) ?? new Set()).add(res.statusCode));
            if (res.statusCode >= 500) {
              failures.push(
                `${asOwner ? 'borrower A' : 'nobody'}: ${describeCase(route, c)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
              );
              return false;
            }
          }
          return true;
        }),
        {
          numRuns: RUNS,
          interruptAfterTimeLimit: perRouteMs,
          markInterruptAsFailure: false,
          ...(SEED !== undefined ? { seed: SEED } : {}),
        },
      );
      runsPerRoute.set(label(route), details.numRuns);
      // The last failure is the shrunk counterexample.
      expect(
        details.failed
          ? `${failures.at(-1) ?? String(details.errorInstance)} (seed ${details.seed}, ${details.numRuns} runs, interrupted: ${details.interrupted})`
          : null,
      ).toBeNull();
      expect(details.numRuns, 'runs within the time budget').toBeGreaterThanOrEqual(1);
    });
  }

  it('stored nothing unexpected and changed nothing of the other accounts', async () => {
    // Every route was fuzzed (the tests above ran first, in this file's order).
    expect([...runsPerRoute.keys()]).toEqual(t.routes.map(label));
    const total = [...runsPerRoute.values()].reduce((a, b) => a + b, 0);
    expect(total, 'runs within the time budget').toBeGreaterThanOrEqual(MIN_AVERAGE_RUNS * t.routes.length);
    // The fuzzing was not vacuous: valid-looking requests were served, hostile ones refused.
    const seen = (kind: string) => [...(statusesByKind.get(kind) ?? [])];
    expect(
      seen('valid-looking').some((s) => s >= 200 && s < 300),
      String(seen('valid-looking')),
    ).toBe(true);
    expect(seen('control-characters')).toContain(400);
    expect(seen('prototype-keys')).toContain(400);
    expect(seen('huge-string')).toContain(413);
    // Control characters other than tab, line feed and carriage return, raw or as JSON escapes
    // (jsonb writes them as \u00XX), C1 controls, line separators and bidirectional controls
    // (issue 25), and __proto__ keys (a key of a JSON object: after { or , and followed by a
    // colon; a string that merely contains "__proto__", as a fuzzed e-mail may, is fine).
    expect(
      await rowsMatching(
        t,
        '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]|\\\\u00[01][0-9a-fA-F]|\\\\u(00[89][0-9a-fA-F]|202[89a-eA-E]|206[6-9])|[{,]\\s*"+__proto__"+\\s*:',
      ),
    ).toEqual([]);
    expect(prototypeSnapshot()).toEqual(prototypesBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await othersDigest()).toEqual(othersBefore);
  });
});
