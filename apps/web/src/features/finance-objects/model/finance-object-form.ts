import { formatDate, parseDate } from '@finportal/contracts/form-dates';
import {
  FINANCE_OBJECT_FIELDS,
  type FinanceObjectField,
  type FinanceObjectValues,
  type FinancingType,
  type RentalState,
} from '@finportal/contracts/finance-object-rules';
import type { FinanceObject, FinanceObjectInput } from '@finportal/contracts/finance-objects';

/**
 * The add and edit form's values and their conversion to and from the wire (spec 2 sections 3 and
 * 5; ADR 016): texts as typed, amounts, year and count as numbers (a string is text that could not
 * be read, kept for the rules to refuse), the delivery date as DD.MM.YYYY (YYYY-MM-DD on the wire),
 * unanswered choices null.
 */

/** The delivery date on screen in every language (spec 2 section 5). */
export const DELIVERY_DATE_FORMAT = 'DD.MM.YYYY';

export const TEXT_FIELDS = [
  'manufacturer',
  'type',
  'detail_desc',
  'merchant_name',
  'merchant_street',
  'merchant_house_num',
  'merchant_city',
  'merchant_postcode',
  'merchant_country',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const NUMBER_FIELDS = [
  'built_at',
  'net_purchase_price',
  'down_payment',
  'remaining_value',
  'object_count',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export type FinanceObjectFormValues = Record<TextField, string> &
  Record<NumberField, number | string | null> & {
    financing_type: FinancingType | null;
    rental_state: RentalState | null;
    is_fixed_interest: boolean | null;
    /** DD.MM.YYYY as typed. */
    expected_delivery_date: string;
    /** Kept from the stored object (the company search link comes later). */
    merchant_company_id: string | null;
  };

export function emptyFormValues(defaultCountry = ''): FinanceObjectFormValues {
  return {
    manufacturer: '',
    type: '',
    built_at: null,
    detail_desc: '',
    net_purchase_price: null,
    down_payment: null,
    remaining_value: null,
    object_count: 1,
    financing_type: null,
    rental_state: null,
    is_fixed_interest: null,
    expected_delivery_date: '',
    merchant_name: '',
    merchant_street: '',
    merchant_house_num: '',
    merchant_city: '',
    merchant_postcode: '',
    merchant_country: defaultCountry,
    merchant_company_id: null,
  };
}

/** A stored YYYY-MM-DD as DD.MM.YYYY (other text unchanged, null as ''). */
export function formatDeliveryDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && parseDate(iso) ? formatDate(iso, DELIVERY_DATE_FORMAT) : iso;
}

/** The typed date as YYYY-MM-DD (. / - accepted as separators); null when it is no date. */
export function parseDeliveryDate(text: string): string | null {
  return parseDate(text.trim().replace(/[./-]/g, '.'), DELIVERY_DATE_FORMAT);
}

/** Form values from a stored object. */
export function toFormValues(stored: FinanceObject): FinanceObjectFormValues {
  const values = emptyFormValues();
  for (const field of TEXT_FIELDS) values[field] = stored[field] ?? '';
  for (const field of NUMBER_FIELDS) values[field] = stored[field];
  values.financing_type = stored.financing_type;
  values.rental_state = stored.rental_state;
  values.is_fixed_interest = stored.is_fixed_interest;
  values.expected_delivery_date = formatDeliveryDate(stored.expected_delivery_date);
  values.merchant_company_id = stored.merchant_company_id;
  return values;
}

/**
 * What the rules judge and the wire carries: texts trimmed (empty: null), the date as YYYY-MM-DD
 * (unreadable text stays, for the rule to refuse), numbers as read (unreadable text stays).
 */
export function toWireValues(values: FinanceObjectFormValues): FinanceObjectValues {
  const wire: FinanceObjectValues = {};
  for (const field of TEXT_FIELDS) {
    const trimmed = values[field].trim();
    wire[field] = trimmed === '' ? null : trimmed;
  }
  for (const field of NUMBER_FIELDS) {
    const value = values[field];
    wire[field] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  wire.financing_type = values.financing_type;
  wire.rental_state = values.rental_state;
  wire.is_fixed_interest = values.is_fixed_interest;
  const date = values.expected_delivery_date.trim();
  wire.expected_delivery_date = date === '' ? null : (parseDeliveryDate(date) ?? date);
  wire.merchant_company_id = values.merchant_company_id;
  return wire;
}

/** The wire values as the request body (every field: PUT replaces the whole object). */
export function toRequestBody(wire: FinanceObjectValues): FinanceObjectInput {
  const body: Record<string, unknown> = {};
  for (const field of FINANCE_OBJECT_FIELDS) body[field] = wire[field] ?? null;
  return body as FinanceObjectInput;
}

/** The fields the form shows (the company link is kept, not typed). */
export const FORM_FIELDS: readonly FinanceObjectField[] = FINANCE_OBJECT_FIELDS.filter(
  (field) => field !== 'merchant_company_id',
);
