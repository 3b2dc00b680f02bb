import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_UPDATES, applicationsListResponse, type ApplicationListItem } from '@finportal/contracts/applications';
import type { RawStatus } from '@finportal/contracts/statuses';
import { SESSION_COOKIE } from '../../platform/session.js';
import { buildApplication } from '../../test/application-factories.js';
import {
  COMPLETE_SIGNATORY,
  createApplication,
  getApplication,
  makeReady,
  pendingOf,
  seed,
  signatoryIds,
} from '../../test/dashboard.js';
import {
  expectErrors,
  registerAndConfirm,
  useTestApp,
  type TestClient,
  type TestResponse,
} from '../../test/harness.js';

/**
 * Who may see and change an application (ARCHITECTURE.md, tenancy): its owner and accepted
 * signatories of the same partner; everyone else gets 404, as if it did not exist. What they
 * may change is allowed_updates (spec 2 section 6, ADR 007), enforced by the API with 403.
 */
const t = await useTestApp();
const [{ client: owner, user: ownerUser }, { client: other, user: otherUser }, { client: signer, user: signerUser }] =
  await Promise.all([t.signUp('demo'), t.signUp('demo', { ip: '10.0.0.2' }), t.signUp('demo', { ip: '10.0.0.3' })]);

type Method = 'GET' | 'PATCH';

/** Every route of one application, with a body that would be accepted by its owner. */
function routesOf(id: string): { name: string; method: Method; path: string; body?: unknown }[] {
  return [
    { name: 'GET', method: 'GET', path: `/user/applications/${id}` },
    { name: 'tax id PATCH', method: 'PATCH', path: `/user/applications/${id}`, body: { taxIdNumber: '9876543210' } },
    {
      name: 'bankinfo PATCH',
      method: 'PATCH',
      path: `/user/applications/${id}/bankinfo`,
      body: { bankName: 'Fremdbank', iban: 'DE02120300000000202051' },
    },
    {
      name: 'custom_field_list PATCH',
      method: 'PATCH',
      path: `/user/applications/${id}/custom_field_list`,
      body: { custom_fields: [{ field_id: 'employees', field_value: 3 }] },
    },
    { name: 'next_status_validate', method: 'GET', path: `/user/applications/${id}/next_status_validate` },
    { name: 'status PATCH', method: 'PATCH', path: `/user/applications/${id}/status`, body: { status: 'Submitted' } },
  ];
}

const send = (client: TestClient, route: { method: Method; path: string; body?: unknown }) =>
  client.request(route.method, route.path, route.body);

/** Everything a request could have changed about an application. */
async function stateOf(id: string) {
  const [application] = await t.sql(
    `SELECT a.*, c.tax_id_number AS company_tax_id, c.custom_fields AS company_custom_fields,
            c.updated_at AS company_updated_at
     FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = $1`,
    [id],
  );
  const [counts] = await t.sql(
    `SELECT (SELECT count(*)::int FROM application_status_history WHERE application_id::text = $1) AS history,
            (SELECT count(*)::int FROM audit_log
              WHERE entity_id = $1 OR entity_id IN (SELECT company_id::text FROM applications WHERE id::text = $1)) AS audits,
            (SELECT count(*)::int FROM mail_outbox WHERE template = 'application_submitted') AS submitted_mails`,
    [id],
  );
  return { application, counts };
}

async function listOf(client: TestClient): Promise<ApplicationListItem[]> {
  const res = await client.get('/user/applications');
  expect(res.statusCode, res.body).toBe(200);
  return applicationsListResponse.parse(res.json()).applications;
}

const notFound = (res: TestResponse) => expectErrors(res, 404, [{ code: 'err_entity_not_found' }]);
const noPermission = (res: TestResponse) => expectErrors(res, 403, [{ code: 'err_no_permission' }]);

describe('isolation: anyone but the owner and accepted signatories gets 404 and changes nothing', () => {
  let mine: string;
  let theirs: string;

  beforeAll(async () => {
    mine = (await createApplication(owner)).applicationId;
    // Ready to submit: a status change that slipped through would succeed.
    await makeReady(t, owner, mine);
    theirs = (await createApplication(other, buildApplication({ companyName: 'Andere Firma GmbH' }))).applicationId;
  });

  it("another borrower of the same partner: absent from their list, 404 on every route of A's application", async () => {
    expect((await listOf(other)).map((a) => a.applicationId)).toEqual([theirs]);
    const before = await stateOf(mine);
    for (const route of routesOf(mine)) {
      const res = await send(other, route);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(404);
      notFound(res);
    }
    expect(await stateOf(mine)).toEqual(before);
    expect(await t.mailbox(ownerUser.email)).toHaveLength(1); // the confirmation mail only
  });

  it('a representative record of the other borrower that is not accepted gives no access', async () => {
    await seed(t, mine, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Invited', user_email: otherUser.email, invite_status: 'not_accepted' },
      ],
    });
    expect((await listOf(other)).map((a) => a.applicationId)).toEqual([theirs]);
    const before = await stateOf(mine);
    for (const route of routesOf(mine)) notFound(await send(other, route));
    expect(await stateOf(mine)).toEqual(before);
    await t.sql("DELETE FROM signatories WHERE application_id = $1 AND first_name = 'Invited'", [mine]);
  });

  it('a user of another partner gets 404; the owner’s session on another partner’s host is no session (401)', async () => {
    const nord = t.client('nordbank', { ip: '10.0.0.4' });
    await registerAndConfirm(nord);
    const before = await stateOf(mine);
    expect(await listOf(nord)).toEqual([]);
    for (const route of routesOf(mine)) notFound(await send(nord, route));

    const crossHost = t.client('nordbank', { ip: '10.0.0.5' });
    crossHost.setCookie(SESSION_COOKIE, owner.session!);
    expectErrors(await crossHost.get('/user/applications'), 401, [{ code: 'err_unauthorized' }]);
    for (const route of routesOf(mine)) {
      expectErrors(await send(crossHost, route), 401, [{ code: 'err_unauthorized' }]);
    }
    expect(await stateOf(mine)).toEqual(before);
  });

  it('a non-uuid id and an unknown uuid are 404 on every route, also for a signed-in user', async () => {
    for (const id of ['not-a-uuid', '12345', "1' OR '1'='1", '00000000-0000-4000-8000-000000000000']) {
      for (const route of routesOf(encodeURIComponent(id))) {
        const res = await send(owner, route);
        expect(res.statusCode, `${id} ${route.name}: ${res.body}`).toBe(404);
        notFound(res);
      }
    }
  });

  it('without a session every route answers 401 err_unauthorized', async () => {
    const anonymous = t.client('demo', { ip: '10.0.0.6' });
    const before = await stateOf(mine);
    expectErrors(await anonymous.get('/user/applications'), 401, [{ code: 'err_unauthorized' }]);
    for (const route of routesOf(mine)) {
      const res = await send(anonymous, route);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBe(401);
      expectErrors(res, 401, [{ code: 'err_unauthorized' }]);
    }
    expect(await stateOf(mine)).toEqual(before);
  });

  it('after all that the owner still sees an untouched application and can submit it', async () => {
    const app = await getApplication(owner, mine);
    expect(app).toMatchObject({
      bankName: 'Musterbank',
      taxIdNumber: '1234567890',
      custom_fields_list: [],
      status: 'Open',
    });
    expect((await pendingOf(owner, mine)).pending_actions).toEqual([]);
    const res = await owner.patch(`/user/applications/${mine}/status`, { status: 'Submitted' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('allowed_updates per status, on the list and on GET', () => {
  // The owner after submission: every representative's tax id and contact data (ADR 007).
  const OWNER_AFTER = ['signatory_other', 'signatory_tin', 'signatory_contact'];
  const expected: [RawStatus, string[]][] = [
    ['Open', [...ALLOWED_UPDATES]],
    ['Submitted', OWNER_AFTER],
    ['Internal_Review', OWNER_AFTER],
    ['Offer_Accepted', OWNER_AFTER],
    ['Signature', OWNER_AFTER],
    ['Final_Review', []],
    ['Approved', []],
    ['Limit_Active', []],
    ['Paid_Out', []],
    ['Rejected', []],
  ];

  it('Open: all nine; under review and at Signature: tax ids and contact data of everyone; afterwards none', async () => {
    const { applicationId: id } = await createApplication(owner);
    expect(ALLOWED_UPDATES).toHaveLength(9);
    for (const [status, allowed] of expected) {
      await seed(t, id, { status });
      const item = (await listOf(owner)).find((a) => a.applicationId === id);
      expect(item?.status).toBe(status);
      expect(item?.allowed_updates, status).toEqual(allowed);
      const app = await getApplication(owner, id);
      expect(app.allowed_updates, status).toEqual(allowed);
    }
  });

  for (const status of ['Submitted', 'Rejected'] as const) {
    it(`at ${status}: bank data, company tax number and custom fields are refused with 403; nothing changes`, async () => {
      const { applicationId: id } = await createApplication(owner);
      await seed(t, id, { status });
      const before = await stateOf(id);
      noPermission(
        await owner.patch(`/user/applications/${id}/bankinfo`, {
          bankName: 'Neue Bank',
          iban: 'DE02120300000000202051',
        }),
      );
      noPermission(await owner.patch(`/user/applications/${id}`, { taxIdNumber: '9876543210' }));
      noPermission(
        await owner.patch(`/user/applications/${id}/custom_field_list`, {
          custom_fields: [{ field_id: 'employees', field_value: 5 }],
        }),
      );
      expect(await stateOf(id)).toEqual(before);
      // Reading is still allowed.
      expect((await getApplication(owner, id)).status).toBe(status);
      expect((await pendingOf(owner, id)).next_status).toBeNull();
    });
  }
});

describe('an accepted signatory who is not the owner', () => {
  let id: string;

  beforeAll(async () => {
    id = (await createApplication(owner, buildApplication({ companyName: 'Gemeinsame Firma GmbH' }))).applicationId;
    await makeReady(t, owner, id);
    await seed(t, id, {
      signatories: [
        {
          ...COMPLETE_SIGNATORY,
          first_name: 'Signer',
          percentage_owned: 0.3,
          is_sole_signatory: false,
          user_email: signerUser.email,
        },
      ],
    });
  });

  it('sees the application in the list and on GET with signatory_tin and signatory_contact only', async () => {
    const item = (await listOf(signer)).find((a) => a.applicationId === id);
    expect(item).toMatchObject({
      companyName: 'Gemeinsame Firma GmbH',
      allowed_updates: ['signatory_tin', 'signatory_contact'],
    });
    const app = await getApplication(signer, id);
    const { Signer: signatoryId } = await signatoryIds(t, id);
    expect(app).toMatchObject({
      applicationId: id,
      is_owner: false,
      allowed_updates: ['signatory_tin', 'signatory_contact'],
      // Willing to sign: a signer has signing requirements (issue 14, computed from the person's data).
      current_signatory: { signatory_id: signatoryId, invite_status: 'accepted', has_requirements: true },
    });
    // The owner's view of the same application.
    const own = await getApplication(owner, id);
    expect(own).toMatchObject({ is_owner: true, current_signatory: null, allowed_updates: [...ALLOWED_UPDATES] });
    // The signatory may read the pending items too.
    expect((await pendingOf(signer, id)).next_status).toBe('Submitted');
  });

  it('gets 403 on bank data, company tax number, custom fields and the status change; nothing changes', async () => {
    const before = await stateOf(id);
    noPermission(
      await signer.patch(`/user/applications/${id}/bankinfo`, {
        bankName: 'Neue Bank',
        iban: 'DE02120300000000202051',
      }),
    );
    noPermission(await signer.patch(`/user/applications/${id}`, { taxIdNumber: '9876543210' }));
    noPermission(
      await signer.patch(`/user/applications/${id}/custom_field_list`, {
        custom_fields: [{ field_id: 'employees', field_value: 5 }],
      }),
    );
    // Nothing is pending, yet only the owner submits.
    noPermission(await signer.patch(`/user/applications/${id}/status`, { status: 'Submitted' }));
    expect(await stateOf(id)).toEqual(before);
    expect(await t.mailbox(signerUser.email)).toHaveLength(1); // the confirmation mail only
  });

  it('after the owner submitted, the signatory keeps signatory_tin and signatory_contact; after rejection none', async () => {
    const res = await owner.patch(`/user/applications/${id}/status`, { status: 'Submitted' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await getApplication(signer, id)).allowed_updates).toEqual(['signatory_tin', 'signatory_contact']);
    await seed(t, id, { status: 'Rejected' });
    expect((await listOf(signer)).find((a) => a.applicationId === id)?.allowed_updates).toEqual([]);
    expect((await getApplication(signer, id)).allowed_updates).toEqual([]);
  });

  it('a user linked to two representatives of one application sees it once', async () => {
    const { applicationId } = await createApplication(owner);
    await seed(t, applicationId, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Twice1', percentage_owned: 0.3, user_email: signerUser.email },
        { ...COMPLETE_SIGNATORY, first_name: 'Twice2', percentage_owned: 0.3, user_email: signerUser.email },
      ],
    });
    const rows = (await listOf(signer)).filter((a) => a.applicationId === applicationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.allowed_updates).toEqual(['signatory_tin', 'signatory_contact']);
    const app = await getApplication(signer, applicationId);
    const ids = await signatoryIds(t, applicationId);
    expect(app.is_owner).toBe(false);
    expect([ids.Twice1, ids.Twice2]).toContain(app.current_signatory?.signatory_id);
  });

  it('an owner who is also an accepted signatory (with signature requirements) is listed once, as owner', async () => {
    const { applicationId } = await createApplication(owner);
    await seed(t, applicationId, {
      signatories: [
        {
          ...COMPLETE_SIGNATORY,
          first_name: 'Self',
          user_email: ownerUser.email,
          requirements: { signature_provider: 'idnow', signature_status: 'NotCompleted' },
        },
      ],
    });
    const rows = (await listOf(owner)).filter((a) => a.applicationId === applicationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.allowed_updates).toEqual([...ALLOWED_UPDATES]);
    const app = await getApplication(owner, applicationId);
    const { Self: signatoryId } = await signatoryIds(t, applicationId);
    expect(app).toMatchObject({
      is_owner: true,
      current_signatory: { signatory_id: signatoryId, invite_status: 'accepted', has_requirements: true },
    });
  });
});
