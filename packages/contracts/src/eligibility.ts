import type { AppConfig, PartnerConfig, PartnerFile } from './partner.js';
import {
  amountLimits,
  durationLimits,
  LOAN_TYPES,
  productTypeOf,
  type Limits,
  type LoanType,
  type ProductType,
} from './products.js';

/**
 * The partner's business rules that the wizard and the API both apply (one implementation):
 * which countries, loan types, company types, purposes and currencies it takes, and the limits
 * of amount and duration. Pure and zod-free: the wizard's first route imports it (bundle budget,
 * ADR 004). The eligibility rules that reject an application are in eligibility-rules.ts.
 *
 * Per-country maps (`supported_application_types_by_country`, `country_company_types`) are
 * allow-lists: an empty map restricts nothing (the partner-wide list applies in every country
 * of the partner); a non-empty map names the countries it serves and what it takes there, so a
 * country missing from it has no loan types (or no company types), exactly like a country listed
 * with an empty list. This is also how the API derives `supported_countries` (the map's keys).
 */

export interface Range {
  min: number;
  max: number;
}

/** The partner's rules, from its file (API) or from GET /config + partner config (web). */
export interface PartnerRules {
  /** Partner display name (the wizard names the partner in its refusals). */
  name: string;
  /** Countries whose companies the partner finances. */
  countries: readonly string[];
  /** user_application_types */
  loanTypes: readonly LoanType[];
  /** supported_application_types_by_country (allow-list; empty: no restriction). */
  loanTypesByCountry: Readonly<Record<string, readonly LoanType[]>>;
  /** company_types.supported */
  companyTypes: readonly string[];
  /** country_company_types (allow-list; empty: no restriction). */
  companyTypesByCountry: Readonly<Record<string, readonly string[]>>;
  /** Company types the partner never finances (eligibility.excluded_company_types). */
  excludedCompanyTypes: readonly string[];
  /** loan_purposes.by_loan_type */
  purposesByLoanType: Readonly<Record<string, readonly string[]>>;
  products: Partial<Record<LoanType, ProductType>>;
  /** currencies.supported */
  currencies: readonly string[];
  /** Dynamic form: currencies per loan type (definitions.loan_purposes[].currencies; none: any). */
  currenciesByLoanType: Readonly<Record<string, readonly string[]>>;
  /** Entitlement customized_application_amounts: amounts and durations may be typed above the slider. */
  customizedAmounts: boolean;
  amountRanges: Partial<Record<LoanType, Range>>;
  durationRanges: Partial<Record<LoanType, Range>>;
  factoringLimitRange: Range;
  minAnnualSales: number;
  minCompanyAgeMonths: number;
}

export const CUSTOMIZED_AMOUNTS = 'customized_application_amounts';

/** Factoring amounts (limit, annual sales): greater than 0, at most this (spec 2 section 9). */
export const FACTORING_AMOUNT_MAX = 999_999_999;

/** The rules of a partner file (API). */
export function rulesOfPartner(partner: PartnerFile): PartnerRules {
  const form = partner.is_dynamic_form ? partner.dynamic_form : null;
  const currenciesByLoanType: Record<string, string[]> = {};
  for (const lp of form?.definitions.loan_purposes ?? []) {
    if (lp.currencies?.length) currenciesByLoanType[lp.name] = lp.currencies;
  }
  return {
    name: partner.display_name,
    countries: partner.countries,
    loanTypes: partner.user_application_types,
    loanTypesByCountry: partner.supported_application_types_by_country,
    companyTypes: partner.company_types.supported,
    companyTypesByCountry: partner.country_company_types,
    excludedCompanyTypes: partner.eligibility.excluded_company_types,
    purposesByLoanType: partner.loan_purposes.by_loan_type,
    products: partner.products,
    currencies: partner.currencies.supported,
    currenciesByLoanType,
    customizedAmounts: partner.entitlements.includes(CUSTOMIZED_AMOUNTS),
    amountRanges: partner.eligibility.amount_ranges,
    durationRanges: partner.eligibility.duration_ranges,
    factoringLimitRange: partner.eligibility.factoring_limit_range,
    minAnnualSales: partner.eligibility.min_annual_sales,
    minCompanyAgeMonths: partner.eligibility.min_company_age_months,
  };
}

/** The same rules from what the browser loads: GET /partner/key/{key}/config and GET /config (web). */
export function rulesOfConfig(partner: PartnerConfig, app: AppConfig): PartnerRules {
  const { eligibility } = app;
  return {
    name: partner.parameters.display_name,
    countries: app.countries,
    loanTypes: partner.parameters.user_application_types,
    loanTypesByCountry: partner.parameters.supported_application_types_by_country,
    companyTypes: app.company_types.supported,
    companyTypesByCountry: partner.parameters.country_company_types,
    excludedCompanyTypes: eligibility.excluded_company_types,
    purposesByLoanType: app.loan_purposes.by_loan_type,
    products: app.products,
    currencies: app.currencies.supported,
    // The classic wizard has no per-loan-type currencies (the dynamic wizard reads its form).
    currenciesByLoanType: {},
    customizedAmounts: partner.entitlements.includes(CUSTOMIZED_AMOUNTS),
    amountRanges: eligibility.amount_ranges,
    durationRanges: eligibility.duration_ranges,
    factoringLimitRange: eligibility.factoring_limit_range,
    minAnnualSales: eligibility.min_annual_sales,
    // The dynamic wizard asks for the foundation date (the classic one does not: no fact, no refusal).
    minCompanyAgeMonths: eligibility.min_company_age_months ?? 0,
  };
}

const hasKeys = (map: object) => Object.keys(map).length > 0;

export function isLoanType(value: unknown): value is LoanType {
  return typeof value === 'string' && (LOAN_TYPES as readonly string[]).includes(value);
}

/** The loan types the partner offers in a country (user_application_types ∩ the country's list). */
export function loanTypesFor(rules: PartnerRules, country: string | null | undefined): LoanType[] {
  if (!hasKeys(rules.loanTypesByCountry)) return [...rules.loanTypes];
  const inCountry = country ? rules.loanTypesByCountry[country] : undefined;
  return inCountry ? rules.loanTypes.filter((type) => inCountry.includes(type)) : [];
}

/** The partner's countries in which it offers at least one loan type (the wizard's country choice). */
export function applicationCountries(rules: PartnerRules): string[] {
  return rules.countries.filter((country) => loanTypesFor(rules, country).length > 0);
}

/**
 * The legal forms of a country the wizard lists (country_company_types, else company_types).
 * Excluded forms stay in the list: an applicant picks their real legal form and is told at once
 * that the partner does not finance it (isCompanyTypeAccepted).
 */
export function companyTypesFor(rules: PartnerRules, country: string | null | undefined): string[] {
  if (!hasKeys(rules.companyTypesByCountry)) return [...rules.companyTypes];
  const inCountry = country ? rules.companyTypesByCountry[country] : undefined;
  return inCountry ? [...inCountry] : [];
}

/** The partner finances this legal form in this country. */
export function isCompanyTypeAccepted(rules: PartnerRules, country: string, companyType: string): boolean {
  return companyTypesFor(rules, country).includes(companyType) && !rules.excludedCompanyTypes.includes(companyType);
}

/** Loan purposes of a loan type (loan_purposes.by_loan_type); factoring has none. */
export function purposesFor(rules: PartnerRules, loanType: string | null | undefined): string[] {
  if (!loanType || loanType === 'factoring') return [];
  return [...(rules.purposesByLoanType[loanType] ?? [])];
}

export interface PurposeRules {
  purposes: string[];
  /** The purpose select is shown (and required) when more than one purpose exists. */
  showSelect: boolean;
  /** The detailed description is required: purpose 'other', no purposes, or only 'other' (never for factoring). */
  showDescription: boolean;
  /** The purpose sent when there is no choice (exactly one purpose). */
  implicitPurpose: string | null;
}

/** Which purpose fields apply to a loan type (spec 1 section 5), given the selected purpose. */
export function purposeRules(
  rules: PartnerRules,
  loanType: string | null | undefined,
  selected: string | null | undefined,
): PurposeRules {
  const purposes = purposesFor(rules, loanType);
  const showSelect = purposes.length > 1;
  const implicitPurpose = purposes.length === 1 ? purposes[0]! : null;
  const onlyOther = purposes.length === 1 && purposes[0] === 'other';
  const showDescription =
    loanType !== 'factoring' && (purposes.length === 0 || onlyOther || (showSelect && selected === 'other'));
  return { purposes, showSelect, showDescription, implicitPurpose };
}

/** The product of a loan type at the partner (anything unknown counts as working capital). */
export function productOf(rules: PartnerRules, loanType: string | null | undefined): ProductType {
  return productTypeOf(rules, isLoanType(loanType) ? loanType : 'working_capital_loan');
}

function narrow(limits: Limits, range: Range | undefined): Limits {
  if (!range) return limits;
  const min = Math.max(limits.min, range.min);
  const max = Math.min(limits.max, range.max);
  const sliderMax = Math.max(min, Math.min(limits.sliderMax, max));
  return { ...limits, min, max, sliderMax };
}

/**
 * The product limits of a loan type (spec 1 section 9: minimum per product, slider maximum,
 * typed maximum with customized_application_amounts). A value outside them is invalid input
 * (400 on the API).
 */
export function productLimits(
  rules: PartnerRules,
  loanType: string | null | undefined,
): { product: ProductType; amount: Limits; duration: Limits } {
  const product = productOf(rules, loanType);
  return {
    product,
    amount: amountLimits(product, rules.customizedAmounts),
    duration: durationLimits(product, rules.customizedAmounts),
  };
}

/**
 * What the partner finances of a loan type: the product limits narrowed to the partner's amount
 * and duration range (eligibility.amount_ranges / duration_ranges). The slider, the typed input
 * and the wizard's messages use these; the step validator and the API check the same two parts
 * (productLimits: invalid input; the range rules of ELIGIBILITY_RULES: refused by the partner).
 */
export function loanLimits(
  rules: PartnerRules,
  loanType: string | null | undefined,
): { product: ProductType; amount: Limits; duration: Limits } {
  const { product, amount, duration } = productLimits(rules, loanType);
  const type = isLoanType(loanType) ? loanType : undefined;
  return {
    product,
    amount: narrow(amount, type && rules.amountRanges[type]),
    duration: narrow(duration, type && rules.durationRanges[type]),
  };
}

/** Keeps a value inside the limits. */
export function clamp(value: number, limits: Pick<Limits, 'min' | 'max'>): number {
  return Math.min(Math.max(value, limits.min), limits.max);
}
