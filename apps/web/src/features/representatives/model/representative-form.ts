import { formatDate, parseDate } from '@finportal/contracts/dynamic-forms';
import {
  SIGNATORY_FIELDS,
  SIGNATORY_ROLE_FLAGS,
  SIGNATORY_TEXT_FIELDS,
  type RepresentativeInput,
  type RepresentativeValues,
  type SignatoryField,
} from '@finportal/contracts/representative-schemas';
import { decimalOf, percentOf } from '@finportal/contracts/representatives';
import { CUSTOM_FIELD_DATE_FORMAT } from '@finportal/contracts/signatory-custom-fields';

/**
 * The add and edit form's values and their conversion to and from the wire (spec 2 sections 3 and
 * 5): texts as typed, the date of birth as DD.MM.YYYY (stored YYYY-MM-DD),
 * the share in percent (the wire carries a decimal: 25 % is 0.25), unanswered yes/no questions null.
 */

export const TEXT_FIELDS = SIGNATORY_TEXT_FIELDS;
export type TextField = (typeof TEXT_FIELDS)[number];

export const YES_NO_FIELDS = SIGNATORY_ROLE_FLAGS;
export type YesNoField = (typeof YES_NO_FIELDS)[number];

export type RepresentativeFormValues = Record<TextField, string> &
  Record<YesNoField, boolean | null> & {
    /** The share in percent; a string is text that could not be read as a number. */
    percentage_owned: number | string | null;
    is_main_contact: boolean;
  };

/**
 * The date of birth's format in every language (spec 2 section 5: display DD.MM.YYYY, stored
 * YYYY-MM-DD), as the portal's other dates; typing accepts / and - as separators too.
 */
export const BIRTHDATE_FORMAT = CUSTOM_FIELD_DATE_FORMAT;

/** A stored YYYY-MM-DD in `format` (other text unchanged, null as ''). */
export function formatBirthdate(iso: string | null | undefined, format: string): string {
  if (!iso) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && parseDate(iso) ? formatDate(iso, format) : iso;
}

/** The typed date as YYYY-MM-DD, any of . / - accepted as separator; null when it is no date. */
export function parseBirthdate(text: string, format: string): string | null {
  const separator = format.replace(/[DMY]/g, '')[0] ?? '.';
  return parseDate(text.trim().replace(/[./-]/g, separator), format);
}

export function emptyFormValues(): RepresentativeFormValues {
  return {
    first_name: '',
    last_name: '',
    email: '',
    telephone: '',
    position: '',
    nationality: '',
    birthdate: '',
    taxid: '',
    street: '',
    street_number: '',
    postcode: '',
    location: '',
    country: '',
    is_beneficial_owner: null,
    percentage_owned: null,
    is_legal_signatory: null,
    is_contract_signatory: null,
    is_sole_signatory: null,
    is_main_contact: false,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const flag = (value: unknown) => (typeof value === 'boolean' ? value : null);

/** Form values from a stored representative or a register prefill (wire shape). */
export function toFormValues(source: RepresentativeValues, format: string): RepresentativeFormValues {
  const values = emptyFormValues();
  for (const field of TEXT_FIELDS) values[field] = text(source[field]);
  values.birthdate = formatBirthdate(text(source.birthdate), format);
  for (const field of YES_NO_FIELDS) values[field] = flag(source[field]);
  const share = source.percentage_owned;
  values.percentage_owned = typeof share === 'number' && Number.isFinite(share) ? percentOf(share) : null;
  values.is_main_contact = source.is_main_contact === true;
  return values;
}

/**
 * What the rules judge and the wire carries: texts trimmed (empty: null), the date as YYYY-MM-DD
 * (unreadable text stays, for the rule to refuse), the share as a decimal (unreadable text stays).
 */
export function toWireValues(values: RepresentativeFormValues, format: string): RepresentativeValues {
  const wire: RepresentativeValues = {};
  for (const field of TEXT_FIELDS) {
    const trimmed = values[field].trim();
    wire[field] = trimmed === '' ? null : trimmed;
  }
  const birthdate = values.birthdate.trim();
  wire.birthdate = birthdate === '' ? null : (parseBirthdate(birthdate, format) ?? birthdate);
  for (const field of YES_NO_FIELDS) wire[field] = values[field];
  const share = values.percentage_owned;
  wire.percentage_owned = typeof share === 'number' ? decimalOf(share) : share;
  wire.is_main_contact = values.is_main_contact;
  return wire;
}

/** The wire values as the request body (once the rules passed, every value has its wire type). */
export function toRequestBody(wire: RepresentativeValues, fields: readonly SignatoryField[] = SIGNATORY_FIELDS) {
  const body: Record<string, unknown> = {};
  for (const field of fields) body[field] = wire[field] ?? null;
  return body as RepresentativeInput;
}

/** The fields whose wire value differs between the stored and the edited representative. */
export function changedFields(before: RepresentativeValues, after: RepresentativeValues): SignatoryField[] {
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
  return SIGNATORY_FIELDS.filter((field) => !same(before[field], after[field]));
}
