import { beforeAll, describe, expect, it } from 'vitest';
import type { RawStatus } from '@finportal/contracts/statuses';
import { COMPLETE_SIGNATORY, createApplication, seed, signatoryIds } from '../../test/dashboard.js';
import { expectErrors, useTestApp, type TestClient, type TestResponse } from '../../test/harness.js';
import {
  GERMAN_TIN,
  addRepresentative,
  buildRepresentative,
  deleteRepresentative,
  patchRepresentative,
  postRepresentative,
  setRepresentativesSettings,
  signatoriesPath,
  signatoryOf,
  signatoryPath,
  signatoryRows,
} from '../../test/representatives.js';
import { BOOKKEEPING_TABLES, tableDigests } from '../../test/table-digest.js';

/**
 * Who may add, change and delete representatives (spec 2 section 6, ADR 007 and 014): the field
 * groups allowed_updates opens per status and role, enforced with 403 err_no_permission before
 * anything changes; anyone outside the application gets 404 on every route.
 */
const t = await useTestApp();
const [{ client: owner }, { client: signer, user: signerUser }, { client: stranger }, { client: nord }] =
  await Promise.all([
    t.signUp('demo'),
    t.signUp('demo', { ip: '10.0.4.2' }),
    t.signUp('demo', { ip: '10.0.4.3' }),
    t.signUp('nordbank', { ip: '10.0.4.4' }),
  ]);
setRepresentativesSettings(t, 'demo', { guarantees_required: [], credit_report_provider: null });

const digest = () => tableDigests(t, [...BOOKKEEPING_TABLES, 'demo_registry_companies', 'demo_registry_state']);
const noPermission = (res: TestResponse) => expectErrors(res, 403, [{ code: 'err_no_permission' }]);
const notFound = (res: TestResponse) => expectErrors(res, 404, [{ code: 'err_entity_not_found' }]);

type Group = 'signatory' | 'signatory_flags' | 'signatory_tin' | 'signatory_contact';
type Role = 'owner' | 'signatory, own record' | 'signatory, other record';
const ALL: Group[] = ['signatory', 'signatory_flags', 'signatory_tin', 'signatory_contact'];
const TIN_AND_CONTACT: Group[] = ['signatory_tin', 'signatory_contact'];

/** One changed field of each group, and the column that shows the change. */
const CHANGE: Record<Group, [body: Record<string, unknown>, column: string, stored: unknown]> = {
  signatory: [{ position: 'Prokuristin' }, 'position', 'Prokuristin'],
  signatory_flags: [{ percentage_owned: 0.2 }, 'percentage_owned', 0.2],
  signatory_tin: [{ taxid: GERMAN_TIN }, 'taxid', GERMAN_TIN],
  signatory_contact: [{ telephone: '+49 170 9999999' }, 'telephone', '+491709999999'],
};

/** The groups each role may change, per status (ADR 007's allowed_updates, ADR 014's groups). */
const EDITABLE: [RawStatus, Record<Role, Group[]>][] = [
  ['Open', { owner: ALL, 'signatory, own record': TIN_AND_CONTACT, 'signatory, other record': [] }],
  ['Submitted', { owner: TIN_AND_CONTACT, 'signatory, own record': TIN_AND_CONTACT, 'signatory, other record': [] }],
  ['Signature', { owner: TIN_AND_CONTACT, 'signatory, own record': TIN_AND_CONTACT, 'signatory, other record': [] }],
  ['Final_Review', { owner: [], 'signatory, own record': [], 'signatory, other record': [] }],
  ['Rejected', { owner: [], 'signatory, own record': [], 'signatory, other record': [] }],
];

/** One application per status: Signer (the signer's accepted record), Other and Spare (nobody's). */
const apps = new Map<RawStatus, { id: string; ids: Record<string, string> }>();

beforeAll(async () => {
  for (const [status] of EDITABLE) {
    const { applicationId: id } = await createApplication(owner);
    await seed(t, id, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Signer', percentage_owned: 0.3, user_email: signerUser.email },
        { ...COMPLETE_SIGNATORY, first_name: 'Other', percentage_owned: 0.3, email: 'other@example.com' },
        { ...COMPLETE_SIGNATORY, first_name: 'Spare', percentage_owned: 0.1, email: 'spare@example.com' },
      ],
      status,
    });
    apps.set(status, { id, ids: await signatoryIds(t, id) });
  }
});

const ROLES: [Role, () => TestClient, record: string][] = [
  ['owner', () => owner, 'Other'],
  ['signatory, own record', () => signer, 'Signer'],
  ['signatory, other record', () => signer, 'Other'],
];

const cases = EDITABLE.flatMap(([status, editable]) =>
  ROLES.flatMap(([role, client, record]) =>
    ALL.map((group) => ({
      status,
      role,
      group,
      client,
      record,
      allowed: editable[role].includes(group),
      // With some group open the 403 names the field; with none it is the whole record.
      named: editable[role].length > 0,
    })),
  ),
);

describe('PATCH per status × role × field group: 200, or 403 with nothing changed', () => {
  it.each(cases)(
    '$status, $role, $group: allowed $allowed',
    async ({ status, group, client, record, allowed, named }) => {
      const { id, ids } = apps.get(status)!;
      await t.sql(
        "UPDATE signatories SET position = NULL, percentage_owned = 0.3, taxid = NULL, telephone = '+49 30 1234567' WHERE id = $1",
        [ids[record]],
      );
      const before = await signatoryRows(t, id);
      const [body, column, stored] = CHANGE[group];
      const res = await patchRepresentative(client(), id, ids[record]!, body);
      const after = await signatoryRows(t, id);
      if (!allowed) {
        expectErrors(res, 403, [{ code: 'err_no_permission', ...(named ? { field: column } : {}) }]);
        expect(after).toEqual(before);
        return;
      }
      signatoryOf(res);
      const changed = after.find((r) => r.id === ids[record])!;
      expect(column === 'percentage_owned' ? Number(changed[column]) : changed[column]).toEqual(stored);
      expect(after.filter((r) => r.id !== ids[record])).toEqual(before.filter((r) => r.id !== ids[record]));
    },
  );

  it('a field sent with its stored value is no change: the whole form with a new tax id passes under review', async () => {
    const { id, ids } = apps.get('Submitted')!;
    await t.sql('UPDATE signatories SET taxid = NULL WHERE id = $1', [ids.Other]);
    // The form sends the disabled fields too, the phone in another notation, the e-mail in capitals.
    const form = buildRepresentative({
      percentage_owned: 0.3,
      telephone: '0049 30 1234567',
      email: 'OTHER@example.com',
      first_name: ' Other ',
      taxid: GERMAN_TIN,
    });
    expect(signatoryOf(await patchRepresentative(owner, id, ids.Other!, form)).taxid).toBe(GERMAN_TIN);
    // A real change of a closed group in the same form: refused, nothing changes.
    const before = await signatoryRows(t, id);
    const res = await patchRepresentative(owner, id, ids.Other!, { ...form, first_name: 'Renamed', taxid: null });
    expectErrors(res, 403, [{ code: 'err_no_permission', field: 'first_name' }]);
    expect(await signatoryRows(t, id)).toEqual(before);
  });

  it('an accepted signatory may set their own phone and e-mail while Open, not make themselves main contact elsewhere', async () => {
    const { id, ids } = apps.get('Open')!;
    const res = await patchRepresentative(signer, id, ids.Signer!, {
      email: signerUser.email,
      telephone: '+41 44 123 45 67',
      is_main_contact: true,
    });
    expect(signatoryOf(res)).toMatchObject({
      telephone: '+41441234567',
      is_main_contact: true,
      is_current_actor: true,
    });
    noPermission(await patchRepresentative(signer, id, ids.Other!, { is_main_contact: true }));
  });
});

describe('POST and DELETE per status and role', () => {
  for (const [status] of EDITABLE) {
    const open = status === 'Open';
    it(`${status}: add ${open ? 'only by the owner' : 'by nobody'}; delete ${open ? 'only by the owner' : 'by nobody'}`, async () => {
      const { id, ids } = apps.get(status)!;
      const before = await digest();
      noPermission(await postRepresentative(signer, id, buildRepresentative({ percentage_owned: 0 })));
      noPermission(await deleteRepresentative(signer, id, ids.Signer!));
      noPermission(await deleteRepresentative(signer, id, ids.Spare!));
      if (!open) {
        noPermission(await postRepresentative(owner, id, buildRepresentative({ percentage_owned: 0 })));
        noPermission(await deleteRepresentative(owner, id, ids.Spare!));
        expect(await digest()).toEqual(before);
        return;
      }
      expect(await digest()).toEqual(before);
      const added = await addRepresentative(owner, id, { first_name: 'Added', percentage_owned: 0 });
      expect((await deleteRepresentative(owner, id, added.signatory_id)).statusCode).toBe(204);
      expect((await deleteRepresentative(owner, id, ids.Spare!)).statusCode).toBe(204);
      expect((await signatoryRows(t, id)).map((r) => r.first_name).sort()).toEqual(['Other', 'Signer']);
    });
  }
});

describe("outside the application: 404 on all five routes of A's application", () => {
  let id: string;
  let signatoryId: string;
  let theirs: string;
  let theirSignatory: string;

  beforeAll(async () => {
    id = (await createApplication(owner)).applicationId;
    signatoryId = (await addRepresentative(owner, id)).signatory_id;
    theirs = (await createApplication(stranger)).applicationId;
    theirSignatory = (await addRepresentative(stranger, theirs)).signatory_id;
  });

  const routesOf = (app: string, person: string) =>
    [
      ['GET signatories', 'GET', signatoriesPath(app)],
      ['POST signatories', 'POST', signatoriesPath(app), { data: [buildRepresentative({ percentage_owned: 0 })] }],
      ['PATCH signatory', 'PATCH', signatoryPath(app, person), { taxid: GERMAN_TIN }],
      ['DELETE signatory', 'DELETE', signatoryPath(app, person)],
      ['GET register_persons', 'GET', `/user/applications/${app}/register_persons`],
    ] as const;

  const send = (client: TestClient, [, method, path, body]: ReturnType<typeof routesOf>[number]) =>
    client.request(method, path, body);

  for (const [who, client] of [
    ['borrower B of the same partner', () => stranger],
    ['a borrower of another partner (nordbank)', () => nord],
  ] as const) {
    it(`${who}: 404 err_entity_not_found everywhere, nothing changes`, async () => {
      const before = await digest();
      for (const route of routesOf(id, signatoryId)) {
        const res = await send(client(), route);
        expect(res.statusCode, `${route[0]}: ${res.body}`).toBe(404);
        notFound(res);
      }
      expect(await digest()).toEqual(before);
    });
  }

  it("A's representative id under B's own application, and B's under A's: 404", async () => {
    const before = await digest();
    notFound(await patchRepresentative(stranger, theirs, signatoryId, { taxid: GERMAN_TIN }));
    notFound(await deleteRepresentative(stranger, theirs, signatoryId));
    notFound(await patchRepresentative(owner, id, theirSignatory, { taxid: GERMAN_TIN }));
    notFound(await deleteRepresentative(owner, id, theirSignatory));
    expect(await digest()).toEqual(before);
  });

  it('nobody logged in: 401 err_unauthorized everywhere, nothing changes', async () => {
    const anonymous = t.client('demo', { ip: '10.0.4.9' });
    const before = await digest();
    for (const route of routesOf(id, signatoryId)) {
      const res = await send(anonymous, route);
      expect(res.statusCode, `${route[0]}: ${res.body}`).toBe(401);
      expectErrors(res, 401, [{ code: 'err_unauthorized' }]);
    }
    expect(await digest()).toEqual(before);
  });
});
