import { describe, expect, it } from 'vitest';
import { createApplicationSchema, type ApplicationValues } from './create-application.js';
import type { PartnerRules } from './eligibility.js';

const rules: PartnerRules = {
  name: 'Demo Finanz',
  countries: ['DE'],
  loanTypes: ['working_capital_loan', 'event_driven_financing_loan', 'factoring'],
  loanTypesByCountry: {},
  companyTypes: ['GMBH', 'GBR'],
  companyTypesByCountry: {},
  excludedCompanyTypes: ['GBR'],
  purposesByLoanType: {
    working_capital_loan: ['operating_expenses', 'other'],
    event_driven_financing_loan: ['business_expansion', 'other'],
  },
  products: {},
  currencies: ['EUR'],
  currenciesByLoanType: {},
  customizedAmounts: true,
  amountRanges: { working_capital_loan: { min: 15_000, max: 1_000_000 } },
  durationRanges: { working_capital_loan: { min: 12, max: 84 } },
  factoringLimitRange: { min: 10_000, max: 2_000_000 },
  minAnnualSales: 100_000,
  minCompanyAgeMonths: 0,
};
const schema = createApplicationSchema(rules);

/** The wizard's state of a complete, eligible application ('' and null for empty fields). */
const wizard: ApplicationValues = {
  companyCountry: 'DE',
  allBanksLoanPurpose: 'working_capital_loan',
  loanSize: 100_000,
  loanDuration: 48,
  currency: 'EUR',
  factoring_limit: null,
  has_international_customers: null,
  annual_sales_previous_year: null,
  companyName: 'Muster GmbH',
  street: 'Hauptstraße',
  houseNumber: '1',
  companyPostCode: '10115',
  companyLocation: 'Berlin',
  companyType: 'GMBH',
  taxIdNumber: '',
  businessPurpose: 'Maschinenbau',
  purposeSelect: 'operating_expenses',
  purposeDescription: '',
};

const short = (issues: { field: string; code: string; kind: string }[]) =>
  issues.map((i) => `${i.field}:${i.code}:${i.kind}`);

describe('the steps of the classic wizard', () => {
  it('a complete application passes every step and the whole', () => {
    expect(schema.validateStep('loan-info', wizard)).toEqual([]);
    expect(schema.validateStep('company-name', wizard)).toEqual([]);
    expect(schema.validateStep('company-details', wizard)).toEqual([]);
    expect(schema.validate(wizard)).toEqual([]);
  });

  it.each([
    ['loan-info', { loanDuration: 241 }, ['loanDuration:err_too_big:invalid']],
    ['loan-info', { loanDuration: 240 }, ['loanDuration:err_loan_duration_not_allowed:refused']],
    ['loan-info', { loanSize: 1_500_000 }, ['loanSize:err_loan_amount_not_allowed:refused']],
    ['loan-info', { loanSize: 12_345.67 }, ['loanSize:err_invalid_value:invalid']],
    ['loan-info', { loanSize: null }, ['loanSize:err_required:invalid']],
    ['loan-info', { currency: 'CHF' }, ['currency:err_currency_not_allowed:refused']],
    [
      'loan-info',
      { allBanksLoanPurpose: 'factoring', factoring_limit: 0, annual_sales_previous_year: 0 },
      [
        'factoring_limit:err_too_small:invalid',
        'annual_sales_previous_year:err_too_small:invalid',
        'has_international_customers:err_required:invalid',
      ],
    ],
    [
      'loan-info',
      {
        allBanksLoanPurpose: 'factoring',
        factoring_limit: 50_000,
        annual_sales_previous_year: 50_000,
        has_international_customers: false,
      },
      ['annual_sales_previous_year:err_annual_sales_not_allowed:refused'],
    ],
    [
      'loan-info',
      {
        allBanksLoanPurpose: 'factoring',
        factoring_limit: 5_000,
        annual_sales_previous_year: 500_000,
        has_international_customers: false,
      },
      ['factoring_limit:err_factoring_limit_not_allowed:refused'],
    ],
    ['company-details', { companyType: 'GBR' }, ['companyType:err_company_type_not_allowed:refused']],
    ['company-details', { companyType: '' }, ['companyType:err_required:invalid']],
    ['company-details', { purposeSelect: 'business_expansion' }, ['purposeSelect:err_purpose_not_allowed:invalid']],
    ['company-details', { purposeSelect: 'other' }, ['purposeDescription:err_required:invalid']],
    ['company-details', { street: 'x'.repeat(31) }, ['street:err_too_long:invalid']],
  ] as const)('%s %j', (step, patch, expected) => {
    expect(short(schema.validateStep(step, { ...wizard, ...patch }))).toEqual(expected);
  });

  it('limits travel with the code: the product limit of an invalid value, the partner range of a refused one', () => {
    expect(schema.validateStep('loan-info', { ...wizard, loanSize: 10_000 })[0]?.values).toEqual({ min: 15_000 });
    expect(schema.validateStep('loan-info', { ...wizard, loanDuration: 240 })[0]?.values).toEqual({ min: 12, max: 84 });
  });

  it('a refusal waits until the input rules pass (as on the API)', () => {
    expect(short(schema.validateStep('company-details', { ...wizard, companyType: 'GBR', street: '' }))).toEqual([
      'street:err_required:invalid',
    ]);
  });

  it("a step only judges its own fields' rules", () => {
    expect(schema.validateStep('loan-info', { ...wizard, companyType: 'GBR', street: '' })).toEqual([]);
  });
});

describe('the postcode follows the company’s country', () => {
  it.each([
    ['DE', '10115', null],
    ['DE', '1011', 'err_invalid_postcode'],
    ['AT', '1010', null],
    ['AT', '10115', 'err_invalid_postcode'],
    ['PL', '00-950', null],
    ['PL', '00950', 'err_invalid_postcode'],
    // A country without a known form: the general rule only.
    ['NL', '1011 AB', null],
    ['NL', '1011\u0000AB', 'err_invalid_postcode'],
  ])('%s %j → %s', (country, postcode, code) => {
    const issue = schema.check('companyPostCode', { ...wizard, companyCountry: country, companyPostCode: postcode });
    expect(issue?.code ?? null).toBe(code);
  });
});
