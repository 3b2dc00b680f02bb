import { describe, expect, it } from 'vitest';
import type { DynamicValues } from '@finportal/contracts/dynamic-forms';
import type { CreatedApplication, CreateApplicationRequest } from '@finportal/contracts/offers';
import { alpenEntered, alpenRequest } from '../../test/dashboard.js';
import { errorsOf, expectError, expectErrors, useTestApp } from '../../test/harness.js';

/**
 * POST /user/applications at a dynamic-form partner (alpen): the request is built by the
 * browser's helpers (buildDynamicSubmission), checked by the same validator, and the custom
 * fields are stored converted, by scope.
 */
const t = await useTestApp();
const { client: alpen } = await t.signUp('alpen');
const form = t.ctx.partners.get('alpen')!.dynamic_form!;

/** DD.MM.YYYY of today (UTC) moved by days or months. */
function dayFromToday({ days = 0, months = 0 }: { days?: number; months?: number }): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(now.getUTCDate(), lastDay) + days));
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
}
const iso = (ddmmyyyy: string) => ddmmyyyy.split('.').reverse().join('-');

/** What a user enters in the alpen form (working capital), as the wizard keeps it. */
const entered = alpenEntered;

/** The request the wizard sends for these entered values. */
function request(values: DynamicValues, extra: Partial<CreateApplicationRequest> = {}): Record<string, unknown> {
  return { ...alpenRequest(form, values), ...extra };
}

const post = (body: unknown) => alpen.post('/user/applications', body);

async function created(body: unknown): Promise<CreatedApplication> {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ application: CreatedApplication }>().application;
}

const counts = async () =>
  (
    await t.sql<{ a: number; c: number }>(
      'SELECT (SELECT count(*)::int FROM applications) AS a, (SELECT count(*)::int FROM companies) AS c',
    )
  )[0];

async function refused(body: unknown, items: { code: string; field?: string }[]) {
  const before = await counts();
  const res = await post(body);
  expectErrors(res, 400, items);
  expect(await counts()).toEqual(before);
  return errorsOf(res);
}

describe('a complete dynamic submission', () => {
  it('is Open and priced; every custom value type is converted and stored by scope', async () => {
    const values = entered();
    const app = await created(request(values));
    // alpen general_liquidity: 4.5 + 0.3 × (48 − 36)/12 = 4.8, high 5.8 (company older than 24 months)
    expect(app).toMatchObject({
      status: 'Open',
      loanSize: 120_000,
      loanDuration: 48,
      display_duration_unit: 'years',
      product_type: 'general_liquidity',
      pricing: { offer_rate_low: 4.8, offer_rate_high: 5.8, offer_is_range: true },
    });

    const [company] = await t.sql<Record<string, unknown>>(
      'SELECT name, country, company_type, postcode, city, foundation_date::text AS foundation_date, custom_fields FROM companies WHERE id = $1',
      [app.company_id],
    );
    expect(company).toEqual({
      name: 'Bergbahn Technik GmbH',
      country: 'AT',
      company_type: 'GMBH',
      postcode: '6020',
      city: 'Innsbruck',
      foundation_date: '2012-03-15',
      custom_fields: [
        { field_id: 'employees', field_value: 25 }, // int from "25"
        { field_id: 'annual_revenue', field_value: 1250000.5 }, // decimal from "1250000,50"
        { field_id: 'equity_ratio', field_value: 0.125 }, // percent 12.5 → 0.125
        { field_id: 'industry', field_value: 'manufacturing' }, // text
      ],
    });
    const [row] = await t.sql<Record<string, unknown>>(
      'SELECT is_dynamic_form, duration_months, display_duration_unit, purpose_select, purpose_description, custom_fields FROM applications WHERE id = $1',
      [app.applicationId],
    );
    expect(row).toEqual({
      is_dynamic_form: true,
      duration_months: 48, // 4 years × 12
      display_duration_unit: 'years',
      purpose_select: 'operating_expenses',
      purpose_description: null,
      custom_fields: [
        { field_id: 'existing_leasing', field_value: false }, // boolean from the radio's "false"
        { field_id: 'planned_start', field_value: iso(values.planned_start as string) }, // date → YYYY-MM-DD
        { field_id: 'consent_credit_check', field_value: true },
      ],
    });
  });

  it('object financing has its own field (object_type) and product', async () => {
    const app = await created(
      request(
        entered({
          allBanksLoanPurpose: 'event_driven_financing_loan',
          purposeSelect: 'machinery_or_equipment',
          object_type: 'machine',
          loanDuration: 3,
        }),
      ),
    );
    // alpen object_financing: 3.9, no duration add-on at 36 months; high 3.9 + 0.8 = 4.7
    expect(app).toMatchObject({
      status: 'Open',
      loanDuration: 36,
      product_type: 'object_financing',
      pricing: { offer_rate_low: 3.9, offer_rate_high: 4.7 },
    });
    const [row] = await t.sql<{ custom_fields: { field_id: string }[] }>(
      'SELECT custom_fields FROM applications WHERE id = $1',
      [app.applicationId],
    );
    expect(row!.custom_fields[0]).toEqual({ field_id: 'object_type', field_value: 'machine' });
  });

  it('a young company pays the young-company add-on (founded 12 months ago: 4.8 + 2.0 = 6.8)', async () => {
    const app = await created(request(entered({ foundation_date: dayFromToday({ months: -12 }) })));
    expect(app.status).toBe('Open');
    expect(app.pricing).toMatchObject({ offer_rate_low: 6.8, offer_rate_high: 7.8 });
  });
});

describe('a dynamic submission with errors: 400, nothing stored', () => {
  it('a skipped required field', async () => {
    await refused(request(entered({ foundation_date: undefined })), [
      { code: 'err_required', field: 'foundation_date' },
    ]);
    await refused(request(entered({ industry: '' })), [{ code: 'err_required', field: 'industry' }]);
  });

  it('an unticked consent is err_custom_field_required', async () => {
    await refused(request(entered({ consent_credit_check: false })), [
      { code: 'err_custom_field_required', field: 'consent_credit_check' },
    ]);
  });

  it("the form's own rules: postcode digits only, duration in years, dates relative to today", async () => {
    await refused(request(entered({ companyPostCode: 'A-6020' })), [
      { code: 'err_pattern_mismatch', field: 'companyPostCode' },
    ]);
    const errors = await refused(request(entered({ loanDuration: 7 })), [
      { code: 'err_too_big', field: 'loanDuration' },
    ]);
    expect(errors[0]?.values).toEqual({ max: 5 }); // years, as the user entered them
    await refused(request(entered({ planned_start: dayFromToday({ days: -1 }) })), [
      { code: 'err_date_too_early', field: 'planned_start' },
    ]);
    await refused(request(entered({ foundation_date: dayFromToday({ days: 2 }) })), [
      { code: 'err_date_too_late', field: 'foundation_date' },
    ]);
    await refused(request(entered({ equity_ratio: 120 })), [{ code: 'err_too_big', field: 'equity_ratio' }]);
  });

  it('every failing field at once', async () => {
    await refused(request(entered({ companyName: 'AB', industry: 'mining', consent_credit_check: false })), [
      { code: 'err_too_short', field: 'companyName' },
      { code: 'err_invalid_value', field: 'industry' },
      { code: 'err_custom_field_required', field: 'consent_credit_check' },
    ]);
  });

  it('custom values of the wrong type, unknown custom fields and twice the same field', async () => {
    const body = request(entered());
    const list = body.custom_fields_list as { field_id: string; field_value: unknown }[];
    const replace = (id: string, value: unknown) =>
      list.map((c) => (c.field_id === id ? { field_id: id, field_value: value } : c));
    await refused({ ...body, custom_fields_list: replace('employees', 'many') }, [
      { code: 'err_invalid_value', field: 'employees' },
    ]);
    await refused({ ...body, custom_fields_list: replace('planned_start', '31.12.2030') }, [
      { code: 'err_date_invalid', field: 'planned_start' },
    ]);
    await refused({ ...body, custom_fields_list: replace('existing_leasing', 'yes') }, [
      { code: 'err_invalid_value', field: 'existing_leasing' },
    ]);
    await refused({ ...body, custom_fields_list: [...list, { field_id: 'favourite_colour', field_value: 'blue' }] }, [
      { code: 'err_invalid_value', field: 'custom_fields_list.favourite_colour' },
    ]);
    await refused({ ...body, custom_fields_list: [...list, { field_id: 'industry', field_value: 'trade' }] }, [
      { code: 'err_invalid_value', field: 'custom_fields_list.industry' },
    ]);
  });

  it('a loan type without steps in the form, and a classic request at a dynamic partner', async () => {
    const before = await counts();
    expectError(
      await post(request(entered(), { allBanksLoanPurpose: 'factoring' })),
      400,
      'err_loan_type_not_allowed',
      'allBanksLoanPurpose',
    );
    expect(await counts()).toEqual(before);
    const res = await post({ ...request(entered()), dynamic_form: false });
    expectError(res, 400, 'err_invalid_value', 'dynamic_form');
  });
});

describe('eligibility at a dynamic partner', () => {
  it("a currency the form's loan purpose does not offer is rejected (object financing: EUR only)", async () => {
    const app = await created(
      request(
        entered({
          allBanksLoanPurpose: 'event_driven_financing_loan',
          purposeSelect: 'machinery_or_equipment',
          object_type: 'vehicle',
        }),
        { currency: 'CHF' },
      ),
    );
    expect(app).toMatchObject({ status: 'Rejected', rejection_reason: 'err_currency_not_allowed', pricing: null });
    // Working capital may be in CHF.
    const chf = await created(
      request(entered({ companyCountry: 'CH', companyType: 'CH_AG', companyPostCode: '8001' }), { currency: 'CHF' }),
    );
    expect(chf.status).toBe('Open');
  });

  it('country rules apply as for classic partners', async () => {
    const gbr = await created(request(entered({ companyCountry: 'DE', companyType: 'GBR', companyPostCode: '80331' })));
    expect(gbr.rejection_reason).toBe('err_company_type_not_allowed');
    const chEvent = await created(
      request(
        entered({
          allBanksLoanPurpose: 'event_driven_financing_loan',
          purposeSelect: 'machinery_or_equipment',
          object_type: 'vehicle',
          companyCountry: 'CH',
          companyType: 'CH_AG',
        }),
      ),
    );
    expect(chEvent.rejection_reason).toBe('err_loan_type_not_allowed');
    const young = await created(request(entered({ foundation_date: dayFromToday({ months: -3 }) })));
    expect(young.rejection_reason).toBe('err_company_age_not_allowed');
  });
});
