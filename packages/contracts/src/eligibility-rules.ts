import type { ErrorCode } from './errors.js';
import { isCompanyTypeAccepted, isLoanType, loanTypesFor, type PartnerRules, type Range } from './eligibility.js';

/**
 * The partner's eligibility rules: whether it finances a valid application. The API rejects an
 * application with the first rule that fails (status Rejected, rejection_reason); the wizard's
 * step validators (contracts/create-application) run the same rules on the values of a step
 * before account creation. Separate from eligibility.ts so that the wizard's first route does not
 * load them (they come with the lazily loaded step validators).
 */

/** Whole months from `from` (YYYY-MM-DD) to the UTC date of `now` (a month is complete on the same day of month). */
export function ageInMonths(from: string, now: Date): number {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const months = (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m);
  return now.getUTCDate() < d ? months - 1 : months;
}

/**
 * What the partner's rules look at. A fact that is not known (null) skips its rule: the API
 * knows them all except, sometimes, company type and foundation date; the wizard knows a step's.
 */
export interface EligibilityFacts {
  country: string | null;
  loanType: string | null;
  companyType: string | null;
  /** YYYY-MM-DD */
  foundationDate: string | null;
  currency: string | null;
  /** Loan amount (not factoring). */
  amount: number | null;
  /** Loan duration in months (not factoring). */
  durationMonths: number | null;
  factoringLimit: number | null;
  /** Factoring: last year's sales. */
  annualSales: number | null;
}

export interface EligibilityRule {
  code: ErrorCode;
  /** The request field the rule is about (the wizard shows the refusal there). */
  field: string;
  /** What the rule checks, for the documentation and the tests. */
  description: string;
  /** null: a fact it needs is unknown (skipped). */
  passes(rules: PartnerRules, facts: EligibilityFacts, now: Date): boolean | null;
}

const inRange = (value: number | null, range: Range | undefined) =>
  value === null ? null : range === undefined || (value >= range.min && value <= range.max);

/**
 * Eligibility of a valid application, in this order; the first that fails rejects the
 * application with its code (status Rejected, rejection_reason).
 */
export const ELIGIBILITY_RULES: readonly EligibilityRule[] = [
  {
    code: 'err_company_country_not_allowed',
    field: 'companyCountry',
    description: "the company's country is one of the partner's countries",
    passes: (r, f) => (f.country ? r.countries.includes(f.country) : null),
  },
  {
    code: 'err_loan_type_not_allowed',
    field: 'allBanksLoanPurpose',
    description:
      'the loan type is offered in the country (user_application_types and supported_application_types_by_country)',
    passes: (r, f) => (f.country && f.loanType ? (loanTypesFor(r, f.country) as string[]).includes(f.loanType) : null),
  },
  {
    code: 'err_company_type_not_allowed',
    field: 'companyType',
    description: 'the legal form is accepted in the country (country_company_types) and not excluded',
    passes: (r, f) => (f.country && f.companyType ? isCompanyTypeAccepted(r, f.country, f.companyType) : null),
  },
  {
    code: 'err_company_age_not_allowed',
    field: 'foundation_date',
    description: 'the company is at least min_company_age_months old (when the foundation date is known)',
    passes: (r, f, now) => (f.foundationDate ? ageInMonths(f.foundationDate, now) >= r.minCompanyAgeMonths : null),
  },
  {
    code: 'err_loan_amount_not_allowed',
    field: 'loanSize',
    description: "the amount is within the partner's amount range of the loan type",
    passes: (r, f) => (isLoanType(f.loanType) ? inRange(f.amount, r.amountRanges[f.loanType]) : null),
  },
  {
    code: 'err_loan_duration_not_allowed',
    field: 'loanDuration',
    description: "the duration is within the partner's duration range of the loan type",
    passes: (r, f) => (isLoanType(f.loanType) ? inRange(f.durationMonths, r.durationRanges[f.loanType]) : null),
  },
  {
    code: 'err_factoring_limit_not_allowed',
    field: 'factoring_limit',
    description: 'factoring: the limit is within factoring_limit_range',
    passes: (r, f) => (f.loanType === 'factoring' ? inRange(f.factoringLimit, r.factoringLimitRange) : null),
  },
  {
    code: 'err_annual_sales_not_allowed',
    field: 'annual_sales_previous_year',
    description: "factoring: last year's sales are at least min_annual_sales",
    passes: (r, f) => (f.loanType === 'factoring' && f.annualSales !== null ? f.annualSales >= r.minAnnualSales : null),
  },
  {
    code: 'err_currency_not_allowed',
    field: 'currency',
    description: 'the currency is supported by the partner and, with a dynamic form, by the loan purpose',
    passes: (r, f) => {
      if (!f.currency) return null;
      if (!r.currencies.includes(f.currency)) return false;
      const byType = f.loanType ? (r.currenciesByLoanType[f.loanType] ?? []) : [];
      return byType.length === 0 || byType.includes(f.currency);
    },
  },
];

export interface Refusal {
  code: ErrorCode;
  field: string;
  /** The partner's limits that explain it: a range as {min, max}, min_annual_sales as {min}. */
  values?: Record<string, number>;
}

/** The limits a refusal quotes (null: none). */
export function refusalValues(
  rules: PartnerRules,
  code: string | null | undefined,
  loanType: string | null | undefined,
): Record<string, number> | null {
  const type = isLoanType(loanType) ? loanType : undefined;
  const range = (r: Range | undefined) => (r ? { min: r.min, max: r.max } : null);
  if (code === 'err_loan_amount_not_allowed') return range(type && rules.amountRanges[type]);
  if (code === 'err_loan_duration_not_allowed') return range(type && rules.durationRanges[type]);
  if (code === 'err_factoring_limit_not_allowed') return range(rules.factoringLimitRange);
  if (code === 'err_annual_sales_not_allowed') return { min: rules.minAnnualSales };
  return null;
}

/** The first failing rule (among `fields`, when given), or null: the partner finances it. */
export function firstRefusal(
  rules: PartnerRules,
  facts: EligibilityFacts,
  now: Date,
  fields?: readonly string[],
): Refusal | null {
  for (const rule of ELIGIBILITY_RULES) {
    if (fields && !fields.includes(rule.field)) continue;
    if (rule.passes(rules, facts, now) !== false) continue;
    const values = refusalValues(rules, rule.code, facts.loanType);
    return { code: rule.code, field: rule.field, ...(values ? { values } : {}) };
  }
  return null;
}

/** The field a rejection_reason is about (the wizard sends the user back there). */
export function refusalField(code: string | null | undefined): string | null {
  return ELIGIBILITY_RULES.find((rule) => rule.code === code)?.field ?? null;
}
