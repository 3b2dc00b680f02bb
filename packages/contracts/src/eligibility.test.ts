import { describe, expect, it } from 'vitest';
import {
  applicationCountries,
  companyTypesFor,
  isCompanyTypeAccepted,
  loanLimits,
  loanTypesFor,
  purposeRules,
  rulesOfConfig,
  rulesOfPartner,
  type PartnerRules,
} from './eligibility.js';
import { firstRefusal, refusalField, type EligibilityFacts } from './eligibility-rules.js';
import type { AppConfig, PartnerConfig, PartnerFile } from './partner.js';

function buildRules(overrides: Partial<PartnerRules> = {}): PartnerRules {
  return {
    name: 'Demo Finanz',
    countries: ['DE', 'AT', 'CH'],
    loanTypes: ['working_capital_loan', 'event_driven_financing_loan', 'factoring'],
    loanTypesByCountry: {},
    companyTypes: ['GMBH', 'AG', 'GBR'],
    companyTypesByCountry: {},
    excludedCompanyTypes: ['GBR'],
    purposesByLoanType: {},
    products: {},
    currencies: ['EUR'],
    currenciesByLoanType: {},
    customizedAmounts: false,
    amountRanges: {},
    durationRanges: {},
    factoringLimitRange: { min: 10_000, max: 5_000_000 },
    minAnnualSales: 0,
    minCompanyAgeMonths: 0,
    ...overrides,
  };
}

describe('per-country maps are allow-lists', () => {
  const byCountry = buildRules({
    loanTypesByCountry: { DE: ['working_capital_loan', 'factoring'], CH: [] },
    companyTypesByCountry: { DE: ['GMBH', 'GBR'], CH: [] },
  });
  const noMaps = buildRules();

  it.each([
    // rules, country, loan types, company types
    [
      'empty maps: every type in every country',
      noMaps,
      'AT',
      ['working_capital_loan', 'event_driven_financing_loan', 'factoring'],
      ['GMBH', 'AG', 'GBR'],
    ],
    [
      'listed country: its list ∩ the partner list',
      byCountry,
      'DE',
      ['working_capital_loan', 'factoring'],
      ['GMBH', 'GBR'],
    ],
    ['country missing from a non-empty map: none', byCountry, 'AT', [], []],
    ['country listed with an empty list: none', byCountry, 'CH', [], []],
    ['no country yet, non-empty map: none', byCountry, '', [], []],
  ] as const)('%s', (_name, rules, country, loanTypes, companyTypes) => {
    expect(loanTypesFor(rules, country)).toEqual(loanTypes);
    expect(companyTypesFor(rules, country)).toEqual(companyTypes);
  });

  it('a per-country loan type the partner does not offer at all stays out', () => {
    const rules = buildRules({
      loanTypes: ['working_capital_loan'],
      loanTypesByCountry: { DE: ['factoring', 'working_capital_loan'] },
    });
    expect(loanTypesFor(rules, 'DE')).toEqual(['working_capital_loan']);
  });

  it('the wizard offers the countries that have a loan type', () => {
    expect(applicationCountries(byCountry)).toEqual(['DE']);
    expect(applicationCountries(noMaps)).toEqual(['DE', 'AT', 'CH']);
  });

  it('an excluded legal form is listed but not accepted', () => {
    expect(companyTypesFor(byCountry, 'DE')).toContain('GBR');
    expect(isCompanyTypeAccepted(byCountry, 'DE', 'GBR')).toBe(false);
    expect(isCompanyTypeAccepted(byCountry, 'DE', 'GMBH')).toBe(true);
    expect(isCompanyTypeAccepted(byCountry, 'DE', 'AG')).toBe(false);
  });
});

describe('limits: the product limits narrowed to the partner ranges', () => {
  it.each([
    // rules, loan type, amount [min, sliderMax, max], duration [min, sliderMax, max]
    ['no range, no entitlement', buildRules(), 'working_capital_loan', [15_000, 500_000, 500_000], [12, 60, 60]],
    [
      'no range, customized amounts',
      buildRules({ customizedAmounts: true }),
      'working_capital_loan',
      [15_000, 500_000, 100_000_000],
      [12, 60, 240],
    ],
    [
      'nordbank: amount from 25,000',
      buildRules({ amountRanges: { working_capital_loan: { min: 25_000, max: 500_000 } } }),
      'working_capital_loan',
      [25_000, 500_000, 500_000],
      [12, 60, 60],
    ],
    [
      'demo: typed up to 1,000,000 and 84 months',
      buildRules({
        customizedAmounts: true,
        amountRanges: { working_capital_loan: { min: 15_000, max: 1_000_000 } },
        durationRanges: { working_capital_loan: { min: 12, max: 84 } },
      }),
      'working_capital_loan',
      [15_000, 500_000, 1_000_000],
      [12, 60, 84],
    ],
    [
      'a range below the slider maximum ends the slider there',
      buildRules({ durationRanges: { event_driven_financing_loan: { min: 24, max: 36 } } }),
      'event_driven_financing_loan',
      [50_000, 500_000, 500_000],
      [24, 36, 36],
    ],
    [
      'the product minimum wins over a lower partner minimum',
      buildRules({ amountRanges: { event_driven_financing_loan: { min: 10_000, max: 2_000_000 } } }),
      'event_driven_financing_loan',
      [50_000, 500_000, 500_000],
      [12, 60, 60],
    ],
  ] as const)('%s', (_name, rules, loanType, amount, duration) => {
    const limits = loanLimits(rules, loanType);
    expect([limits.amount.min, limits.amount.sliderMax, limits.amount.max]).toEqual(amount);
    expect([limits.duration.min, limits.duration.sliderMax, limits.duration.max]).toEqual(duration);
  });
});

describe('purposes', () => {
  const rules = buildRules({
    purposesByLoanType: {
      working_capital_loan: ['operating_expenses', 'other'],
      event_driven_financing_loan: ['other'],
    },
  });
  it.each([
    ['working_capital_loan', '', { showSelect: true, showDescription: false, implicitPurpose: null }],
    ['working_capital_loan', 'other', { showSelect: true, showDescription: true, implicitPurpose: null }],
    ['event_driven_financing_loan', '', { showSelect: false, showDescription: true, implicitPurpose: 'other' }],
    ['factoring', '', { showSelect: false, showDescription: false, implicitPurpose: null }],
  ] as const)('%s, selected %j', (loanType, selected, expected) => {
    expect(purposeRules(rules, loanType, selected)).toMatchObject(expected);
  });
});

describe('eligibility rules: the first that fails', () => {
  const rules = buildRules({
    countries: ['DE', 'AT'],
    loanTypesByCountry: { DE: ['working_capital_loan', 'factoring'], AT: ['working_capital_loan'] },
    companyTypesByCountry: { DE: ['GMBH', 'GBR'], AT: ['GMBH'] },
    currencies: ['EUR'],
    minAnnualSales: 100_000,
    minCompanyAgeMonths: 12,
    amountRanges: { working_capital_loan: { min: 25_000, max: 500_000 } },
    durationRanges: { working_capital_loan: { min: 12, max: 84 } },
  });
  const now = new Date('2025-06-15T12:00:00Z');
  const ok: EligibilityFacts = {
    country: 'DE',
    loanType: 'working_capital_loan',
    companyType: 'GMBH',
    foundationDate: '2020-01-01',
    currency: 'EUR',
    amount: 100_000,
    durationMonths: 48,
    factoringLimit: null,
    annualSales: null,
  };
  it.each([
    ['eligible', {}, null],
    ['country', { country: 'PL' }, 'err_company_country_not_allowed'],
    ['loan type of another country', { country: 'AT', loanType: 'factoring' }, 'err_loan_type_not_allowed'],
    ['excluded legal form', { companyType: 'GBR' }, 'err_company_type_not_allowed'],
    ['legal form of another country', { companyType: 'AG' }, 'err_company_type_not_allowed'],
    ['too young', { foundationDate: '2025-01-01' }, 'err_company_age_not_allowed'],
    ['amount', { amount: 10_000 }, 'err_loan_amount_not_allowed'],
    ['duration', { durationMonths: 90 }, 'err_loan_duration_not_allowed'],
    [
      'factoring limit',
      { loanType: 'factoring', amount: null, factoringLimit: 9_000_000 },
      'err_factoring_limit_not_allowed',
    ],
    ['sales', { loanType: 'factoring', annualSales: 99_999 }, 'err_annual_sales_not_allowed'],
    ['currency', { currency: 'CHF' }, 'err_currency_not_allowed'],
    ['the order: country before currency', { country: 'PL', currency: 'CHF' }, 'err_company_country_not_allowed'],
    ['unknown facts skip their rule', { companyType: null, foundationDate: null }, null],
  ] as const)('%s', (_name, facts, code) => {
    const refusal = firstRefusal(rules, { ...ok, ...facts }, now);
    expect(refusal?.code ?? null).toBe(code);
    if (code) expect(refusalField(code)).toBe(refusal?.field);
  });

  it('only the rules of the given fields', () => {
    expect(firstRefusal(rules, { ...ok, country: 'PL', companyType: 'GBR' }, now, ['companyType'])?.code).toBe(
      'err_company_type_not_allowed',
    );
  });
});

describe('one set of rules from the partner file and from the browser config', () => {
  const file = {
    display_name: 'Nordbank',
    countries: ['DE'],
    user_application_types: ['working_capital_loan'],
    supported_application_types_by_country: { DE: ['working_capital_loan'] },
    company_types: { supported: ['GMBH'], default: 'GMBH' },
    country_company_types: { DE: ['GMBH'] },
    loan_purposes: { items: ['other'], by_loan_type: { working_capital_loan: ['other'] } },
    products: { working_capital_loan: 'general_liquidity' },
    currencies: { supported: ['EUR'], default: 'EUR' },
    entitlements: ['customized_application_amounts'],
    is_dynamic_form: false,
    dynamic_form: null,
    eligibility: {
      excluded_company_types: ['GBR'],
      min_company_age_months: 0,
      amount_ranges: { working_capital_loan: { min: 25_000, max: 500_000 } },
      duration_ranges: {},
      factoring_limit_range: { min: 50_000, max: 3_000_000 },
      min_annual_sales: 250_000,
    },
  } as unknown as PartnerFile;
  const partner = {
    entitlements: file.entitlements,
    parameters: {
      display_name: file.display_name,
      user_application_types: file.user_application_types,
      supported_application_types_by_country: file.supported_application_types_by_country,
      country_company_types: file.country_company_types,
    },
  } as unknown as PartnerConfig;
  const app = {
    countries: file.countries,
    company_types: file.company_types,
    loan_purposes: file.loan_purposes,
    products: file.products,
    currencies: file.currencies,
    eligibility: {
      excluded_company_types: file.eligibility.excluded_company_types,
      amount_ranges: file.eligibility.amount_ranges,
      duration_ranges: file.eligibility.duration_ranges,
      factoring_limit_range: file.eligibility.factoring_limit_range,
      min_annual_sales: file.eligibility.min_annual_sales,
    },
  } as unknown as AppConfig;

  it('the same rules except the API-only age rule', () => {
    expect({ ...rulesOfConfig(partner, app), minCompanyAgeMonths: 0 }).toEqual({
      ...rulesOfPartner(file),
      minCompanyAgeMonths: 0,
    });
  });
});
