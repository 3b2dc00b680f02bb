import { cityError, houseNumberError, postcodeError, streetError } from './address-rules.js';
import { isCountryCode } from './countries.js';
import {
  AMOUNT_MAX,
  MAX_FINANCE_OBJECTS_DEFAULT,
  OBJECT_BUILT_YEAR_MAX,
  OBJECT_BUILT_YEAR_MIN,
  OBJECT_COUNT_MAX,
  OBJECT_COUNT_MIN,
} from './constants.js';
import { hasControlCharacters, hasControlCharactersInText } from './control-characters.js';
import { parseDate } from './form-dates.js';
import type { RuleError } from './rule-error.js';

/**
 * The rules of the finance objects of an object-financing application (spec 2 sections 2, 3, 5
 * and 9; issue 12; ADR 016), zod-free so that the browser's form can judge a field with them
 * without loading a schema library; the API judges every POST and PUT with the same functions
 * (`financeObjectIssues`, `financeObjectsMaxError`, `canEditFinanceObjects`). The wire shapes are
 * in `finance-objects.ts`.
 */

export {
  AMOUNT_MAX,
  MAX_FINANCE_OBJECTS_DEFAULT,
  OBJECT_BUILT_YEAR_MAX,
  OBJECT_BUILT_YEAR_MIN,
  OBJECT_COUNT_MAX,
  OBJECT_COUNT_MIN,
};

export const FINANCING_TYPES = [
  'leasing',
  'hire_purchase',
  'financing',
  'sale_leaseback',
  'credit_line',
  'other',
] as const;
export type FinancingType = (typeof FINANCING_TYPES)[number];

export const RENTAL_STATES = ['no', 'internal', 'b2c'] as const;
export type RentalState = (typeof RENTAL_STATES)[number];

/** The fields a client sends (spec 2 section 3 "Finance object"), in form order. */
export const FINANCE_OBJECT_FIELDS = [
  'manufacturer',
  'type',
  'built_at',
  'detail_desc',
  'net_purchase_price',
  'down_payment',
  'remaining_value',
  'object_count',
  'financing_type',
  'rental_state',
  'is_fixed_interest',
  'expected_delivery_date',
  'merchant_name',
  'merchant_street',
  'merchant_house_num',
  'merchant_city',
  'merchant_postcode',
  'merchant_country',
  'merchant_company_id',
] as const;
export type FinanceObjectField = (typeof FINANCE_OBJECT_FIELDS)[number];

/** What the rules read: the wire names; a form may hold '' for an empty text. */
export type FinanceObjectValues = Partial<Record<FinanceObjectField, unknown>>;

/**
 * Required (spec 2 section 5): everything but the year built, the description, the delivery date
 * and the link to a company of the company search (the merchant may be typed).
 */
const OPTIONAL_FIELDS: ReadonlySet<FinanceObjectField> = new Set([
  'built_at',
  'detail_desc',
  'expected_delivery_date',
  'merchant_company_id',
]);
export const FINANCE_OBJECT_REQUIRED_FIELDS: readonly FinanceObjectField[] = FINANCE_OBJECT_FIELDS.filter(
  (field) => !OPTIONAL_FIELDS.has(field),
);

export const MANUFACTURER_MAX = 100;
export const OBJECT_TYPE_MAX = 100;
export const DETAIL_DESC_MAX = 2000;
export const MERCHANT_NAME_MAX = 255;
/** Fraction digits of an amount (spec 1 section 9: precision 2). */
export const AMOUNT_DECIMALS = 2;
/** The delivery date is a real date in these years (a typo such as 0202 is refused). */
const DELIVERY_YEAR_MIN = 1900;
const DELIVERY_YEAR_MAX = 2100;

/** The statuses in which the objects may be added, changed and deleted (spec 2 section 2). */
export const FINANCE_OBJECT_EDITABLE_STATUSES: readonly string[] = ['Open', 'PreCheck'];

/** A rule's failure on one field of a finance object. */
export interface FinanceObjectIssue extends RuleError {
  field: FinanceObjectField;
}

export interface FinanceObjectContext {
  /** The partner's country list (ISO 3166 alpha-2), listed first in the merchant country select. */
  countries: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AMOUNT_FIELDS = ['net_purchase_price', 'down_payment', 'remaining_value'] as const;

/** An unanswered field: missing, null or only spaces. */
const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const maxLength = (max: number) => (value: string) =>
  value.length > max ? { code: 'err_too_long' as const, values: { max } } : null;

/** An amount's error, or null: a number from 0 to 999999999 with at most two decimals. */
export function amountError(value: unknown): RuleError | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'err_invalid_value' };
  if (value < 0) return { code: 'err_too_small', values: { min: 0 } };
  if (value > AMOUNT_MAX) return { code: 'err_too_big', values: { max: AMOUNT_MAX } };
  if (Number(value.toFixed(AMOUNT_DECIMALS)) !== value) {
    return { code: 'err_too_many_decimals', values: { max: AMOUNT_DECIMALS } };
  }
  return null;
}

/** The year built's error, or null: a whole year from 1900 to 2050. */
export function builtAtError(value: unknown): RuleError | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return { code: 'err_invalid_value' };
  if (value < OBJECT_BUILT_YEAR_MIN || value > OBJECT_BUILT_YEAR_MAX) {
    return { code: 'err_object_year_range', values: { min: OBJECT_BUILT_YEAR_MIN, max: OBJECT_BUILT_YEAR_MAX } };
  }
  return null;
}

/** The count's error, or null: a whole number from 1 to 20. */
export function objectCountError(value: unknown): RuleError | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return { code: 'err_invalid_value' };
  if (value < OBJECT_COUNT_MIN || value > OBJECT_COUNT_MAX) {
    return { code: 'err_object_count_range', values: { min: OBJECT_COUNT_MIN, max: OBJECT_COUNT_MAX } };
  }
  return null;
}

/** The delivery date's error, or null: a real date, YYYY-MM-DD on the wire (DD.MM.YYYY on screen). */
export function deliveryDateError(value: string): RuleError | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || parseDate(value) !== value) return { code: 'err_date_invalid' };
  const year = Number(value.slice(0, 4));
  return year < DELIVERY_YEAR_MIN || year > DELIVERY_YEAR_MAX ? { code: 'err_date_invalid' } : null;
}

/** Any ISO country (issue 26): a machine may be bought from a merchant anywhere. */
function countryError(value: string): RuleError | null {
  return isCountryCode(value) ? null : { code: 'err_invalid_value' };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

type TextField =
  | 'manufacturer'
  | 'type'
  | 'detail_desc'
  | 'expected_delivery_date'
  | 'merchant_name'
  | 'merchant_street'
  | 'merchant_house_num'
  | 'merchant_city'
  | 'merchant_postcode'
  | 'merchant_country'
  | 'merchant_company_id';
type TextRule = (value: string, values: FinanceObjectValues, context: FinanceObjectContext) => RuleError | null;

/** Each text field's rule on its trimmed, non-empty value (free of control characters). */
const TEXT_RULES: Record<TextField, TextRule> = {
  manufacturer: maxLength(MANUFACTURER_MAX),
  type: maxLength(OBJECT_TYPE_MAX),
  detail_desc: maxLength(DETAIL_DESC_MAX),
  expected_delivery_date: deliveryDateError,
  merchant_name: maxLength(MERCHANT_NAME_MAX),
  merchant_street: streetError,
  merchant_house_num: houseNumberError,
  merchant_city: cityError,
  merchant_postcode: (v, values) => postcodeError(v, text(values.merchant_country) || null),
  merchant_country: (v) => countryError(v),
  merchant_company_id: (v) => (UUID.test(v) ? null : { code: 'err_invalid_value' }),
};

function fieldError(
  field: FinanceObjectField,
  value: unknown,
  values: FinanceObjectValues,
  context: FinanceObjectContext,
): RuleError | null {
  if (isEmpty(value)) return FINANCE_OBJECT_REQUIRED_FIELDS.includes(field) ? { code: 'err_required' } : null;
  switch (field) {
    case 'net_purchase_price':
    case 'down_payment':
    case 'remaining_value':
      return amountError(value);
    case 'built_at':
      return builtAtError(value);
    case 'object_count':
      return objectCountError(value);
    case 'financing_type':
      return (FINANCING_TYPES as readonly unknown[]).includes(value) ? null : { code: 'err_invalid_value' };
    case 'rental_state':
      return (RENTAL_STATES as readonly unknown[]).includes(value) ? null : { code: 'err_invalid_value' };
    case 'is_fixed_interest':
      return typeof value === 'boolean' ? null : { code: 'err_invalid_value' };
    default: {
      if (typeof value !== 'string') return { code: 'err_invalid_value' };
      // The description is a text area: line breaks and tabs are text there.
      const control = field === 'detail_desc' ? hasControlCharactersInText(value) : hasControlCharacters(value);
      if (control) return { code: 'err_invalid_characters' };
      return TEXT_RULES[field](value.trim(), values, context);
    }
  }
}

/** The amount in cents (at most two decimals: exact). */
const cents = (value: number) => Math.round(value * 100);

/**
 * Every rule of one finance object (spec 2 section 5), at most one issue per field, in form
 * order: required fields, lengths, control characters, amounts from 0 to 999999999 with at most
 * two decimals, year built 1900 to 2050, count 1 to 20, a real delivery date, the merchant's
 * address the way company addresses are checked (the postcode by the merchant's country), and
 * the down payment and the remaining value each not above the net purchase price.
 */
export function financeObjectIssues(values: FinanceObjectValues, context: FinanceObjectContext): FinanceObjectIssue[] {
  const issues: FinanceObjectIssue[] = [];
  for (const field of FINANCE_OBJECT_FIELDS) {
    const error = fieldError(field, values[field], values, context);
    if (error) issues.push({ field, ...error });
  }
  const price = values.net_purchase_price;
  if (typeof price === 'number' && amountError(price) === null) {
    for (const field of AMOUNT_FIELDS.slice(1)) {
      const amount = values[field];
      const valid = typeof amount === 'number' && amountError(amount) === null;
      if (valid && cents(amount) > cents(price)) issues.push({ field, code: 'err_amount_above_price' });
    }
  }
  return issues.sort((a, b) => FINANCE_OBJECT_FIELDS.indexOf(a.field) - FINANCE_OBJECT_FIELDS.indexOf(b.field));
}

/** Adding one more to `count` objects breaks the maximum (`max`: the partner's, default 6). */
export function financeObjectsMaxError(count: number, max: number = MAX_FINANCE_OBJECTS_DEFAULT): RuleError | null {
  return count >= max ? { code: 'err_finance_objects_max', values: { max } } : null;
}

/**
 * The objects may be added, changed and deleted: by the applicant (an accepted signatory reads
 * them), while the application is Open or PreCheck (spec 2 section 2; ADR 016).
 */
export function canEditFinanceObjects(isOwner: boolean, status: string): boolean {
  return isOwner && FINANCE_OBJECT_EDITABLE_STATUSES.includes(status);
}
