import { beforeAll, describe, expect, it } from 'vitest';
import { applicationResponse, type CustomFieldEntry } from '@finportal/contracts/applications';
import { alpenRequest, createApplication, dayFromToday, seed } from '../../test/dashboard.js';
import { expectErrors, registerAndConfirm, useTestApp, type TestClient } from '../../test/harness.js';

/**
 * PATCH /user/applications/{id}/custom_field_list at a dynamic-form partner (alpen): values
 * arrive converted (dates YYYY-MM-DD, percent as a decimal), are checked with the wizard's
 * validator and stored by scope, on the company or on the application.
 */
const t = await useTestApp();
const { client: alpen, user: alpenUser } = await t.signUp('alpen');
const form = t.ctx.partners.get('alpen')!.dynamic_form!;

const iso = (ddmmyyyy: string) => ddmmyyyy.split('.').reverse().join('-');
const byId = (list: CustomFieldEntry[]) => Object.fromEntries(list.map((c) => [c.field_id, c.field_value]));

const patch = (client: TestClient, id: string, custom_fields: unknown) =>
  client.patch(`/user/applications/${id}/custom_field_list`, { custom_fields });

/** Custom fields as stored: company scope and application scope. */
async function storedOf(id: string) {
  const [row] = await t.sql<{ app: CustomFieldEntry[]; company: CustomFieldEntry[] }>(
    `SELECT a.custom_fields AS app, c.custom_fields AS company
     FROM applications a JOIN companies c ON c.id = a.company_id WHERE a.id = $1`,
    [id],
  );
  return { application: byId(row!.app), company: byId(row!.company) };
}

async function alpenApplication(overrides = {}) {
  return (await createApplication(alpen, alpenRequest(form, overrides))).applicationId;
}

describe('saving custom fields', () => {
  it('each value type is stored, by scope, and returned in company_custom_fields and custom_fields_list', async () => {
    const id = await alpenApplication();
    expect(await storedOf(id)).toEqual({
      company: { employees: 25, annual_revenue: 1250000.5, equity_ratio: 0.125, industry: 'manufacturing' },
      application: { existing_leasing: false, planned_start: iso(dayFromToday(14)), consent_credit_check: true },
    });

    const start = iso(dayFromToday(30));
    const res = await patch(alpen, id, [
      { field_id: 'employees', field_value: 40 }, // int
      { field_id: 'annual_revenue', field_value: 2_000_000.75 }, // decimal
      { field_id: 'equity_ratio', field_value: 0.275 }, // percent, as a decimal (27.5 %)
      { field_id: 'industry', field_value: 'trade' }, // text (select)
      { field_id: 'existing_leasing', field_value: true }, // boolean (radio)
      { field_id: 'planned_start', field_value: start }, // date, YYYY-MM-DD
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { application } = applicationResponse.parse(res.json());
    expect(byId(application.company_custom_fields)).toEqual({
      employees: 40,
      annual_revenue: 2_000_000.75,
      equity_ratio: 0.275,
      industry: 'trade',
    });
    expect(byId(application.custom_fields_list)).toEqual({
      existing_leasing: true,
      planned_start: start,
      consent_credit_check: true,
    });
    expect(await storedOf(id)).toEqual({
      company: { employees: 40, annual_revenue: 2_000_000.75, equity_ratio: 0.275, industry: 'trade' },
      application: { existing_leasing: true, planned_start: start, consent_credit_check: true },
    });

    const audits = await t.sql<{ action: string; user_id: string; data: unknown }>(
      "SELECT action, user_id, data FROM audit_log WHERE action = 'application.custom_fields_updated' AND entity_id = $1",
      [id],
    );
    expect(audits).toEqual([
      {
        action: 'application.custom_fields_updated',
        user_id: alpenUser.userId,
        data: {
          field_ids: ['employees', 'annual_revenue', 'equity_ratio', 'industry', 'existing_leasing', 'planned_start'],
        },
      },
    ]);
  });

  it('one scope at a time leaves the other untouched; the last of two entries for one field wins', async () => {
    const id = await alpenApplication();
    const before = await storedOf(id);
    const res = await patch(alpen, id, [
      { field_id: 'existing_leasing', field_value: true },
      { field_id: 'existing_leasing', field_value: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedOf(id)).toEqual({
      company: before.company,
      application: { ...before.application, existing_leasing: false },
    });
  });

  it('values typed as text are stored in their value type (int, decimal, boolean)', async () => {
    const id = await alpenApplication();
    const res = await patch(alpen, id, [
      { field_id: 'employees', field_value: '30' },
      { field_id: 'annual_revenue', field_value: '1500000,25' },
      { field_id: 'existing_leasing', field_value: 'true' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedOf(id);
    expect(stored.company).toMatchObject({ employees: 30, annual_revenue: 1500000.25 });
    expect(stored.application).toMatchObject({ existing_leasing: true });
  });

  it('null removes an optional value; a required one cannot be removed (err_required)', async () => {
    const id = await alpenApplication();
    const res = await patch(alpen, id, [
      { field_id: 'employees', field_value: null },
      { field_id: 'equity_ratio', field_value: null },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedOf(id);
    expect(stored.company).toEqual({ annual_revenue: 1250000.5, industry: 'manufacturing' });
    expect(byId(applicationResponse.parse(res.json()).application.company_custom_fields)).toEqual(stored.company);

    expectErrors(await patch(alpen, id, [{ field_id: 'industry', field_value: null }]), 400, [
      { code: 'err_required', field: 'custom_fields.industry' },
    ]);
    expectErrors(await patch(alpen, id, [{ field_id: 'consent_credit_check', field_value: false }]), 400, [
      { code: 'err_custom_field_required', field: 'custom_fields.consent_credit_check' },
    ]);
    expect(await storedOf(id)).toEqual(stored);
  });

  it('object financing has its own application field (object_type)', async () => {
    const id = await alpenApplication({
      allBanksLoanPurpose: 'event_driven_financing_loan',
      purposeSelect: 'machinery_or_equipment',
      object_type: 'machine',
      loanDuration: 3,
    });
    const res = await patch(alpen, id, [{ field_id: 'object_type', field_value: 'vehicle' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOf(id)).application.object_type).toBe('vehicle');
    expectErrors(await patch(alpen, id, [{ field_id: 'object_type', field_value: 'boat' }]), 400, [
      { code: 'err_invalid_value', field: 'custom_fields.object_type' },
    ]);
  });
});

describe('refused: 400 with every field error under custom_fields.<id>, nothing stored', () => {
  let id: string;

  beforeAll(async () => {
    id = await alpenApplication();
  });

  async function refused(entries: unknown, items: { code: string; field?: string }[]) {
    const before = await storedOf(id);
    expectErrors(await patch(alpen, id, entries), 400, items);
    expect(await storedOf(id)).toEqual(before);
  }

  it('values of the wrong type or outside the rules', async () => {
    const f = (field_id: string, field_value: unknown) => [{ field_id, field_value }];
    await refused(f('employees', 2.5), [{ code: 'err_invalid_value', field: 'custom_fields.employees' }]);
    await refused(f('employees', 'many'), [{ code: 'err_invalid_value', field: 'custom_fields.employees' }]);
    await refused(f('employees', 0), [{ code: 'err_too_small', field: 'custom_fields.employees' }]);
    await refused(f('annual_revenue', -1), [{ code: 'err_too_small', field: 'custom_fields.annual_revenue' }]);
    // Percent as a decimal: 1.2 is 120 %.
    await refused(f('equity_ratio', 1.2), [{ code: 'err_too_big', field: 'custom_fields.equity_ratio' }]);
    await refused(f('industry', 'mining'), [{ code: 'err_invalid_value', field: 'custom_fields.industry' }]);
    await refused(f('existing_leasing', 'yes'), [
      { code: 'err_invalid_value', field: 'custom_fields.existing_leasing' },
    ]);
    await refused(f('planned_start', dayFromToday(30)), [
      { code: 'err_date_invalid', field: 'custom_fields.planned_start' },
    ]);
    await refused(f('planned_start', '2030-02-30'), [
      { code: 'err_date_invalid', field: 'custom_fields.planned_start' },
    ]);
    await refused(f('planned_start', iso(dayFromToday(-1))), [
      { code: 'err_date_too_early', field: 'custom_fields.planned_start' },
    ]);
    await refused(f('planned_start', iso(dayFromToday(400))), [
      { code: 'err_date_too_late', field: 'custom_fields.planned_start' },
    ]);
  });

  it('unknown fields, standard fields and fields of another loan type are err_invalid_value', async () => {
    await refused(
      [{ field_id: 'favourite_colour', field_value: 'blue' }],
      [{ code: 'err_invalid_value', field: 'custom_fields.favourite_colour' }],
    );
    await refused(
      [{ field_id: 'companyName', field_value: 'Neuer Name GmbH' }],
      [{ code: 'err_invalid_value', field: 'custom_fields.companyName' }],
    );
    await refused(
      [{ field_id: 'loanSize', field_value: 200_000 }],
      [{ code: 'err_invalid_value', field: 'custom_fields.loanSize' }],
    );
    // object_type belongs to object financing only.
    await refused(
      [{ field_id: 'object_type', field_value: 'machine' }],
      [{ code: 'err_invalid_value', field: 'custom_fields.object_type' }],
    );
  });

  it('every failing field at once; a valid entry in the same request is not stored either', async () => {
    await refused(
      [
        { field_id: 'employees', field_value: 50 },
        { field_id: 'equity_ratio', field_value: 2 },
        { field_id: 'industry', field_value: 'mining' },
        { field_id: 'favourite_colour', field_value: 'blue' },
      ],
      [
        { code: 'err_too_big', field: 'custom_fields.equity_ratio' },
        { code: 'err_invalid_value', field: 'custom_fields.industry' },
        { code: 'err_invalid_value', field: 'custom_fields.favourite_colour' },
      ],
    );
  });

  it('an empty or missing list is err_required; a malformed entry is refused by the schema', async () => {
    await refused([], [{ code: 'err_required', field: 'custom_fields' }]);
    const before = await storedOf(id);
    expectErrors(await alpen.patch(`/user/applications/${id}/custom_field_list`, {}), 400, [
      { code: 'err_required', field: 'custom_fields' },
    ]);
    const res = await patch(alpen, id, [{ field_id: 'employees', field_value: { n: 5 } }]);
    expect(res.statusCode, res.body).toBe(400);
    expect(await storedOf(id)).toEqual(before);
  });
});

describe('where custom fields cannot be changed', () => {
  it('a partner without a dynamic form (demo) refuses any field', async () => {
    const demo = t.client('demo', { ip: '10.0.4.2' });
    await registerAndConfirm(demo);
    const { applicationId: id } = await createApplication(demo);
    expectErrors(
      await patch(demo, id, [
        { field_id: 'employees', field_value: 5 },
        { field_id: 'industry', field_value: 'trade' },
      ]),
      400,
      [
        { code: 'err_invalid_value', field: 'custom_fields.employees' },
        { code: 'err_invalid_value', field: 'custom_fields.industry' },
      ],
    );
    expect(await storedOf(id)).toEqual({ application: {}, company: {} });
  });

  it('after submission (Submitted) the owner gets 403 err_no_permission', async () => {
    const id = await alpenApplication();
    await seed(t, id, { status: 'Submitted' });
    const before = await storedOf(id);
    expectErrors(await patch(alpen, id, [{ field_id: 'employees', field_value: 99 }]), 403, [
      { code: 'err_no_permission' },
    ]);
    expect(await storedOf(id)).toEqual(before);
  });

  it("another alpen borrower gets 404 for this application's fields", async () => {
    const id = await alpenApplication();
    const other = t.client('alpen', { ip: '10.0.4.3' });
    await registerAndConfirm(other);
    const before = await storedOf(id);
    expectErrors(await patch(other, id, [{ field_id: 'employees', field_value: 99 }]), 404, [
      { code: 'err_entity_not_found' },
    ]);
    expect(await storedOf(id)).toEqual(before);
  });
});
