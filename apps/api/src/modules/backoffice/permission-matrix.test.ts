import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_FIELDS } from '@finportal/contracts/partner-console';
import { COMPLETE_SIGNATORY, createApplication, openInformationRequest, seed } from '../../test/dashboard.js';
import { loggedInStaff, newStaff, staffLogin } from '../../test/backoffice.js';
import { useTestApp, type TestClient } from '../../test/harness.js';
import type { RegisteredRoute } from '../../platform/route-policy.js';
import { STAFF_COOKIE } from '../../platform/staff-session.js';
import { SESSION_COOKIE } from '../../platform/session.js';

/**
 * The permission matrix of the back office (issue 13) over every staff route: the operator's
 * bouser, a partner admin and a partner user of the application's partner, the same roles of
 * another partner, a borrower and nobody. The expected answers are written out here, apart from
 * the matrix in contracts, so that a change to either is noticed.
 */
const t = await useTestApp();
const apiBase = t.config.API_BASE_PATH;
const label = (r: Pick<RegisteredRoute, 'method' | 'url'>) => `${r.method} ${r.url.slice(apiBase.length)}`;

type Role = 'bouser' | 'admin' | 'user' | 'otherAdmin' | 'otherUser' | 'borrower' | 'nobody';
/** ok: the call is let through (2xx, or a 409/400 of the case's state); else the status expected. */
type Expect = 'ok' | 401 | 403 | 404;

/** The console of the application's partner (demo): its admin and the operator; a partner user has none. */
const CONSOLE = {
  bouser: 'ok',
  admin: 'ok',
  user: 403,
  otherAdmin: 404,
  otherUser: 403,
  borrower: 401,
  nobody: 401,
} as const;
const OWN = {
  bouser: 'ok',
  admin: 'ok',
  user: 'ok',
  otherAdmin: 404,
  otherUser: 404,
  borrower: 401,
  nobody: 401,
} as const;
const ANY_STAFF = {
  bouser: 'ok',
  admin: 'ok',
  user: 'ok',
  otherAdmin: 'ok',
  otherUser: 'ok',
  borrower: 401,
  nobody: 401,
} as const;

const MATRIX: Record<string, Record<Role, Expect>> = {
  'GET /backoffice/me': ANY_STAFF,
  'GET /backoffice/applications': ANY_STAFF,
  'GET /backoffice/applications.csv': ANY_STAFF,
  'GET /backoffice/staff': ANY_STAFF,
  'GET /backoffice/applications/:id': OWN,
  'PATCH /backoffice/applications/:id/status': OWN,
  'PUT /backoffice/applications/:id/pricing': OWN,
  'POST /backoffice/applications/:id/assign': OWN,
  'GET /backoffice/applications/:id/documents/:documentId/download_url': OWN,
  'GET /backoffice/audit': OWN,
  'POST /backoffice/applications/:id/requests': OWN,
  'DELETE /backoffice/applications/:id/requests/:requestId': OWN,
  'POST /backoffice/applications/:id/documents/:documentId/reject': OWN,
  'PATCH /backoffice/applications/:id/documents/:documentId': OWN,
  'POST /backoffice/applications/:id/contracts/:kind/generate': OWN,
  'PUT /backoffice/applications/:id/contracts/:kind': OWN,
  'POST /backoffice/applications/:id/signatories/:signatoryId/invite': OWN,
  'POST /backoffice/applications/:id/signatories/:signatoryId/identification': OWN,
  'PATCH /backoffice/applications/:id/signatories/:signatoryId/email': OWN,
  'GET /backoffice/applications/:id/signing_records': OWN,
  'GET /backoffice/partners/:key/draft': CONSOLE,
  'PUT /backoffice/partners/:key/draft': CONSOLE,
  'PUT /backoffice/partners/:key/draft/logo': CONSOLE,
  'POST /backoffice/partners/:key/publish': CONSOLE,
  'GET /backoffice/partners/:key/versions': CONSOLE,
  'POST /backoffice/partners/:key/versions/:version/restore': CONSOLE,
  'POST /backoffice/partners/:key/preview': CONSOLE,
  'DELETE /backoffice/partners/:key/preview': CONSOLE,
  'GET /backoffice/partners/:key/webhook': CONSOLE,
  'PUT /backoffice/partners/:key/webhook': CONSOLE,
  'POST /backoffice/partners/:key/webhook/rotate_secret': CONSOLE,
  'GET /backoffice/partners/:key/webhook/deliveries': CONSOLE,
  'POST /backoffice/partners/:key/webhook/deliveries/:deliveryId/replay': CONSOLE,
};
/** Routes outside the matrix: the login (public) and the logout (tested below, it ends the session). */
const ELSEWHERE = new Set(['POST /backoffice/login', 'POST /backoffice/logout']);

const staffRoutes = t.routes.filter((r) => r.url.startsWith(`${apiBase}/backoffice`));
let clients: Record<Role, TestClient>;
let applicationId: string;
let documentId: string;
let requestId: string;
let signatoryId: string;

beforeAll(async () => {
  const borrower = await t.signUp('demo', { ip: '10.8.0.1' });
  applicationId = (await createApplication(borrower.client)).applicationId;
  await seed(t, applicationId, {
    status: 'Submitted',
    documents: [{ document_type: 'annual_statement_2024' }],
    signatories: [COMPLETE_SIGNATORY],
  });
  signatoryId = (
    await t.sql<{ id: string }>('SELECT id FROM signatories WHERE application_id = $1', [applicationId])
  )[0]!.id;
  documentId = (await t.sql<{ id: string }>('SELECT id FROM documents WHERE application_id = $1', [applicationId]))[0]!
    .id;
  requestId = await openInformationRequest(t, applicationId);
  const demo = t.ctx.partners.get('demo')!;
  BODIES['PUT /backoffice/partners/:key/draft'] = Object.fromEntries(CONSOLE_FIELDS.map((f) => [f, demo[f]]));
  const [bouser, admin, user, otherAdmin, otherUser] = await Promise.all([
    loggedInStaff(t, { kind: 'bouser' }),
    loggedInStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_admin' }),
    loggedInStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_user' }),
    loggedInStaff(t, { kind: 'puser', partner: 'nordbank', role: 'role_partner_admin' }, 'nordbank'),
    loggedInStaff(t, { kind: 'puser', partner: 'nordbank', role: 'role_partner_user' }, 'nordbank'),
  ]);
  const changed = { ...(BODIES['PUT /backoffice/partners/:key/draft'] as object), display_name: 'Demo Bank (matrix)' };
  expect((await bouser.client.request('PUT', '/backoffice/partners/demo/draft', changed)).statusCode).toBe(200);
  expect((await bouser.client.post('/backoffice/partners/demo/publish')).statusCode).toBe(200);
  // An endpoint and one delivery of it, for the webhook routes.
  await t.sql(
    `INSERT INTO webhook_endpoints (partner_id, url, secret) VALUES ('demo', 'https://hooks.bank.example/x', 'whsec_c2VjcmV0')`,
  );
  await t.sql(
    `INSERT INTO webhook_deliveries (id, partner_id, event_type, payload) VALUES ('msg_matrix', 'demo', 'application.created', '{}')`,
  );
  clients = {
    bouser: bouser.client,
    admin: admin.client,
    user: user.client,
    otherAdmin: otherAdmin.client,
    otherUser: otherUser.client,
    borrower: borrower.client,
    nobody: t.client('demo', { ip: '10.8.0.9' }),
  };
});

const BODIES: Record<string, unknown> = {
  'POST /backoffice/partners/:key/publish': {},
  'POST /backoffice/partners/:key/versions/:version/restore': {},
  'POST /backoffice/partners/:key/preview': {},
  'PUT /backoffice/partners/:key/webhook': { url: 'https://hooks.bank.example/finportal' },
  'POST /backoffice/partners/:key/webhook/rotate_secret': {},
  'POST /backoffice/partners/:key/webhook/deliveries/:deliveryId/replay': {},
  'PATCH /backoffice/applications/:id/status': { status: 'PreCheck', reason: 'matrix test' },
  'PUT /backoffice/applications/:id/pricing': { interest_rate: 5, transaction_fee: 100 },
  'POST /backoffice/applications/:id/assign': { assignee: 'me' },
  'POST /backoffice/applications/:id/requests': { kind: 'information', message: 'matrix test question' },
  'POST /backoffice/applications/:id/documents/:documentId/reject': { reason: 'matrix test reason' },
  'PATCH /backoffice/applications/:id/documents/:documentId': { is_client_visible: true },
  'POST /backoffice/applications/:id/signatories/:signatoryId/identification': { note: 'matrix identification' },
  'PATCH /backoffice/applications/:id/signatories/:signatoryId/email': { email: 'matrix.correction@company.example' },
};

/** Routes whose body is a file, not JSON. */
const RAW: Record<string, { body: string; type: string }> = {
  'PUT /backoffice/applications/:id/contracts/:kind': { body: '%PDF-1.4\n%%EOF\n', type: 'application/pdf' },
  'PUT /backoffice/partners/:key/draft/logo': { body: 'not a png', type: 'image/png' },
};

function pathOf(route: RegisteredRoute): string {
  const path = route.url
    .slice(apiBase.length)
    .replace(':id', applicationId)
    .replace(':documentId', documentId)
    .replace(':requestId', requestId)
    .replace(':key', 'demo')
    .replace(':version', '1')
    .replace(':deliveryId', 'msg_matrix')
    .replace(':kind', 'loan_contract')
    .replace(':signatoryId', signatoryId);
  return path === '/backoffice/audit' ? `${path}?application_id=${applicationId}` : path;
}

describe('the back-office permission matrix', () => {
  it('covers every back-office route', () => {
    const labels = staffRoutes.map(label).filter((l) => !ELSEWHERE.has(l));
    expect(labels.sort()).toEqual(Object.keys(MATRIX).sort());
    for (const route of staffRoutes) {
      if (label(route) !== 'POST /backoffice/login') expect(route.access.auth, label(route)).toBe('staff');
    }
  });

  for (const [routeLabel, expected] of Object.entries(MATRIX)) {
    it(`${routeLabel}: ${JSON.stringify(expected)}`, async () => {
      const route = staffRoutes.find((r) => label(r) === routeLabel)!;
      for (const role of Object.keys(expected) as Role[]) {
        const raw = RAW[routeLabel];
        const res = await clients[role].request(
          route.method as 'GET',
          pathOf(route),
          route.method === 'GET' ? undefined : BODIES[routeLabel],
          raw ? { rawBody: raw.body, headers: { 'content-type': raw.type } } : {},
        );
        const want = expected[role];
        if (want === 'ok') {
          expect([200, 201, 400, 409], `${role}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${role}: ${res.body}`).toBe(want);
        }
      }
    });
  }

  it('colleagues: a partner’s staff see the operator and their own partner’s staff, never another partner’s', async () => {
    const list = async (client: TestClient, query = '') => {
      const res = await client.get(`/backoffice/staff${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().staff as { kind: string; partner_id: string | null }[]).map((m) => m.partner_id ?? m.kind);
    };
    expect(new Set(await list(clients.user))).toEqual(new Set(['bouser', 'demo']));
    expect(await list(clients.otherAdmin, '?partner=demo')).toEqual([]);
    expect(new Set(await list(clients.bouser, '?partner=nordbank'))).toEqual(new Set(['bouser', 'nordbank']));
  });

  it('a partner user of another partner finds nothing of it in the queue', async () => {
    const res = await clients.otherUser.get('/backoffice/applications');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { partner_id: string }) => i.partner_id)).not.toContain('demo');
    const filtered = await clients.otherAdmin.get('/backoffice/applications?partner=demo');
    expect(filtered.json()).toMatchObject({ items: [], total: 0, total_exact: true, has_more: false });
  });

  it('a partner user may not approve; a puser logs in on its own partner only; a staff session is no session elsewhere', async () => {
    const pricedBy = await loggedInStaff(t, { kind: 'bouser' });
    await seed(t, applicationId, { status: 'Final_Review' });
    await t.sql(
      'UPDATE applications SET final_interest_rate = 5, pricing_set_by = $2, pricing_set_at = now() WHERE id = $1',
      [applicationId, pricedBy.account.id],
    );
    const byUser = await clients.user.patch(`/backoffice/applications/${applicationId}/status`, {
      status: 'Approved',
      reason: 'partner user',
    });
    expect(byUser.statusCode, byUser.body).toBe(403);
    expect(byUser.json()).toEqual({ errors: [{ code: 'err_no_permission' }] });

    const nordbankAdmin = await newStaff(t, { kind: 'puser', partner: 'nordbank', role: 'role_partner_admin' });
    const wrongHost = await staffLogin(t.client('demo', { ip: '10.8.1.1' }), nordbankAdmin);
    expect(wrongHost.statusCode).toBe(401);
    expect(wrongHost.json()).toEqual({ errors: [{ code: 'err_invalid_credentials' }] });

    // A demo staff cookie on nordbank's host, a staff cookie as a borrower's, and the reverse.
    const carried = t.client('nordbank', { ip: '10.8.1.2' });
    carried.setCookie(STAFF_COOKIE, clients.bouser.jarValue(STAFF_COOKIE)!);
    expect((await carried.get('/backoffice/me')).statusCode).toBe(401);
    const asBorrower = t.client('demo', { ip: '10.8.1.3' });
    asBorrower.setCookie(SESSION_COOKIE, clients.bouser.jarValue(STAFF_COOKIE)!);
    expect((await asBorrower.get('/user/applications')).statusCode).toBe(401);
  });

  it('a staff session is refused on every borrower write, a borrower session on every back-office route', async () => {
    const writes = t.routes.filter((r) => r.access.auth === 'user' && r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) {
      const path = route.url.slice(apiBase.length).replace(/:([A-Za-z0-9_]+)/g, applicationId);
      const res = await clients.bouser.request(route.method as 'POST', path, {});
      // 401, or 400 where the body is checked first (borrower routes validate before the session
      // is looked at, http.test.ts): the handler never runs either way.
      expect([400, 401], `${label(route)}: ${res.body}`).toContain(res.statusCode);
    }
    const digest = await t.sql('SELECT count(*)::int AS n FROM applications WHERE status <> $1', ['Open']);
    expect(digest).toEqual([{ n: 1 }]);
    for (const route of staffRoutes.filter((r) => r.access.auth === 'staff')) {
      const res = await clients.borrower.request(
        route.method as 'GET',
        pathOf(route),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, label(route)).toBe(401);
    }
  });

  it('logout ends the staff session', async () => {
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    expect((await staff.client.post('/backoffice/logout')).statusCode).toBe(200);
    const cookie = staff.client.jarValue(STAFF_COOKIE);
    expect(cookie).toBeUndefined();
    expect((await staff.client.get('/backoffice/me')).statusCode).toBe(401);
  });
});
