import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNATORY_FIELDS } from '@finportal/contracts/representative-schemas';
import { COMPLETE_SIGNATORY, createApplication, seed, signatoryIds } from '../../test/dashboard.js';
import { expectErrors, useTestApp } from '../../test/harness.js';
import {
  GERMAN_TIN,
  addRepresentative,
  buildRepresentative,
  deleteRepresentative,
  listRepresentatives,
  patchRepresentative,
  postRepresentative,
  signatoryAudits,
  signatoryOf,
  signatoryRows,
  setRepresentativesSettings,
} from '../../test/representatives.js';
import { DemoCreditReport } from '../../platform/credit-report.js';

/**
 * GET/POST/PATCH/DELETE /user/applications/{id}/signatories (spec 2 sections 3 and 7; ADR 014):
 * the wire shape, what is stored (normalised), partial changes, the one main contact, and the
 * audit trail with the tax id and birth date masked.
 */
const t = await useTestApp();
const [{ client: owner, user: ownerUser }, { client: signer, user: signerUser }] = await Promise.all([
  t.signUp('demo'),
  t.signUp('demo', { ip: '10.0.3.2' }),
]);
// The partner files' settings change; this file names what it relies on: no guarantees, no provider.
setRepresentativesSettings(t, 'demo', { guarantees_required: [], credit_report_provider: null });

/** Every field of spec 2 section 3 "Signatory" (credit score as credit_score). */
const WIRE_KEYS = [
  'signatory_id',
  'application_id',
  ...SIGNATORY_FIELDS,
  'is_current_actor',
  'invite_status',
  'invitation',
  'is_guarantor',
  'kyc_status',
  'requirements',
  'credit_score',
  'custom_fields_list',
].sort();

/** Every text of the audit log about an application's representatives. */
const auditText = async (applicationId: string) =>
  (
    await t.sql<{ data: string }>(
      "SELECT data::text AS data FROM audit_log WHERE entity = 'signatory' AND data->>'application_id' = $1",
      [applicationId],
    )
  )
    .map((r) => r.data)
    .join('\n');

describe('GET signatories', () => {
  let id: string;

  beforeAll(async () => {
    id = (await createApplication(owner)).applicationId;
    await addRepresentative(owner, id, { first_name: 'Own', email: ownerUser.email.toUpperCase() });
    await seed(t, id, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Signer', percentage_owned: 0.25, user_email: signerUser.email },
      ],
    });
  });

  it('answers every spec field, the share as a decimal, and is_current_actor for the e-mail or the linked account', async () => {
    const { signatories, guarantees_required } = await listRepresentatives(owner, id);
    expect(guarantees_required).toBe(false);
    expect(signatories.map((s) => s.first_name)).toEqual(['Own', 'Signer']);
    for (const s of signatories) expect(Object.keys(s).sort()).toEqual(WIRE_KEYS);
    const [own, other] = signatories;
    expect(own).toMatchObject({
      application_id: id,
      telephone: '+49301234567',
      birthdate: '1978-04-12',
      percentage_owned: 0.6,
      is_main_contact: false,
      is_current_actor: true,
      invite_status: 'not_invited',
      invitation: null,
      is_guarantor: false,
      // A signer: the signing steps computed from real data (issue 14, ADR 020).
      kyc_status: expect.objectContaining({ tax_id_specified: { is_required: true, is_completed: false } }),
      requirements: expect.objectContaining({ signature_status: 'NotCompleted', is_ubo_signature_required: false }),
      credit_score: null,
    });
    expect(other).toMatchObject({ percentage_owned: 0.25, is_current_actor: false, invite_status: 'accepted' });

    const seen = await listRepresentatives(signer, id);
    expect(seen.signatories.map((s) => [s.first_name, s.is_current_actor])).toEqual([
      ['Own', false],
      ['Signer', true],
    ]);
  });

  it("guarantees_required follows the partner's products that require guarantees", async () => {
    setRepresentativesSettings(t, 'demo', { guarantees_required: ['general_liquidity', 'factoring'] });
    try {
      expect((await listRepresentatives(owner, id)).guarantees_required).toBe(true);
      setRepresentativesSettings(t, 'demo', { guarantees_required: ['project'] });
      expect((await listRepresentatives(owner, id)).guarantees_required).toBe(false);
    } finally {
      setRepresentativesSettings(t, 'demo', { guarantees_required: [] });
    }
    expect((await listRepresentatives(owner, id)).guarantees_required).toBe(false);
  });
});

describe('POST signatories', () => {
  it('stores trimmed texts, the phone as + and digits, the share at 0.01 %, empty texts as null; 201 with the record', async () => {
    const { applicationId: id } = await createApplication(owner);
    const body = buildRepresentative({
      first_name: '  Erika ',
      last_name: ' Muster-Frau ',
      telephone: '0049 (0)30 / 123-45 67',
      email: ' erika@example.com ',
      position: '',
      taxid: GERMAN_TIN,
      percentage_owned: 0.123456,
      is_main_contact: true,
    });
    const created = signatoryOf(await postRepresentative(owner, id, body), 201);
    expect(created).toMatchObject({
      first_name: 'Erika',
      last_name: 'Muster-Frau',
      telephone: '+49301234567',
      email: 'erika@example.com',
      position: null,
      taxid: GERMAN_TIN,
      percentage_owned: 0.1235,
      is_main_contact: true,
      is_current_actor: false,
    });
    const [row] = await signatoryRows(t, id);
    expect(row).toMatchObject({
      id: created.signatory_id,
      partner_id: 'demo',
      first_name: 'Erika',
      telephone: '+49301234567',
      position: null,
      taxid: GERMAN_TIN,
      birthdate: '1978-04-12',
      created_by: ownerUser.userId,
    });
    expect(Number(row!.percentage_owned)).toBe(0.1235);
    expect((await listRepresentatives(owner, id)).signatories).toEqual([created]);
  });

  it('audits the addition with the tax id and the birth date masked', async () => {
    const { applicationId: id } = await createApplication(owner);
    const created = await addRepresentative(owner, id, { taxid: GERMAN_TIN });
    const audits = await signatoryAudits(t, created.signatory_id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'signatory.added',
      user_id: ownerUser.userId,
      data: {
        application_id: id,
        after: { first_name: 'Erika', taxid: '***19', birthdate: '1978-**-**', percentage_owned: 0.6 },
      },
    });
    const text = await auditText(id);
    expect(text).not.toContain(GERMAN_TIN);
    expect(text).not.toContain('1978-04-12');
  });

  it('with a credit-report provider the record carries the demo score of the person', async () => {
    const { applicationId: id } = await createApplication(owner);
    setRepresentativesSettings(t, 'demo', { credit_report_provider: 'credit_reform_de' });
    try {
      const people = [
        { first_name: 'Erika', last_name: 'Mustermann', birthdate: '1978-04-12' },
        { first_name: 'Max', last_name: 'Beispiel', birthdate: '1980-01-31' },
        { first_name: 'Jana', last_name: 'Novak', birthdate: '1990-06-15' },
      ];
      for (const person of people) {
        const created = await addRepresentative(owner, id, { ...person, percentage_owned: 0.1 });
        const score = await new DemoCreditReport().score('credit_reform_de', { ...person, country: 'DE' });
        expect(created.credit_score).toEqual(score === null ? null : { provider: 'credit_reform_de', score });
      }
      const scored = (await listRepresentatives(owner, id)).signatories.filter((s) => s.credit_score);
      for (const s of scored) expect(s.credit_score!.score).toBeGreaterThanOrEqual(100);
    } finally {
      setRepresentativesSettings(t, 'demo', { credit_report_provider: null });
    }
    // Without a provider no score is asked for.
    expect((await addRepresentative(owner, id, { percentage_owned: 0.1 })).credit_score).toBeNull();
  });
});

describe('PATCH signatories', () => {
  it('the tax id alone changes only the tax id (and updated_at); audited before and after, masked', async () => {
    const { applicationId: id } = await createApplication(owner);
    const created = await addRepresentative(owner, id);
    const [before] = await signatoryRows(t, id);
    const res = await patchRepresentative(owner, id, created.signatory_id, { taxid: ` ${GERMAN_TIN} ` });
    // The tax id step is done now (computed from the data).
    const kyc = { ...created.kyc_status, tax_id_specified: { is_required: true, is_completed: true } };
    expect(signatoryOf(res)).toEqual({ ...created, taxid: GERMAN_TIN, kyc_status: kyc });
    const [after] = await signatoryRows(t, id);
    expect({ ...after, updated_at: null }).toEqual({ ...before, taxid: GERMAN_TIN, updated_at: null });

    const audits = await signatoryAudits(t, created.signatory_id);
    expect(audits.map((a) => a.action)).toEqual(['signatory.added', 'signatory.updated']);
    expect(audits[1]!.data).toEqual({ application_id: id, before: { taxid: null }, after: { taxid: '***19' } });
  });

  it('the phone alone is stored normalised; the same phone in another notation is no change', async () => {
    const { applicationId: id } = await createApplication(owner);
    const created = await addRepresentative(owner, id);
    const res = await patchRepresentative(owner, id, created.signatory_id, { telephone: '+49 (0) 170 123 45-67' });
    expect(signatoryOf(res)).toEqual({ ...created, telephone: '+491701234567' });
    expect((await signatoryRows(t, id))[0]).toMatchObject({ telephone: '+491701234567', email: created.email });
    // The same phone in another notation, the same name, or nothing at all: no write, no audit entry.
    const [stored] = await signatoryRows(t, id);
    for (const body of [{ telephone: '00491701234567' }, { first_name: ' Erika ' }, {}]) {
      const again = await patchRepresentative(owner, id, created.signatory_id, body);
      expect(signatoryOf(again).telephone).toBe('+491701234567');
    }
    expect(await signatoryRows(t, id)).toEqual([stored]);
    const audits = await signatoryAudits(t, created.signatory_id);
    expect(audits.map((a) => a.action)).toEqual(['signatory.added', 'signatory.updated']);
    expect(audits[1]!.data).toEqual({
      application_id: id,
      before: { telephone: '+49301234567' },
      after: { telephone: '+491701234567' },
    });
  });

  it('a changed birth date is audited masked on both sides; the full dates are nowhere in the log', async () => {
    const { applicationId: id } = await createApplication(owner);
    const created = await addRepresentative(owner, id, { taxid: GERMAN_TIN });
    const res = await patchRepresentative(owner, id, created.signatory_id, {
      birthdate: '1980-02-29',
      taxid: null,
    });
    expect(signatoryOf(res)).toMatchObject({ birthdate: '1980-02-29', taxid: null });
    const audits = await signatoryAudits(t, created.signatory_id);
    expect(audits[1]!.data).toEqual({
      application_id: id,
      before: { birthdate: '1978-**-**', taxid: '***19' },
      after: { birthdate: '1980-**-**', taxid: null },
    });
    const text = await auditText(id);
    for (const secret of [GERMAN_TIN, '1978-04-12', '1980-02-29']) expect(text).not.toContain(secret);
  });

  it('is_main_contact moves the flag from the previous main contact; there is always at most one', async () => {
    const { applicationId: id } = await createApplication(owner);
    const first = await addRepresentative(owner, id, {
      first_name: 'First',
      is_main_contact: true,
      percentage_owned: 0.3,
    });
    const second = await addRepresentative(owner, id, { first_name: 'Second', percentage_owned: 0.3 });
    const mainContacts = async () =>
      (await listRepresentatives(owner, id)).signatories.filter((s) => s.is_main_contact).map((s) => s.first_name);
    expect(await mainContacts()).toEqual(['First']);

    expect(
      signatoryOf(await patchRepresentative(owner, id, second.signatory_id, { is_main_contact: true })),
    ).toMatchObject({ is_main_contact: true });
    expect(await mainContacts()).toEqual(['Second']);

    // A new representative added as main contact takes the flag too.
    await addRepresentative(owner, id, { first_name: 'Third', is_main_contact: true, percentage_owned: 0.3 });
    expect(await mainContacts()).toEqual(['Third']);
    expect(first.is_main_contact).toBe(true);
  });

  it('main contact without e-mail and phone is refused with 400; the flag stays where it was', async () => {
    const { applicationId: id } = await createApplication(owner);
    await addRepresentative(owner, id, { first_name: 'Main', is_main_contact: true, percentage_owned: 0.3 });
    const silent = await addRepresentative(owner, id, {
      first_name: 'Silent',
      email: null,
      telephone: null,
      is_legal_signatory: false,
      is_contract_signatory: false,
      is_sole_signatory: null,
      percentage_owned: 0.3,
    });
    const before = await signatoryRows(t, id);
    expectErrors(await patchRepresentative(owner, id, silent.signatory_id, { is_main_contact: true }), 400, [
      { code: 'err_required', field: 'email' },
      { code: 'err_required', field: 'telephone' },
    ]);
    expectErrors(
      await patchRepresentative(owner, id, silent.signatory_id, { is_main_contact: true, email: 'silent@example.com' }),
      400,
      [{ code: 'err_required', field: 'telephone' }],
    );
    expect(await signatoryRows(t, id)).toEqual(before);
  });
});

describe('DELETE signatories', () => {
  it('204, the record is gone, the deletion is audited masked; a second delete is 404', async () => {
    const { applicationId: id } = await createApplication(owner);
    const keep = await addRepresentative(owner, id, { first_name: 'Keep', percentage_owned: 0.3 });
    const gone = await addRepresentative(owner, id, { first_name: 'Gone', taxid: GERMAN_TIN, percentage_owned: 0.3 });
    const res = await deleteRepresentative(owner, id, gone.signatory_id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await listRepresentatives(owner, id)).signatories).toEqual([keep]);
    expect(Object.keys(await signatoryIds(t, id))).toEqual(['Keep']);

    const audits = await signatoryAudits(t, gone.signatory_id);
    expect(audits.map((a) => a.action)).toEqual(['signatory.added', 'signatory.deleted']);
    expect(audits[1]).toMatchObject({
      user_id: ownerUser.userId,
      data: { application_id: id, before: { first_name: 'Gone', taxid: '***19', birthdate: '1978-**-**' } },
    });
    expect(await auditText(id)).not.toContain(GERMAN_TIN);

    expectErrors(await deleteRepresentative(owner, id, gone.signatory_id), 404, [{ code: 'err_entity_not_found' }]);
    expectErrors(await patchRepresentative(owner, id, gone.signatory_id, { taxid: GERMAN_TIN }), 404, [
      { code: 'err_entity_not_found' },
    ]);
  });

  it("another application's representative id is 404 on PATCH and DELETE and stays untouched", async () => {
    const { applicationId: mine } = await createApplication(owner);
    const { applicationId: other } = await createApplication(owner);
    const foreign = await addRepresentative(owner, other);
    const before = await signatoryRows(t, other);
    for (const signatoryId of [foreign.signatory_id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      expectErrors(await patchRepresentative(owner, mine, signatoryId, { taxid: GERMAN_TIN }), 404, [
        { code: 'err_entity_not_found' },
      ]);
      expectErrors(await deleteRepresentative(owner, mine, signatoryId), 404, [{ code: 'err_entity_not_found' }]);
    }
    expect(await signatoryRows(t, other)).toEqual(before);
  });
});
