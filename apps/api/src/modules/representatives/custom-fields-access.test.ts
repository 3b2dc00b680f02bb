import { beforeAll, describe, expect, it } from 'vitest';
import { COMPLETE_SIGNATORY, actionsOf, createApplication, seed, signatoryIds } from '../../test/dashboard.js';
import { expectErrors, useTestApp } from '../../test/harness.js';
import {
  GERMAN_TIN,
  addRepresentative,
  buildRepresentative,
  patchRepresentative,
  postRepresentative,
  representativesFingerprint,
  setRepresentativesSettings,
  signatoryOf,
  signatoryRows,
  alpenObjectFinancing,
  alpenWorkingCapital,
  customFields,
} from '../../test/representatives.js';

/**
 * Signatory custom fields (issue 10; ADR 014), who may change them and what follows: the field
 * group `signatory` (403 without it, nothing changed), the pending items, a partner without a
 * signatory form, and people outside the application. Sending and storing: custom-fields.test.ts.
 */
const t = await useTestApp();
const [{ client: owner }, { client: signer, user: signerUser }, { client: stranger }, { client: demo }] =
  await Promise.all([
    t.signUp('alpen'),
    t.signUp('alpen', { ip: '10.0.7.2' }),
    t.signUp('alpen', { ip: '10.0.7.3' }),
    t.signUp('demo', { ip: '10.0.7.4' }),
  ]);
for (const partner of ['alpen', 'demo']) {
  setRepresentativesSettings(t, partner, { guarantees_required: [], credit_report_provider: null });
}
const form = t.ctx.partners.get('alpen')!.dynamic_form!;

const cf = customFields;
const workingCapital = () => alpenWorkingCapital(owner, form);
const objectFinancing = () => alpenObjectFinancing(owner, form);

const ANSWERS = { pep: 'true', marital_status: ' married ', resident_since: '2012-03-15' };
const STORED = cf({ pep: true, marital_status: 'married', resident_since: '2012-03-15' });

/** The stored custom fields of each representative of an application. */
const storedCustomFields = async (applicationId: string) =>
  (await signatoryRows(t, applicationId)).map((r) => r.custom_fields);

describe('permissions: custom fields belong to the group signatory', () => {
  let id: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    id = await workingCapital();
    const own = await addRepresentative(owner, id, { percentage_owned: 0.3, custom_fields_list: cf(ANSWERS) });
    await seed(t, id, {
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Signer', percentage_owned: 0.3, user_email: signerUser.email },
      ],
    });
    await t.sql('UPDATE signatories SET custom_fields = $1::jsonb WHERE id <> $2 AND application_id = $3', [
      JSON.stringify(STORED),
      own.signatory_id,
      id,
    ]);
    ids = { ...(await signatoryIds(t, id)), Erika: own.signatory_id };
  });

  it('Open: an accepted signatory may not change their own custom fields, only send them unchanged', async () => {
    const before = await representativesFingerprint(t);
    expectErrors(
      await patchRepresentative(signer, id, ids.Signer!, { custom_fields_list: cf({ marital_status: 'single' }) }),
      403,
      [{ code: 'err_no_permission', field: 'custom_fields_list.marital_status' }],
    );
    expect(await representativesFingerprint(t)).toEqual(before);
    const same = await patchRepresentative(signer, id, ids.Signer!, { custom_fields_list: cf(ANSWERS) });
    expect(signatoryOf(same).custom_fields_list).toEqual(STORED);
  });

  it('Submitted: the owner gets 403 for a change, 200 for the stored values with a new tax id', async () => {
    await seed(t, id, { status: 'Submitted' });
    const before = await representativesFingerprint(t);
    for (const [field, value] of [
      ['marital_status', 'single'],
      ['resident_since', null],
      ['pep', 'maybe'],
    ] as const) {
      const body = { custom_fields_list: cf({ [field]: value }) };
      expectErrors(await patchRepresentative(owner, id, ids.Erika!, body), 403, [
        { code: 'err_no_permission', field: `custom_fields_list.${field}` },
      ]);
    }
    // A change of an open group with a closed one: refused as a whole.
    expectErrors(
      await patchRepresentative(owner, id, ids.Erika!, {
        taxid: GERMAN_TIN,
        custom_fields_list: cf({ pep: false }),
      }),
      403,
      [{ code: 'err_no_permission', field: 'custom_fields_list.pep' }],
    );
    expect(await representativesFingerprint(t)).toEqual(before);

    const res = await patchRepresentative(owner, id, ids.Erika!, {
      taxid: GERMAN_TIN,
      custom_fields_list: cf({ ...ANSWERS, pep: true }),
    });
    expect(signatoryOf(res)).toMatchObject({ taxid: GERMAN_TIN, custom_fields_list: STORED });
    expect(await storedCustomFields(id)).toEqual([STORED, STORED]);
  });
});

describe('pending items', () => {
  it('a representative without pep (or, for object financing, the income) has incomplete data until it is set', async () => {
    const id = await workingCapital();
    await seed(t, id, { signatories: [COMPLETE_SIGNATORY] });
    const { Erika } = await signatoryIds(t, id);
    expect((await actionsOf(owner, id)).signatories_minimum_data).toEqual([
      { code: 'err_signatory_data_missing', values: [Erika] },
    ]);
    signatoryOf(await patchRepresentative(owner, id, Erika!, { custom_fields_list: cf({ pep: false }) }));
    expect((await actionsOf(owner, id)).signatories_minimum_data).toBeUndefined();

    const edf = await objectFinancing();
    await seed(t, edf, { signatories: [COMPLETE_SIGNATORY] });
    const person = (await signatoryIds(t, edf)).Erika!;
    signatoryOf(await patchRepresentative(owner, edf, person, { custom_fields_list: cf({ pep: false }) }));
    expect((await actionsOf(owner, edf)).signatories_minimum_data).toEqual([
      { code: 'err_signatory_data_missing', values: [person] },
    ]);
    signatoryOf(await patchRepresentative(owner, edf, person, { custom_fields_list: cf({ net_monthly_income: 0 }) }));
    expect((await actionsOf(owner, edf)).signatories_minimum_data).toBeUndefined();
  });

  it('a stored answer to a field the form no longer has keeps the person complete (and is kept)', async () => {
    const id = await workingCapital();
    await seed(t, id, {
      signatories: [{ ...COMPLETE_SIGNATORY, custom_fields_list: cf({ pep: true, old_question: 'x' }) }],
    });
    const { Erika } = await signatoryIds(t, id);
    expect((await actionsOf(owner, id)).signatories_minimum_data).toBeUndefined();
    // A change of another answer keeps it; a request may not set it again.
    signatoryOf(await patchRepresentative(owner, id, Erika!, { custom_fields_list: cf({ marital_status: 'single' }) }));
    expect(await storedCustomFields(id)).toEqual([cf({ pep: true, old_question: 'x', marital_status: 'single' })]);
    expectErrors(await patchRepresentative(owner, id, Erika!, { custom_fields_list: cf({ old_question: 'y' }) }), 400, [
      { code: 'err_invalid_value', field: 'custom_fields_list.old_question' },
    ]);
  });
});

describe('a partner without a signatory form (demo), and people outside the application', () => {
  it('demo: any custom field value is err_invalid_value; none is stored, the list is empty', async () => {
    const { applicationId: id } = await createApplication(demo);
    const before = await representativesFingerprint(t);
    expectErrors(
      await postRepresentative(demo, id, buildRepresentative({ custom_fields_list: cf({ pep: true }) })),
      400,
      [{ code: 'err_invalid_value', field: 'custom_fields_list.pep' }],
    );
    expect(await representativesFingerprint(t)).toEqual(before);
    const created = await addRepresentative(demo, id, { custom_fields_list: cf({ pep: null }) });
    expect(created.custom_fields_list).toEqual([]);
    expectErrors(
      await patchRepresentative(demo, id, created.signatory_id, { custom_fields_list: cf({ note: 'x' }) }),
      400,
      [{ code: 'err_invalid_value', field: 'custom_fields_list.note' }],
    );
    expect(await storedCustomFields(id)).toEqual([[]]);
  });

  it('borrower B of alpen and a demo borrower: 404 on PATCH with custom fields, nothing changes', async () => {
    const id = await workingCapital();
    const created = await addRepresentative(owner, id, { custom_fields_list: cf(ANSWERS) });
    const before = await representativesFingerprint(t);
    for (const client of [stranger, demo]) {
      expectErrors(
        await patchRepresentative(client, id, created.signatory_id, { custom_fields_list: cf({ pep: false }) }),
        404,
        [{ code: 'err_entity_not_found' }],
      );
    }
    expect(await representativesFingerprint(t)).toEqual(before);
  });
});
