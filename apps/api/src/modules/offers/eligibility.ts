import { currenciesOf } from '@finportal/contracts/dynamic-forms';
import type { ErrorCode } from '@finportal/contracts/errors';
import type { LoanType } from '@finportal/contracts/partner';
import type { Partner } from '../../platform/tenancy.js';

/**
 * Eligibility of a valid application under the partner's rules (pure). The rules run in the
 * order below; the first that fails rejects the application with its code (status Rejected,
 * rejection_reason = the code, no pricing).
 */

export interface EligibilityFacts {
  country: string;
  loanType: LoanType;
  /** null when unknown (a dynamic form without company type): the type rule is skipped. */
  companyType: string | null;
  /** YYYY-MM-DD, null when unknown: the age rule is skipped. */
  foundationDate: string | null;
  currency: string;
  amount: number | null;
  durationMonths: number | null;
  factoringLimit: number | null;
  annualSales: number | null;
}

export interface EligibilityRule {
  code: ErrorCode;
  /** What the rule checks, for the documentation and the tests. */
  description: string;
  passes(partner: Partner, facts: EligibilityFacts, now: Date): boolean;
}

/** Whole months from `from` (YYYY-MM-DD) to the UTC date of `now` (a month is complete on the same day of month). */
export function ageInMonths(from: string, now: Date): number {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const months = (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m);
  return now.getUTCDate() < d ? months - 1 : months;
}

/** The loan types a partner offers in a country (user_application_types ∩ supported_application_types_by_country). */
export function loanTypesFor(partner: Partner, country: string): LoanType[] {
  const byCountry = partner.supported_application_types_by_country;
  const inCountry = Object.keys(byCountry).length ? (byCountry[country] ?? []) : partner.user_application_types;
  return partner.user_application_types.filter((t) => inCountry.includes(t));
}

/** The company types a partner accepts in a country (country_company_types, else company_types.supported). */
export function companyTypesFor(partner: Partner, country: string): string[] {
  const byCountry = partner.country_company_types;
  return Object.keys(byCountry).length ? (byCountry[country] ?? []) : partner.company_types.supported;
}

const within = (value: number | null, range: { min: number; max: number } | undefined) =>
  value === null || range === undefined || (value >= range.min && value <= range.max);

export const ELIGIBILITY_RULES: readonly EligibilityRule[] = [
  {
    code: 'err_company_country_not_allowed',
    description: 'the company country is one of partner.countries',
    passes: (p, f) => p.countries.includes(f.country),
  },
  {
    code: 'err_loan_type_not_allowed',
    description:
      'the loan type is offered in the country (user_application_types and supported_application_types_by_country)',
    passes: (p, f) => loanTypesFor(p, f.country).includes(f.loanType),
  },
  {
    code: 'err_company_type_not_allowed',
    description: 'the company type is accepted in the country (country_company_types) and not excluded',
    passes: (p, f) =>
      f.companyType === null ||
      (companyTypesFor(p, f.country).includes(f.companyType) &&
        !p.eligibility.excluded_company_types.includes(f.companyType)),
  },
  {
    code: 'err_company_age_not_allowed',
    description: 'the company is at least min_company_age_months old (when the foundation date is known)',
    passes: (p, f, now) =>
      f.foundationDate === null || ageInMonths(f.foundationDate, now) >= p.eligibility.min_company_age_months,
  },
  {
    code: 'err_loan_amount_not_allowed',
    description: "the amount is within the partner's amount range of the loan type",
    passes: (p, f) => within(f.amount, p.eligibility.amount_ranges[f.loanType]),
  },
  {
    code: 'err_loan_duration_not_allowed',
    description: "the duration is within the partner's duration range of the loan type",
    passes: (p, f) => within(f.durationMonths, p.eligibility.duration_ranges[f.loanType]),
  },
  {
    code: 'err_factoring_limit_not_allowed',
    description: 'factoring: the limit is within factoring_limit_range',
    passes: (p, f) => f.loanType !== 'factoring' || within(f.factoringLimit, p.eligibility.factoring_limit_range),
  },
  {
    code: 'err_annual_sales_not_allowed',
    description: "factoring: last year's sales are at least min_annual_sales",
    passes: (p, f) =>
      f.loanType !== 'factoring' || f.annualSales === null || f.annualSales >= p.eligibility.min_annual_sales,
  },
  {
    code: 'err_currency_not_allowed',
    description: 'the currency is supported by the partner and, with a dynamic form, by the loan purpose',
    passes: (p, f) => {
      if (!p.currencies.supported.includes(f.currency as never)) return false;
      const form = p.is_dynamic_form ? p.dynamic_form : null;
      const allowed = form ? currenciesOf(form, f.loanType) : [];
      return allowed.length === 0 || allowed.includes(f.currency);
    },
  },
];

/** The code of the first failing rule, or null when the application is eligible. */
export function firstFailingRule(partner: Partner, facts: EligibilityFacts, now: Date): ErrorCode | null {
  return ELIGIBILITY_RULES.find((rule) => !rule.passes(partner, facts, now))?.code ?? null;
}
