import { isCountryCode } from './countries.js';
import { cityError, houseNumberError, postcodeError, streetError } from './address-rules.js';
import { COMPANY_ID_TYPES, type CompanyIdType } from './company-ids.js';
import { hasControlCharacters, hasControlCharactersInText } from './control-characters.js';
import type { RuleError } from './rule-error.js';
import { hrNumberError, isCompanyTaxNumber } from './validators.js';

/**
 * The rules of a new company that the debtor search creates when it finds none (spec 2 section 3
 * "New company (debtor search)", section 5; POST /user/applications/{id}/companies; issue 12;
 * ADR 018). Not zod-free: it uses the HR number and tax number rules of `validators.ts` (one
 * implementation), which loads zod; the dashboard, where the debtor modal is, loads it anyway.
 */

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export const NEW_COMPANY_FIELDS = [
  'address_country',
  'searchType',
  'searchValue',
  'companyName',
  'companyType',
  'address_street',
  'address_house_number',
  'address_location',
  'address_post_code',
  'hrNumber',
  'taxIdNumber',
  'businessPurpose',
  'external_provider_company_id',
  'external_provider_name',
] as const;
export type NewCompanyField = (typeof NEW_COMPANY_FIELDS)[number];
export type NewCompanyValues = Partial<Record<NewCompanyField, unknown>>;

export interface NewCompanyIssue extends RuleError {
  field: NewCompanyField;
}

export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 255;
export const NEW_COMPANY_PURPOSE_MIN = 5;
export const NEW_COMPANY_PURPOSE_MAX = 2000;
export const SEARCH_TYPES = ['name', ...COMPANY_ID_TYPES] as const;
export type SearchType = 'name' | CompanyIdType;
const COMPANY_TYPE = /^[A-Z][A-Z0-9_]{1,39}$/;
const PROVIDER_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const PROVIDER_NAME = /^[a-z0-9_]{1,40}$/;
/** A VAT id of any country (a debtor abroad): two letters and 2 to 13 letters or digits. */
const VAT_ID = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function singleLine(max: number, min = 0) {
  return (v: string): RuleError | null => {
    if (hasControlCharacters(v)) return { code: 'err_invalid_characters' };
    const length = [...v].length;
    if (length < min) return { code: 'err_too_short', values: { min } };
    return length > max ? { code: 'err_too_long', values: { max } } : null;
  };
}

type NewCompanyRule = (value: string, values: NewCompanyValues) => RuleError | null;

/** Each field's rule on its trimmed, non-empty value. */
const NEW_COMPANY_RULES: Record<NewCompanyField, NewCompanyRule> = {
  address_country: (v) => (isCountryCode(v) ? null : { code: 'err_invalid_value' }),
  searchType: (v) => ((SEARCH_TYPES as readonly string[]).includes(v) ? null : { code: 'err_invalid_value' }),
  searchValue: singleLine(255),
  companyName: singleLine(COMPANY_NAME_MAX, COMPANY_NAME_MIN),
  companyType: (v) => (COMPANY_TYPE.test(v) ? null : { code: 'err_invalid_value' }),
  address_street: (v) => (hasControlCharacters(v) ? { code: 'err_invalid_characters' } : streetError(v)),
  address_house_number: houseNumberError,
  address_location: cityError,
  address_post_code: (v, values) => postcodeError(v, text(values.address_country) || null),
  hrNumber: hrNumberError,
  taxIdNumber: (v) =>
    isCompanyTaxNumber(v) || VAT_ID.test(v.replace(/[\s.\-/]/g, '')) ? null : { code: 'err_invalid_tax_number' },
  businessPurpose: (v): RuleError | null => {
    if (hasControlCharactersInText(v)) return { code: 'err_invalid_characters' };
    if (v.length < NEW_COMPANY_PURPOSE_MIN) return { code: 'err_too_short', values: { min: NEW_COMPANY_PURPOSE_MIN } };
    return v.length > NEW_COMPANY_PURPOSE_MAX
      ? { code: 'err_too_long', values: { max: NEW_COMPANY_PURPOSE_MAX } }
      : null;
  },
  external_provider_company_id: (v) => (PROVIDER_ID.test(v) ? null : { code: 'err_invalid_value' }),
  external_provider_name: (v) => (PROVIDER_NAME.test(v) ? null : { code: 'err_invalid_value' }),
};

const REQUIRED: ReadonlySet<NewCompanyField> = new Set(['companyName', 'companyType', 'address_country']);

/**
 * The rules of a new company (spec 2 section 5: "New company: type and country required"): name
 * (2 to 255), type (a company-type code) and country (ISO alpha-2, any country: debtors may be
 * abroad) required; the address, register number (HR number rule), tax id (a tax number or a VAT
 * id) and business purpose (5 to 2000) checked when given; a provider name and id only together.
 */
export function newCompanyIssues(values: NewCompanyValues): NewCompanyIssue[] {
  const issues: NewCompanyIssue[] = [];
  for (const field of NEW_COMPANY_FIELDS) {
    const value = values[field];
    if (isEmpty(value)) {
      if (REQUIRED.has(field)) issues.push({ field, code: 'err_required' });
      continue;
    }
    if (typeof value !== 'string') {
      issues.push({ field, code: 'err_invalid_value' });
      continue;
    }
    const error = NEW_COMPANY_RULES[field](value.trim(), values);
    if (error) issues.push({ field, ...error });
  }
  const provider = !isEmpty(values.external_provider_name);
  const providerId = !isEmpty(values.external_provider_company_id);
  if (provider !== providerId) {
    const field = provider ? 'external_provider_company_id' : 'external_provider_name';
    if (!issues.some((i) => i.field === field)) issues.push({ field, code: 'err_required' });
  }
  return issues.sort((a, b) => NEW_COMPANY_FIELDS.indexOf(a.field) - NEW_COMPANY_FIELDS.indexOf(b.field));
}
