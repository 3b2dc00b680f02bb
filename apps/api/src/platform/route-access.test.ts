import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApplication } from '../test/application-factories.js';
import { applicationWithEveryPart, createApplication } from '../test/dashboard.js';
import { validExample } from '../test/fuzz-arbitraries.js';
import { createTestApp, useTestApp, type TestClient } from '../test/harness.js';
import { tableDigests } from '../test/table-digest.js';
import { installRoutePolicy, type EntityKind, type RegisteredRoute } from './route-policy.js';
import { SESSION_COOKIE, type AuthContext } from './session.js';

/**
 * The access test generated from the registered routes (ARCHITECTURE.md, "Tenancy and security
 * model"): every route declares its policy; every route that takes ids of a borrower's data
 * answers 404 to another borrower of the same partner and to a borrower of another partner,
 * 401 to nobody, and changes nothing; every `user` route answers 401 to nobody. A new route is
 * covered by registering it with its policy; nothing here lists routes by hand.
 */

// The routes are known only once the app is built; the tests below are generated from them.
const t = await useTestApp();
const apiBase = t.config.API_BASE_PATH;
const userRoutes = t.routes.filter((r) => r.access.auth === 'user');
const entityRoutes = userRoutes.filter((r) => Object.keys(r.access.entities ?? {}).length > 0);
const label = (r: Pick<RegisteredRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** Calls of the back office on a borrower's data (ADR 015): a borrower may not make them. */
const BACK_OFFICE_CALLS = new Set([`PATCH ${apiBase}/user/applications/:id/documents/:documentId`]);

/** Borrower A owns one of each kind of data; B (same partner) and C (another partner) are strangers to it. */
let owner: TestClient;
let samePartner: TestClient;
let otherPartner: TestClient;
/** C's session cookie sent to A's partner: a session of another partner is no session there. */
let otherPartnerCookieHere: TestClient;
let nobody: TestClient;
let idsOfA: Record<EntityKind, string>;

beforeAll(async () => {
  const [a, b, c] = await Promise.all([
    t.signUp('demo', { ip: '10.7.0.1' }),
    t.signUp('demo', { ip: '10.7.0.2' }),
    t.signUp('nordbank', { ip: '10.7.0.3' }),
  ]);
  [owner, samePartner, otherPartner] = [a.client, b.client, c.client];
  nobody = t.client('demo', { ip: '10.7.0.4' });
  otherPartnerCookieHere = t.client('demo', { ip: '10.7.0.5' });
  otherPartnerCookieHere.setCookie(SESSION_COOKIE, otherPartner.session!);

  idsOfA = await applicationWithEveryPart(t, owner, a.user.userId);
  // The strangers have data of their own, as real borrowers do.
  await createApplication(samePartner);
  await createApplication(otherPartner, buildApplication({ loanDuration: 24, purposeSelect: 'inventory_expansion' }));
});

/** The route's path below the API base with its parameters filled from `values`. */
function pathOf(route: RegisteredRoute, values: Record<string, unknown>): string {
  const filled = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
  return filled.slice(apiBase.length);
}

/** A request of the route that passes its schemas, with A's ids in the path. */
function requestOf(route: RegisteredRoute): { path: string; body: unknown } {
  const schema = (route.options.schema ?? {}) as { params?: unknown; body?: unknown };
  const entityIds = Object.fromEntries(
    Object.entries(route.access.entities ?? {}).map(([param, kind]) => [param, idsOfA[kind]]),
  );
  const params = (validExample(schema.params, entityIds) ?? entityIds) as Record<string, unknown>;
  return { path: pathOf(route, params), body: validExample(schema.body) ?? {} };
}

function send(client: TestClient, route: RegisteredRoute, path: string, body: unknown) {
  const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  return client.request(method, path, method === 'GET' ? undefined : body);
}

/**
 * What a stranger gets for another borrower's id: 404, so that ids are not confirmed (ADR 007).
 * A user id is compared with the caller's own and never looked up: 403 confirms nothing either.
 */
function strangerStatus(route: RegisteredRoute): number {
  const kinds = Object.values(route.access.entities ?? {});
  return kinds.every((k) => k === 'user') ? 403 : 404;
}

describe('the access policy of every route', () => {
  it('is declared by every registered API route, and the known routes are among them', () => {
    expect(t.routes.length).toBeGreaterThan(25);
    for (const route of t.routes) {
      expect(['public', 'user', 'staff', 'dev'], label(route)).toContain(route.access.auth);
    }
    const byLabel = new Map(t.routes.map((r) => [label(r), r.access]));
    expect(byLabel.get(`GET ${apiBase}/user/applications/:id`)).toEqual({
      auth: 'user',
      entities: { id: 'application' },
    });
    expect(byLabel.get(`GET ${apiBase}/user/applications`)).toEqual({ auth: 'user' });
    expect(byLabel.get(`POST ${apiBase}/user/account/login`)).toEqual({ auth: 'public' });
    expect(byLabel.get(`GET ${apiBase}/docs/json`)).toEqual({ auth: 'public' });
    // The generated tests below cannot pass vacuously.
    expect(entityRoutes.map(label)).toEqual(
      expect.arrayContaining([
        `GET ${apiBase}/user/applications/:id`,
        `PATCH ${apiBase}/user/applications/:id`,
        `GET ${apiBase}/user/applications/:id/next_status_validate`,
        `PATCH ${apiBase}/user/applications/:id/status`,
        `PATCH ${apiBase}/user/applications/:id/bankinfo`,
        `PATCH ${apiBase}/user/applications/:id/custom_field_list`,
        `GET ${apiBase}/user/applications/:id/signatories`,
        `POST ${apiBase}/user/applications/:id/signatories`,
        `PATCH ${apiBase}/user/applications/:id/signatories/:signatoryId`,
        `DELETE ${apiBase}/user/applications/:id/signatories/:signatoryId`,
        `GET ${apiBase}/user/applications/:id/register_persons`,
        `GET ${apiBase}/user/applications/:id/finance_objects`,
        `POST ${apiBase}/user/applications/:id/finance_objects`,
        `PUT ${apiBase}/user/applications/:id/finance_objects/:financeObjectId`,
        `DELETE ${apiBase}/user/applications/:id/finance_objects/:financeObjectId`,
        `GET ${apiBase}/user/applications/:id/factoring`,
        `PATCH ${apiBase}/user/applications/:id/factoring/financials`,
        `GET ${apiBase}/user/applications/:id/factoring/debitors`,
        `POST ${apiBase}/user/applications/:id/factoring/debitors`,
        `POST ${apiBase}/user/applications/:id/factoring/debitors/import`,
        `PATCH ${apiBase}/user/applications/:id/factoring/debitors/:debitorId`,
        `DELETE ${apiBase}/user/applications/:id/factoring/debitors/:debitorId`,
        `POST ${apiBase}/user/applications/:id/factoring/debitors/:debitorId/insurance_cover`,
        `POST ${apiBase}/user/applications/:id/companies`,
        `GET ${apiBase}/user/companies/:companyId`,
      ]),
    );
    expect(userRoutes.map(label)).toEqual(
      expect.arrayContaining([
        `GET ${apiBase}/user/profile`,
        `POST ${apiBase}/user/applications`,
        `GET ${apiBase}/user/company_search`,
        `GET ${apiBase}/user/filter_values`,
      ]),
    );
  });

  it('is required: an API route without one, or with a wrong one, cannot be registered', async () => {
    const small = () => {
      const app = Fastify();
      return { app, routes: installRoutePolicy(app, '/api') };
    };
    const apps: FastifyInstance[] = [];
    try {
      const root = small();
      apps.push(root.app);
      expect(() => root.app.get('/api/thing', async () => 'x')).toThrow(/GET \/api\/thing declares no access policy/);

      const plugin = small();
      apps.push(plugin.app);
      const start = async () => {
        await plugin.app.register(
          async (api) => {
            api.post('/things/:id', async () => 'x');
          },
          { prefix: '/api' },
        );
        await plugin.app.ready();
      };
      await expect(start()).rejects.toThrow(/POST \/api\/things\/:id declares no access policy/);

      const wrong = small();
      apps.push(wrong.app);
      expect(() =>
        wrong.app.get(
          '/api/things/:id',
          { config: { access: { auth: 'public', entities: { id: 'application' } } } },
          () => 'x',
        ),
      ).toThrow(/GET \/api\/things\/:id is public but takes ids/);
      expect(() =>
        wrong.app.get(
          '/api/things/:thingId',
          { config: { access: { auth: 'user', entities: { id: 'application' } } } },
          () => 'x',
        ),
      ).toThrow(/names entity parameter :id, which its path lacks/);

      // Outside the API no policy is needed; the OpenAPI pages of swagger-ui are public.
      const other = small();
      apps.push(other.app);
      other.app.get('/index.html', () => 'x');
      other.app.get('/api/docs/json', () => 'x');
      other.app.get('/api/health', { config: { access: { auth: 'public' } } }, () => 'x');
      await other.app.ready();
      expect(other.routes.map((r) => [label(r), r.access])).toEqual([
        ['GET /api/docs/json', { auth: 'public' }],
        ['GET /api/health', { auth: 'public' }],
      ]);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });

  it('puts a session check before the body and the handler of every user route, which the handler then reuses', async () => {
    const app = Fastify();
    let lookups = 0;
    app.decorateRequest('auth', async function (this: { headers: Record<string, unknown> }) {
      lookups += 1;
      if (!this.headers['x-session']) throw Object.assign(new Error('err_unauthorized'), { statusCode: 401 });
      return { sessionId: 's1', user: {} } as unknown as AuthContext;
    });
    installRoutePolicy(app, '/api');
    const order: string[] = [];
    app.get(
      '/api/mine',
      {
        config: { access: { auth: 'user' } },
        preHandler: [
          async () => {
            order.push('own preHandler');
          },
        ],
      },
      async (request) => {
        order.push('handler');
        return { session: (await request.auth()).sessionId };
      },
    );
    app.post(
      '/api/mine',
      {
        config: { access: { auth: 'user' } },
        preValidation: [
          async () => {
            order.push('own preValidation');
          },
        ],
        // A body check that always fails: nobody must get 401 before it runs.
        validatorCompiler: () => () => ({ error: new Error('the body was looked at') }),
        schema: { body: { type: 'object' } },
      },
      async () => ({ ok: true }),
    );
    try {
      const anonymous = await app.inject({ method: 'GET', url: '/api/mine' });
      expect(anonymous.statusCode).toBe(401);
      const anonymousPost = await app.inject({ method: 'POST', url: '/api/mine', payload: {} });
      expect(anonymousPost.statusCode).toBe(401);
      expect((await app.inject({ method: 'HEAD', url: '/api/mine' })).statusCode).toBe(401);
      expect(order).toEqual([]);
      lookups = 0;
      const known = await app.inject({ method: 'GET', url: '/api/mine', headers: { 'x-session': '1' } });
      expect(known.statusCode, known.body).toBe(200);
      expect(known.json()).toEqual({ session: 's1' });
      expect(order).toEqual(['own preHandler', 'handler']);
      expect(lookups).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('is checked with a digest that sees a change in any column of any table', async () => {
    const before = await tableDigests(t);
    await t.sql("UPDATE signatories SET location = location || ' ' WHERE id = $1", [idsOfA.signatory]);
    const after = await tableDigests(t);
    await t.sql('UPDATE signatories SET location = rtrim(location) WHERE id = $1', [idsOfA.signatory]);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual(['signatories']);
    expect(await tableDigests(t)).toEqual(before);
  });

  it('has no dev routes when they are switched off (production)', async () => {
    const production = await createTestApp({ ENABLE_DEV_ROUTES: 'false' });
    try {
      expect(production.routes.filter((r) => r.access.auth === 'dev').map(label)).toEqual([]);
      expect(production.routes.map(label)).toEqual(t.routes.filter((r) => r.access.auth !== 'dev').map(label));
    } finally {
      await production.close();
    }
  });
});

describe('every route that takes ids of a borrower’s data answers strangers as if the ids did not exist', () => {
  for (const route of entityRoutes) {
    it(`${label(route)}: ${strangerStatus(route)} to a borrower of the same and of another partner, 401 to nobody, nothing changed`, async () => {
      const { path, body } = requestOf(route);
      const before = await tableDigests(t);
      const expected = strangerStatus(route);
      for (const [who, client, status] of [
        ['another borrower of the same partner', samePartner, expected],
        ['a borrower of another partner', otherPartner, expected],
        ['a session of another partner at this partner', otherPartnerCookieHere, 401],
        ['nobody', nobody, 401],
      ] as const) {
        const res = await send(client, route, path, body);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        if (status === 404) {
          expect(['err_entity_not_found', 'err_not_found'], `${who}: ${res.body}`).toContain(
            res.json<{ errors: { code: string }[] }>().errors[0]?.code,
          );
        }
      }
      expect(await tableDigests(t)).toEqual(before);
      // The same request reaches the data for its owner: the ids and the body were right. A
      // back-office call reaches it too, and refuses the borrower (403, not 404: the id exists).
      const own = await send(owner, route, path, body);
      if (BACK_OFFICE_CALLS.has(label(route))) {
        expect(own.statusCode, `the owner: ${own.body}`).toBe(403);
        expect(own.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('err_no_permission');
      } else expect([401, 403, 404], `the owner: ${own.body}`).not.toContain(own.statusCode);
    });
  }
});

/**
 * Issue 25: the session comes before the body. Nobody, sending a body that fails the route's
 * schema (no fields, wrong types), gets the plain 401 of a missing session, never 400 with the
 * route's field names; a staff route answers a borrower's session the same way.
 */
describe('every route that needs a session checks it before the body', () => {
  const sessionRoutes = t.routes.filter(
    (r) => (r.access.auth === 'user' || r.access.auth === 'staff') && r.method !== 'GET' && r.method !== 'DELETE',
  );
  it('covers the borrower and staff routes with a body', () => {
    expect(sessionRoutes.map(label)).toEqual(
      expect.arrayContaining([
        `POST ${apiBase}/user/applications/:id/documents`,
        `PATCH ${apiBase}/user/applications/:id/bankinfo`,
        `PUT ${apiBase}/backoffice/partners/:key/webhook`,
      ]),
    );
  });
  for (const route of sessionRoutes) {
    it(`${label(route)}: 401 without a field for nobody with an invalid body`, async () => {
      // A's ids where the route names them, the partner's key, any id elsewhere: 401 comes first anyway.
      const path = pathOf(
        route,
        new Proxy({} as Record<string, unknown>, {
          get: (_, name: string) =>
            (route.access.entities?.[name] && idsOfA[route.access.entities[name]]) ??
            (name === 'key' ? 'demo' : name === 'version' ? '1' : '00000000-0000-4000-8000-000000000000'),
        }),
      );
      for (const body of [{}, { unknown_field: [1, 2] }, []]) {
        for (const client of route.access.auth === 'staff' ? [nobody, owner] : [nobody, otherPartnerCookieHere]) {
          const res = await send(client, route, path, body);
          expect(res.statusCode, res.body).toBe(401);
          const errors = res.json<{ errors: { code: string; field?: string }[] }>().errors;
          expect(
            errors.every((e) => e.field === undefined && e.code !== 'err_required'),
            res.body,
          ).toBe(true);
        }
      }
    });
  }
});

describe('every user route answers 401 to nobody', () => {
  for (const route of userRoutes) {
    it(`${label(route)}: 401 without a session and with another partner's session, nothing changed`, async () => {
      const { path, body } = requestOf(route);
      const before = await tableDigests(t);
      for (const client of [nobody, otherPartnerCookieHere]) {
        const res = await send(client, route, path, body);
        expect(res.statusCode, res.body).toBe(401);
      }
      expect(await tableDigests(t)).toEqual(before);
    });
  }
});
