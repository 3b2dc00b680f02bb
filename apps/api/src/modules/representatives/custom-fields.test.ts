import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomFieldEntry } from '@finportal/contracts/applications';
import { COMPLETE_SIGNATORY, seed, signatoryIds } from '../../test/dashboard.js';
import { errorsOf, expectErrors, useTestApp } from '../../test/harness.js';
import {
  addRepresentative,
  buildRepresentative,
  deleteRepresentative,
  listRepresentatives,
  patchRepresentative,
  postRepresentative,
  representativesFingerprint,
  setRepresentativesSettings,
  signatoryAudits,
  signatoryOf,
  signatoryRows,
  alpenObjectFinancing,
  alpenWorkingCapital,
  customFields,
} from '../../test/representatives.js';

/**
 * Signatory custom fields (issue 10; ADR 014): the answers to the partner's signatory form, sent
 * as `custom_fields_list` on POST and PATCH …/signatories, judged by the wizard's validator for
 * the application's loan type, stored per representative in their value type, and audited.
 * Permissions, pending items and other parties: custom-fields-access.test.ts.
 */
const t = await useTestApp();
const { client: owner } = await t.signUp('alpen');
setRepresentativesSettings(t, 'alpen', { guarantees_required: [], credit_report_provider: null });
const form = t.ctx.partners.get('alpen')!.dynamic_form!;

const cf = customFields;
const workingCapital = () => alpenWorkingCapital(owner, form);
const objectFinancing = () => alpenObjectFinancing(owner, form);

/** YYYY-MM-DD (UTC) of today plus `days`. */
const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ANSWERS = { pep: 'true', marital_status: ' married ', resident_since: '2012-03-15' };
const STORED = cf({ pep: true, marital_status: 'married', resident_since: '2012-03-15' });

/** The stored custom fields of each representative of an application. */
const storedCustomFields = async (applicationId: string) =>
  (await signatoryRows(t, applicationId)).map((r) => r.custom_fields);

describe('POST with custom fields (alpen, working capital)', () => {
  let id: string;
  beforeAll(async () => {
    id = await workingCapital();
  });

  it('stores the answers in their value type; the record, the list, the row and the audit entry show them', async () => {
    const created = await addRepresentative(owner, id, { custom_fields_list: cf(ANSWERS) });
    expect(created.custom_fields_list).toEqual(STORED);
    const listed = (await listRepresentatives(owner, id)).signatories.find(
      (s) => s.signatory_id === created.signatory_id,
    );
    expect(listed).toEqual(created);
    const row = (await signatoryRows(t, id)).find((r) => r.id === created.signatory_id);
    expect(row!.custom_fields).toEqual(STORED);
    const [added] = await signatoryAudits(t, created.signatory_id);
    expect(added).toMatchObject({ action: 'signatory.added', data: { after: { custom_fields_list: STORED } } });
    // pep alone is enough: the other fields are optional.
    const minimal = await addRepresentative(owner, id, { percentage_owned: 0, custom_fields_list: cf({ pep: false }) });
    expect(minimal.custom_fields_list).toEqual(cf({ pep: false }));
  });

  it.each<[string, Record<string, CustomFieldEntry['field_value']>, code: string, field: string]>([
    ['without pep', { marital_status: 'single' }, 'err_required', 'pep'],
    ['pep null', { pep: null }, 'err_required', 'pep'],
    ['pep "maybe"', { pep: 'maybe' }, 'err_invalid_value', 'pep'],
    ['pep 1', { pep: 1 }, 'err_invalid_value', 'pep'],
    ['no option', { pep: true, marital_status: 'complicated' }, 'err_invalid_value', 'marital_status'],
    ['resident since tomorrow', { pep: true, resident_since: isoDay(1) }, 'err_date_too_late', 'resident_since'],
    ['a date as DD.MM.YYYY', { pep: true, resident_since: '15.03.2012' }, 'err_date_invalid', 'resident_since'],
    ['an unknown field', { pep: true, shoe_size: '42' }, 'err_invalid_value', 'shoe_size'],
    ['a field of another loan type', { pep: true, net_monthly_income: 100 }, 'err_invalid_value', 'net_monthly_income'],
  ])('%s: 400 on custom_fields_list.<id>, nothing stored', async (_name, values, code, field) => {
    const before = await representativesFingerprint(t);
    const res = await postRepresentative(owner, id, buildRepresentative({ custom_fields_list: cf(values) }));
    expectErrors(res, 400, [{ code, field: `custom_fields_list.${field}` }]);
    expect(await representativesFingerprint(t)).toEqual(before);
  });

  it('a bidi override: 400 from the request guard (issue 25), naming the value by its path; nothing stored', async () => {
    const before = await representativesFingerprint(t);
    const res = await postRepresentative(
      owner,
      id,
      buildRepresentative({ custom_fields_list: cf({ pep: true, marital_status: 'mar\u202eried' }) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        code: 'err_invalid_characters',
        field: expect.stringMatching(/^data\.0\.custom_fields_list\.\d+\.field_value$/),
      },
    ]);
    expect(await representativesFingerprint(t)).toEqual(before);
  });

  it('every error at once: the fields, then the custom fields', async () => {
    const before = await representativesFingerprint(t);
    const body = buildRepresentative({
      first_name: null,
      custom_fields_list: cf({ marital_status: 'x', resident_since: 'y' }),
    });
    const res = await postRepresentative(owner, id, body);
    expectErrors(res, 400, [
      { code: 'err_required', field: 'first_name' },
      { code: 'err_required', field: 'custom_fields_list.pep' },
      { code: 'err_invalid_value', field: 'custom_fields_list.marital_status' },
      { code: 'err_date_invalid', field: 'custom_fields_list.resident_since' },
    ]);
    expect(errorsOf(res).map((e) => e.field)).toEqual([
      'first_name',
      'custom_fields_list.pep',
      'custom_fields_list.marital_status',
      'custom_fields_list.resident_since',
    ]);
    expect(await representativesFingerprint(t)).toEqual(before);
  });

  it('control characters: C0 ones are refused by the body guard, a trailing newline of a choice is trimmed', async () => {
    const before = await representativesFingerprint(t);
    const res = await postRepresentative(
      owner,
      id,
      buildRepresentative({ custom_fields_list: cf({ pep: true, marital_status: 'married\u0000' }) }),
    );
    expectErrors(res, 400, [{ code: 'err_invalid_characters', field: 'data.0.custom_fields_list.1.field_value' }]);
    expect(await representativesFingerprint(t)).toEqual(before);
    const trimmed = await addRepresentative(owner, id, {
      percentage_owned: 0,
      custom_fields_list: cf({ pep: true, marital_status: 'married\n' }),
    });
    expect(trimmed.custom_fields_list).toEqual(cf({ pep: true, marital_status: 'married' }));
  });
});

describe('object financing asks for the net monthly income, working capital does not', () => {
  it('required on event_driven_financing_loan, stored as a number', async () => {
    const id = await objectFinancing();
    expectErrors(
      await postRepresentative(owner, id, buildRepresentative({ custom_fields_list: cf({ pep: false }) })),
      400,
      [{ code: 'err_required', field: 'custom_fields_list.net_monthly_income' }],
    );
    expectErrors(
      await postRepresentative(
        owner,
        id,
        buildRepresentative({ custom_fields_list: cf({ pep: false, net_monthly_income: -1 }) }),
      ),
      400,
      [{ code: 'err_too_small', field: 'custom_fields_list.net_monthly_income' }],
    );
    expect(await signatoryRows(t, id)).toEqual([]);
    const created = await addRepresentative(owner, id, {
      custom_fields_list: cf({ pep: 'false', net_monthly_income: '4200.50' }),
    });
    expect(created.custom_fields_list).toEqual(cf({ pep: false, net_monthly_income: 4200.5 }));
    // Working capital: the same answers without the income pass.
    const wcl = await workingCapital();
    expect(
      (await addRepresentative(owner, wcl, { custom_fields_list: cf({ pep: false }) })).custom_fields_list,
    ).toEqual(cf({ pep: false }));
  });
});

describe('PATCH custom fields', () => {
  let id: string;
  beforeAll(async () => {
    id = await workingCapital();
  });

  it('one field changes that field only; null removes an optional field', async () => {
    const created = await addRepresentative(owner, id, { custom_fields_list: cf(ANSWERS) });
    const changed = signatoryOf(
      await patchRepresentative(owner, id, created.signatory_id, {
        custom_fields_list: cf({ marital_status: 'single' }),
      }),
    );
    expect(changed).toEqual({
      ...created,
      custom_fields_list: cf({ pep: true, marital_status: 'single', resident_since: '2012-03-15' }),
    });
    const removed = signatoryOf(
      await patchRepresentative(owner, id, created.signatory_id, { custom_fields_list: cf({ resident_since: null }) }),
    );
    expect(removed).toEqual({ ...created, custom_fields_list: cf({ pep: true, marital_status: 'single' }) });
    expect(await storedCustomFields(id)).toEqual([cf({ pep: true, marital_status: 'single' })]);
  });

  it('lenient: a record without pep may get a new phone or marital status; a bad value sent is still refused', async () => {
    const app = await workingCapital();
    await seed(t, app, { signatories: [{ ...COMPLETE_SIGNATORY, first_name: 'Seeded' }] });
    const { Seeded } = await signatoryIds(t, app);
    const res = await patchRepresentative(owner, app, Seeded!, { telephone: '+43 512 123456' });
    expect(signatoryOf(res)).toMatchObject({ telephone: '+43512123456', custom_fields_list: [] });
    const married = await patchRepresentative(owner, app, Seeded!, {
      custom_fields_list: cf({ marital_status: 'married' }),
    });
    expect(signatoryOf(married).custom_fields_list).toEqual(cf({ marital_status: 'married' }));
    const before = await representativesFingerprint(t);
    for (const [values, code] of [
      [{ pep: 'maybe' }, 'err_invalid_value'],
      [{ pep: null }, 'err_required'],
    ] as const) {
      expectErrors(await patchRepresentative(owner, app, Seeded!, { custom_fields_list: cf(values) }), 400, [
        { code, field: 'custom_fields_list.pep' },
      ]);
    }
    expect(await representativesFingerprint(t)).toEqual(before);
  });

  it('removing pep from a record that has it is refused; nothing changes', async () => {
    const created = await addRepresentative(owner, id, { percentage_owned: 0, custom_fields_list: cf(ANSWERS) });
    const before = await representativesFingerprint(t);
    expectErrors(
      await patchRepresentative(owner, id, created.signatory_id, {
        telephone: '+43 512 999999',
        custom_fields_list: cf({ pep: null, marital_status: 'single' }),
      }),
      400,
      [{ code: 'err_required', field: 'custom_fields_list.pep' }],
    );
    expectErrors(
      await patchRepresentative(owner, id, created.signatory_id, { custom_fields_list: cf({ shoe_size: 42 }) }),
      400,
      [{ code: 'err_invalid_value', field: 'custom_fields_list.shoe_size' }],
    );
    expect(await representativesFingerprint(t)).toEqual(before);
  });

  it('no change writes no audit entry; a change is audited with the changed field before and after', async () => {
    const created = await addRepresentative(owner, id, { percentage_owned: 0, custom_fields_list: cf(ANSWERS) });
    const [row] = (await signatoryRows(t, id)).filter((r) => r.id === created.signatory_id);
    for (const body of [
      {},
      { custom_fields_list: [] },
      { custom_fields_list: cf(ANSWERS) },
      { custom_fields_list: cf({ pep: true, shoe_size: null }) },
    ]) {
      expect(signatoryOf(await patchRepresentative(owner, id, created.signatory_id, body))).toEqual(created);
    }
    expect((await signatoryRows(t, id)).find((r) => r.id === created.signatory_id)).toEqual(row);
    expect((await signatoryAudits(t, created.signatory_id)).map((a) => a.action)).toEqual(['signatory.added']);

    signatoryOf(
      await patchRepresentative(owner, id, created.signatory_id, {
        custom_fields_list: cf({ pep: true, marital_status: 'divorced' }),
      }),
    );
    const phone = await patchRepresentative(owner, id, created.signatory_id, {
      telephone: '+43 512 123456',
      custom_fields_list: cf({ resident_since: null }),
    });
    expect(signatoryOf(phone).custom_fields_list).toEqual(cf({ pep: true, marital_status: 'divorced' }));
    const audits = await signatoryAudits(t, created.signatory_id);
    expect(audits.map((a) => a.action)).toEqual(['signatory.added', 'signatory.updated', 'signatory.updated']);
    expect(audits[1]!.data).toEqual({
      application_id: id,
      before: { custom_fields_list: { marital_status: 'married' } },
      after: { custom_fields_list: { marital_status: 'divorced' } },
    });
    expect(audits[2]!.data).toEqual({
      application_id: id,
      before: { telephone: '+49301234567', custom_fields_list: { resident_since: '2012-03-15' } },
      after: { telephone: '+43512123456', custom_fields_list: { resident_since: null } },
    });

    expect((await deleteRepresentative(owner, id, created.signatory_id)).statusCode).toBe(204);
    const deleted = (await signatoryAudits(t, created.signatory_id)).at(-1)!;
    expect(deleted).toMatchObject({
      action: 'signatory.deleted',
      data: { before: { custom_fields_list: cf({ pep: true, marital_status: 'divorced' }) } },
    });
  });
});
