import type { z } from 'zod';
import {
  businessPurposeSchema,
  citySchema,
  companyNameSchema,
  countrySchema,
  houseNumberSchema,
  postcodeSchema,
  purposeDescriptionSchema,
  streetSchema,
} from './company.js';
import { CURRENCIES } from './constants.js';
import { companyTaxNumberError, postcodeSchemaFor } from './validators.js';
import {
  FACTORING_AMOUNT_MAX,
  isLoanType,
  productLimits,
  purposeRules,
  type PartnerRules,
  type Range,
} from './eligibility.js';
import { firstRefusal, type EligibilityFacts } from './eligibility-rules.js';
import type { ErrorCode } from './errors.js';
import type { CreateApplicationRequest } from './offers.js';

/**
 * The rules of POST /user/applications for the classic wizard (spec 1 sections 5 and 9), written once:
 * the web validates each step with `validateStep`, the API the whole request with `validate`.
 * Built per partner (`createApplicationSchema(rules)`): its limits, legal forms and purposes.
 *
 * Two kinds of issue:
 * - `invalid`: the value breaks an input rule (required, length, characters, the product limits
 *   of amount and duration...). The API answers 400 with every such field, nothing is stored.
 * - `refused`: the value is fine, but the partner does not finance it (an eligibility rule of
 *   contracts/eligibility: country, loan type, legal form, amount and duration range, factoring
 *   limit range, annual sales, currency). The API stores
 *   the application as Rejected with that code; the wizard says so on the field before account
 *   creation and does not go on. Like the API, only the first failing rule is reported.
 *
 * Values are the request's fields (wire names); the wizard's state uses the same names, with ''
 * for an empty text and null for an empty number.
 */

export type IssueKind = 'invalid' | 'refused';

export interface FieldIssue {
  field: ApplicationField;
  code: ErrorCode;
  /** Limits of the rule: {min} / {max}. */
  values?: Record<string, number>;
  kind: IssueKind;
}

/** The fields of each classic form step, in the order of the form. */
export const CLASSIC_STEP_FIELDS = {
  'loan-info': [
    'companyCountry',
    'allBanksLoanPurpose',
    'loanSize',
    'loanDuration',
    'factoring_limit',
    'annual_sales_previous_year',
    'has_international_customers',
    'currency',
  ],
  'company-name': ['companyName'],
  'company-details': [
    'companyName',
    'street',
    'houseNumber',
    'companyPostCode',
    'companyLocation',
    'companyType',
    'taxIdNumber',
    'businessPurpose',
    'purposeSelect',
    'purposeDescription',
  ],
} as const;
export type ClassicFormStep = keyof typeof CLASSIC_STEP_FIELDS;

/** Every field of the whole request: the steps' fields, and what only the API receives. */
export const APPLICATION_FIELDS = [
  ...CLASSIC_STEP_FIELDS['loan-info'],
  ...CLASSIC_STEP_FIELDS['company-details'],
  'annual_sales_previous_year_abroad',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

export type ApplicationValues = Partial<Record<ApplicationField, unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const present = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

/** The first issue of a zod field schema as an invalid issue (its limits as values). */
function zodIssue(field: ApplicationField, schema: z.ZodType, value: unknown): FieldIssue | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const code = (/^err_[a-z0-9_]+$/.test(issue.message) ? issue.message : 'err_invalid_value') as ErrorCode;
  const values: Record<string, number> = {};
  if (code !== 'err_required') {
    if (issue.code === 'too_small') values.min = Number(issue.minimum);
    if (issue.code === 'too_big') values.max = Number(issue.maximum);
  }
  return { field, code, kind: 'invalid', ...(Object.keys(values).length ? { values } : {}) };
}

const invalid = (field: ApplicationField, code: ErrorCode, values?: Record<string, number>): FieldIssue => ({
  field,
  code,
  kind: 'invalid',
  ...(values ? { values } : {}),
});

/** A number within a range: required, a finite number (whole if asked), min..max. */
function numberIssue(
  field: ApplicationField,
  value: unknown,
  range: Range,
  options: { whole?: boolean; above?: boolean } = {},
): FieldIssue | null {
  if (!present(value)) return invalid(field, 'err_required');
  if (typeof value !== 'number' || !Number.isFinite(value)) return invalid(field, 'err_invalid_value');
  if (options.whole && !Number.isInteger(value)) return invalid(field, 'err_invalid_value');
  // `above`: strictly greater than min (factoring amounts: greater than 0).
  if (options.above ? value <= range.min : value < range.min)
    return invalid(field, 'err_too_small', { min: range.min });
  if (value > range.max) return invalid(field, 'err_too_big', { max: range.max });
  return null;
}

const TEXT_SCHEMAS: Partial<Record<ApplicationField, z.ZodType>> = {
  companyName: companyNameSchema,
  street: streetSchema,
  houseNumber: houseNumberSchema,
  companyPostCode: postcodeSchema,
  companyLocation: citySchema,
  businessPurpose: businessPurposeSchema,
};

/** The text fields whose schema is the same at every partner (the dynamic form checks them when sent). */
export const COMPANY_TEXT_FIELDS = [
  'street',
  'houseNumber',
  'companyPostCode',
  'companyLocation',
  'businessPurpose',
] as const;

export interface CreateApplicationSchema {
  rules: PartnerRules;
  /** The input rule of one field (null: valid). Reads other fields for context (loan type, country). */
  check(field: ApplicationField, values: ApplicationValues): FieldIssue | null;
  /** One classic step: its fields' input rules, then the first eligibility rule of its fields that fails. */
  validateStep(step: ClassicFormStep, values: ApplicationValues, now?: Date): FieldIssue[];
  /** The whole classic request (the API): every field's input rule, then the first failing eligibility rule. */
  validate(values: ApplicationValues, now?: Date): FieldIssue[];
}

/** The facts of the eligibility rules that the values hold. */
export function factsOf(values: ApplicationValues): EligibilityFacts {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const factoring = values.allBanksLoanPurpose === 'factoring';
  return {
    country: str(values.companyCountry),
    loanType: str(values.allBanksLoanPurpose),
    companyType: str(values.companyType),
    foundationDate: null,
    currency: str(values.currency),
    amount: factoring ? null : num(values.loanSize),
    durationMonths: factoring ? null : num(values.loanDuration),
    factoringLimit: factoring ? num(values.factoring_limit) : null,
    annualSales: factoring ? num(values.annual_sales_previous_year) : null,
  };
}

export function createApplicationSchema(rules: PartnerRules): CreateApplicationSchema {
  function check(field: ApplicationField, values: ApplicationValues): FieldIssue | null {
    const value = values[field];
    const loanType = values.allBanksLoanPurpose;
    const factoring = loanType === 'factoring';
    // The postcode in the form of the company's country (DE 5 digits, PL 00-000...).
    const country = text(values.companyCountry);
    const textSchema = field === 'companyPostCode' && country ? postcodeSchemaFor(country) : TEXT_SCHEMAS[field];
    if (textSchema) return zodIssue(field, textSchema, text(value));
    switch (field) {
      case 'companyCountry':
        return zodIssue(field, countrySchema, present(value) ? value : undefined);
      case 'allBanksLoanPurpose':
        if (!present(value)) return invalid(field, 'err_required');
        return isLoanType(value) ? null : invalid(field, 'err_loan_type_not_allowed');
      case 'currency':
        if (!present(value)) return invalid(field, 'err_required');
        return (CURRENCIES as readonly unknown[]).includes(value) ? null : invalid(field, 'err_currency_not_allowed');
      case 'loanSize':
        return factoring
          ? null
          : numberIssue(field, value, productLimits(rules, text(loanType)).amount, { whole: true });
      case 'loanDuration':
        return factoring
          ? null
          : numberIssue(field, value, productLimits(rules, text(loanType)).duration, { whole: true });
      case 'factoring_limit':
        return factoring ? numberIssue(field, value, { min: 0, max: FACTORING_AMOUNT_MAX }, { above: true }) : null;
      case 'annual_sales_previous_year':
        return factoring ? numberIssue(field, value, { min: 0, max: FACTORING_AMOUNT_MAX }, { above: true }) : null;
      case 'annual_sales_previous_year_abroad': {
        if (!factoring || !present(value)) return null;
        const sales = values.annual_sales_previous_year;
        const max =
          typeof sales === 'number' && sales > 0 ? Math.min(sales, FACTORING_AMOUNT_MAX) : FACTORING_AMOUNT_MAX;
        return numberIssue(field, value, { min: 0, max });
      }
      case 'has_international_customers':
        if (!factoring) return null;
        if (!present(value)) return invalid(field, 'err_required');
        return typeof value === 'boolean' ? null : invalid(field, 'err_invalid_value');
      case 'companyType':
        return present(value) && typeof value === 'string' && value.trim() !== ''
          ? null
          : invalid(field, 'err_required');
      case 'taxIdNumber': {
        // Judged by the company's country (issue 26): the national form where one is known.
        const issue = companyTaxNumberError(text(value), country);
        return issue ? invalid(field, issue.code) : null;
      }
      case 'purposeSelect': {
        const purpose = purposeRules(rules, text(loanType), text(value));
        const selected = text(value).trim();
        if (selected && !purpose.purposes.includes(selected)) return invalid(field, 'err_purpose_not_allowed');
        if (!factoring && purpose.showSelect && !selected) return invalid(field, 'err_required');
        return null;
      }
      case 'purposeDescription': {
        if (factoring) return null;
        const purpose = purposeRules(rules, text(loanType), text(values.purposeSelect).trim());
        if (purpose.showDescription) {
          return zodIssue(field, purposeDescriptionSchema, present(value) ? text(value) : undefined);
        }
        return text(value).trim().length > 700 ? invalid(field, 'err_too_long', { max: 700 }) : null;
      }
      default:
        return null;
    }
  }

  function run(fields: readonly ApplicationField[], values: ApplicationValues, now: Date): FieldIssue[] {
    const issues: FieldIssue[] = [];
    for (const field of fields) {
      const issue = check(field, values);
      if (issue) issues.push(issue);
    }
    // The partner's rules judge valid values only (as the API: 400 first, eligibility after).
    if (issues.length > 0) return issues;
    const refusal = firstRefusal(rules, factsOf(values), now, fields);
    if (refusal) issues.push({ ...refusal, field: refusal.field as ApplicationField, kind: 'refused' });
    return issues;
  }

  return {
    rules,
    check,
    validateStep: (step, values, now = new Date()) => run(CLASSIC_STEP_FIELDS[step], values, now),
    validate: (values, now = new Date()) => run(APPLICATION_FIELDS, values, now),
  };
}

/** The classic wizard's values (its state): the request's names, '' for an empty text, null for an empty number. */
export interface ClassicFormValues {
  companyCountry: string;
  allBanksLoanPurpose: string;
  loanSize: number | null;
  loanDuration: number | null;
  currency: string;
  factoring_limit: number | null;
  has_international_customers: boolean | null;
  annual_sales_previous_year: number | null;
  companyName: string;
  companyType: string;
  street: string;
  houseNumber: string;
  companyPostCode: string;
  companyLocation: string;
  taxIdNumber: string;
  businessPurpose: string;
  purposeSelect: string;
  purposeDescription: string;
  companyCreditProviderId: string | null;
  company_id: string | null;
  external_provider_company_id: string | null;
  external_provider_name: string | null;
}

/**
 * POST /user/applications body of the classic wizard: what applies to the loan type is sent,
 * the rest cleared. Factoring sends its limit and questions and no amount, duration or purpose;
 * a loan no factoring fields. The purpose is the chosen one (or the only one); the description
 * only when it is asked for.
 */
export function classicRequest(rules: PartnerRules, values: ClassicFormValues): CreateApplicationRequest {
  const factoring = values.allBanksLoanPurpose === 'factoring';
  const purpose = purposeRules(rules, values.allBanksLoanPurpose, values.purposeSelect);
  const purposeSelect = purpose.showSelect ? values.purposeSelect || null : purpose.implicitPurpose;
  const trimmed = (value: string) => value.trim();
  return {
    allBanksLoanPurpose: values.allBanksLoanPurpose as CreateApplicationRequest['allBanksLoanPurpose'],
    loanSize: factoring ? null : values.loanSize,
    loanDuration: factoring ? null : values.loanDuration,
    display_duration_unit: 'months',
    currency: values.currency as CreateApplicationRequest['currency'],
    companyName: trimmed(values.companyName),
    companyType: values.companyType || null,
    street: trimmed(values.street),
    houseNumber: trimmed(values.houseNumber),
    companyPostCode: trimmed(values.companyPostCode),
    companyLocation: trimmed(values.companyLocation),
    companyCountry: values.companyCountry,
    taxIdNumber: values.taxIdNumber.trim() === '' ? undefined : values.taxIdNumber.trim(),
    businessPurpose: trimmed(values.businessPurpose),
    companyCreditProviderId: values.companyCreditProviderId,
    company_id: values.company_id,
    external_provider_company_id: values.external_provider_company_id,
    external_provider_name: values.external_provider_name,
    purposeSelect,
    purposeDescription: purpose.showDescription ? trimmed(values.purposeDescription) : null,
    purpose_key: purposeSelect,
    factoring_limit: factoring ? values.factoring_limit : null,
    has_international_customers: factoring ? values.has_international_customers : null,
    annual_sales_previous_year: factoring ? values.annual_sales_previous_year : null,
    dynamic_form: false,
  };
}
