import { describe, expect, it } from 'vitest';
import type { CreateApplicationRequest } from '@finportal/contracts/offers';
import { buildApplication, buildFactoringApplication } from '../../test/application-factories.js';
import { errorsOf, expectErrors, useTestApp } from '../../test/harness.js';

/**
 * The input rules of spec 1 section 5 on POST /user/applications (classic wizard): a bad value
 * answers 400 with the field and the code, every failing field at once, and nothing is stored.
 */
const t = await useTestApp();
const [{ client: demo }, { client: nord }] = await Promise.all([t.signUp('demo'), t.signUp('nordbank')]);

const counts = async () =>
  (
    await t.sql<{ a: number; c: number; h: number }>(
      `SELECT (SELECT count(*)::int FROM applications) AS a, (SELECT count(*)::int FROM companies) AS c,
              (SELECT count(*)::int FROM application_status_history) AS h`,
    )
  )[0];

type Item = { code: string; field?: string };

/** Posts the body, expects 400 with exactly these items, and that no row was written. */
async function refused(body: unknown, items: Item[], client = demo) {
  const before = await counts();
  const res = await client.post('/user/applications', body);
  expectErrors(res, 400, items);
  expect(await counts()).toEqual(before);
  return errorsOf(res);
}

/** The demo application without these fields. */
function without(...keys: (keyof CreateApplicationRequest)[]): Record<string, unknown> {
  const body: Record<string, unknown> = { ...buildApplication() };
  for (const k of keys) delete body[k];
  return body;
}

describe('company fields', () => {
  it.each([
    ['street', without('street'), 'err_required'],
    ['street', buildApplication({ street: '   ' }), 'err_required'],
    ['street', buildApplication({ street: 'x'.repeat(31) }), 'err_too_long'],
    ['houseNumber', without('houseNumber'), 'err_required'],
    ['houseNumber', buildApplication({ houseNumber: '12345678901' }), 'err_too_long'],
    ['houseNumber', buildApplication({ houseNumber: '12#' }), 'err_invalid_characters'],
    ['companyPostCode', without('companyPostCode'), 'err_required'],
    ['companyPostCode', buildApplication({ companyPostCode: '123456789' }), 'err_too_long'],
    ['companyPostCode', buildApplication({ companyPostCode: '10_115' }), 'err_invalid_postcode'],
    ['companyLocation', without('companyLocation'), 'err_required'],
    ['companyLocation', buildApplication({ companyLocation: 'Berlin 2' }), 'err_invalid_characters'],
    ['companyLocation', buildApplication({ companyLocation: 'x'.repeat(31) }), 'err_too_long'],
    ['taxIdNumber', buildApplication({ taxIdNumber: '12345' }), 'err_invalid_tax_number_de'],
    ['taxIdNumber', buildApplication({ taxIdNumber: 'de123456789' }), 'err_invalid_tax_number_de'],
    ['businessPurpose', without('businessPurpose'), 'err_required'],
    ['businessPurpose', buildApplication({ businessPurpose: 'Bau' }), 'err_too_short'],
    ['businessPurpose', buildApplication({ businessPurpose: 'x'.repeat(201) }), 'err_too_long'],
    ['companyType', without('companyType'), 'err_required'],
    ['companyType', buildApplication({ companyType: '' }), 'err_required'],
    ['companyName', without('companyName'), 'err_required'],
    ['companyName', buildApplication({ companyName: 'ABC' }), 'err_too_short'],
    ['companyName', buildApplication({ companyName: 'x'.repeat(256) }), 'err_too_long'],
    ['companyCountry', buildApplication({ companyCountry: 'de' }), 'err_invalid_value'],
  ])('%s (case %#) → %s', async (field, body, code) => {
    await refused(body, [{ code, field }]);
  });

  it('limits travel with the code: {max: 30} for a long street, {min: 5} for a short purpose', async () => {
    expect(
      (await refused(buildApplication({ street: 'x'.repeat(31) }), [{ code: 'err_too_long', field: 'street' }]))[0]
        ?.values,
    ).toEqual({ max: 30 });
    expect(
      (
        await refused(buildApplication({ businessPurpose: 'Bau' }), [
          { code: 'err_too_short', field: 'businessPurpose' },
        ])
      )[0]?.values,
    ).toEqual({ min: 5 });
  });

  it('the tax number is optional, and accepts separators and a country prefix', async () => {
    for (const taxIdNumber of [undefined, '', '12/345/67890', 'DE123456789']) {
      const res = await demo.post('/user/applications', buildApplication({ taxIdNumber }));
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('loan purpose', () => {
  it('more than one purpose for the loan type: the select is required', async () => {
    await refused(without('purposeSelect'), [{ code: 'err_required', field: 'purposeSelect' }]);
  });

  it('a purpose of another loan type is refused', async () => {
    await refused(buildApplication({ purposeSelect: 'commercial_real_estate' }), [
      { code: 'err_purpose_not_allowed', field: 'purposeSelect' },
    ]);
  });

  it('purpose other: the description is required, 30 to 700 characters', async () => {
    await refused(buildApplication({ purposeSelect: 'other' }), [
      { code: 'err_required', field: 'purposeDescription' },
    ]);
    await refused(buildApplication({ purposeSelect: 'other', purposeDescription: 'x'.repeat(29) }), [
      { code: 'err_too_short', field: 'purposeDescription' },
    ]);
    await refused(buildApplication({ purposeSelect: 'other', purposeDescription: 'x'.repeat(701) }), [
      { code: 'err_too_long', field: 'purposeDescription' },
    ]);
    const ok = await demo.post(
      '/user/applications',
      buildApplication({ purposeSelect: 'other', purposeDescription: 'x'.repeat(30) }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('no purposes, or only other: the description is required (and one purpose needs no select)', async () => {
    const partner = t.ctx.partners.get('demo')!;
    const saved = partner.loan_purposes;
    try {
      partner.loan_purposes = { items: [], by_loan_type: {} };
      await refused(without('purposeSelect'), [{ code: 'err_required', field: 'purposeDescription' }]);
      partner.loan_purposes = { items: ['other'], by_loan_type: { working_capital_loan: ['other'] } };
      await refused(without('purposeSelect'), [{ code: 'err_required', field: 'purposeDescription' }]);
      partner.loan_purposes = {
        items: ['operating_expenses'],
        by_loan_type: { working_capital_loan: ['operating_expenses'] },
      };
      const res = await demo.post('/user/applications', without('purposeSelect'));
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.sql<{ purpose_select: string }>('SELECT purpose_select FROM applications WHERE id = $1', [
        res.json<{ application: { applicationId: string } }>().application.applicationId,
      ]);
      expect(row?.purpose_select).toBe('operating_expenses');
    } finally {
      partner.loan_purposes = saved;
    }
  });
});

describe('amount and duration: the product limits', () => {
  it.each([
    ['loanSize', without('loanSize'), 'err_required', undefined],
    ['loanSize', buildApplication({ loanSize: 10_000 }), 'err_too_small', { min: 15_000 }],
    ['loanSize', buildApplication({ loanSize: 100_000_001 }), 'err_too_big', { max: 100_000_000 }],
    ['loanDuration', without('loanDuration'), 'err_required', undefined],
    ['loanDuration', buildApplication({ loanDuration: 6 }), 'err_too_small', { min: 12 }],
    ['loanDuration', buildApplication({ loanDuration: 241 }), 'err_too_big', { max: 240 }],
  ])('demo %s (case %#) → %s', async (field, body, code, values) => {
    expect((await refused(body, [{ code, field }]))[0]?.values).toEqual(values);
  });

  it('project loans start at 50,000', async () => {
    const body = buildApplication({
      allBanksLoanPurpose: 'event_driven_financing_loan',
      purposeSelect: 'business_expansion',
      loanSize: 40_000,
    });
    expect((await refused(body, [{ code: 'err_too_small', field: 'loanSize' }]))[0]?.values).toEqual({ min: 50_000 });
  });

  it('without customized_application_amounts (nordbank) the slider maximum is the limit', async () => {
    const base = { purposeSelect: 'inventory_expansion' };
    expect(
      (
        await refused(
          buildApplication({ ...base, loanSize: 505_000 }),
          [{ code: 'err_too_big', field: 'loanSize' }],
          nord,
        )
      )[0]?.values,
    ).toEqual({ max: 500_000 });
    expect(
      (
        await refused(
          buildApplication({ ...base, loanDuration: 61 }),
          [{ code: 'err_too_big', field: 'loanDuration' }],
          nord,
        )
      )[0]?.values,
    ).toEqual({ max: 60 });
  });

  it('whole numbers only', async () => {
    await refused(buildApplication({ loanSize: 100_000.5 }), [{ code: 'err_invalid_value', field: 'loanSize' }]);
    await refused(buildApplication({ loanDuration: 48.5 }), [{ code: 'err_invalid_value', field: 'loanDuration' }]);
  });
});

describe('factoring', () => {
  it.each([
    ['factoring_limit', { factoring_limit: undefined }, 'err_required'],
    ['factoring_limit', { factoring_limit: 0 }, 'err_too_small'],
    ['factoring_limit', { factoring_limit: -5 }, 'err_too_small'],
    ['has_international_customers', { has_international_customers: undefined }, 'err_required'],
    ['has_international_customers', { has_international_customers: null }, 'err_required'],
    ['annual_sales_previous_year', { annual_sales_previous_year: undefined }, 'err_required'],
    ['annual_sales_previous_year', { annual_sales_previous_year: 0 }, 'err_too_small'],
    ['annual_sales_previous_year', { annual_sales_previous_year: 1_000_000_000 }, 'err_too_big'],
    ['annual_sales_previous_year_abroad', { annual_sales_previous_year_abroad: 2_000_000 }, 'err_too_big'],
  ])('%s: %j → %s', async (field, overrides, code) => {
    await refused(buildFactoringApplication(overrides as Partial<CreateApplicationRequest>), [{ code, field }]);
  });

  it('annual sales up to 999,999,999 are accepted', async () => {
    const res = await demo.post(
      '/user/applications',
      buildFactoringApplication({ annual_sales_previous_year: 999_999_999, annual_sales_previous_year_abroad: null }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the request', () => {
  it('reports every failing field at once', async () => {
    await refused(
      {
        ...without('street', 'companyType'),
        houseNumber: '#',
        companyPostCode: '!!',
        businessPurpose: 'x',
        purposeSelect: 'other',
        loanSize: 1_000,
        loanDuration: 300,
      },
      [
        { code: 'err_required', field: 'street' },
        { code: 'err_invalid_characters', field: 'houseNumber' },
        { code: 'err_invalid_postcode', field: 'companyPostCode' },
        { code: 'err_too_short', field: 'businessPurpose' },
        { code: 'err_required', field: 'companyType' },
        { code: 'err_required', field: 'purposeDescription' },
        { code: 'err_too_small', field: 'loanSize' },
        { code: 'err_too_big', field: 'loanDuration' },
      ],
    );
  });

  it('an unknown loan type or currency is refused by the schema', async () => {
    await refused(buildApplication({ allBanksLoanPurpose: 'mortgage' as never }), [
      { code: 'err_loan_type_not_allowed', field: 'allBanksLoanPurpose' },
    ]);
    await refused(buildApplication({ currency: 'USD' as never }), [
      { code: 'err_currency_not_allowed', field: 'currency' },
    ]);
  });

  it('a dynamic submission at a classic partner is refused', async () => {
    await refused(buildApplication({ dynamic_form: true, custom_fields_list: [] }), [
      { code: 'err_invalid_value', field: 'dynamic_form' },
    ]);
  });

  it('a foundation date must be a real date, not in the future', async () => {
    await refused(buildApplication({ foundation_date: '2020-02-30' }), [
      { code: 'err_date_invalid', field: 'foundation_date' },
    ]);
    await refused(buildApplication({ foundation_date: '2999-01-01' }), [
      { code: 'err_date_too_late', field: 'foundation_date' },
    ]);
  });

  it('referral data is a flat map of short strings', async () => {
    await refused(buildApplication({ referral_data: { utm_source: 'x'.repeat(501) } }), [
      { code: 'err_too_long', field: 'referral_data.utm_source' },
    ]);
  });
});
