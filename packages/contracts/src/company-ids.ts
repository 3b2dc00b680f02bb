import { hasControlCharacters } from './control-characters.js';
import type { RuleError } from './rule-error.js';

/**
 * Company identifiers by country (spec 2 section 7: GET /user/filter_values `company_country_ids`,
 * the company search by `company_country_id_type` + `company_country_id`; issue 12; ADR 018),
 * zod-free: the debtor search form, the CSV import and the API share them.
 *
 * A register id (commercial register) is stored as the company's `register_number`, a tax id
 * (VAT id, NIP) as its `tax_id_number`. Ids are compared in their canonical form
 * (`companyIdKey`): letters and digits only, upper case, with the country's usual prefix, so
 * that "HRB 123456", "hrb123456" and "HRB 123456 B" (a Berlin court suffix) find one another.
 */

export const COMPANY_ID_TYPES = ['hr_number', 'fn_number', 'uid', 'krs', 'vat_id', 'nip'] as const;
export type CompanyIdType = (typeof COMPANY_ID_TYPES)[number];

/**
 * The id types of each country, in the order a form offers them: DE commercial register (HRB/HRA)
 * and VAT id; AT Firmenbuch number and VAT id; CH enterprise id (UID, also its VAT number); PL KRS
 * and NIP. Other countries: the VAT id (`DEFAULT_COMPANY_ID_TYPES`).
 */
export const COMPANY_COUNTRY_ID_TYPES: Readonly<Record<string, readonly CompanyIdType[]>> = {
  DE: ['hr_number', 'vat_id'],
  AT: ['fn_number', 'vat_id'],
  CH: ['uid'],
  PL: ['krs', 'nip'],
};
export const DEFAULT_COMPANY_ID_TYPES: readonly CompanyIdType[] = ['vat_id'];

/** The id types a company of `country` can be searched and imported by. */
export function companyIdTypesFor(country: string): readonly CompanyIdType[] {
  return COMPANY_COUNTRY_ID_TYPES[country.toUpperCase()] ?? DEFAULT_COMPANY_ID_TYPES;
}

/** Where an id type is stored on a company. */
export function companyIdColumn(type: CompanyIdType): 'register_number' | 'tax_id_number' {
  return type === 'vat_id' || type === 'nip' ? 'tax_id_number' : 'register_number';
}

/** Typed ids: at most this many characters (spaces and separators included). */
export const COMPANY_ID_MAX = 30;
const ID_CHARACTERS = /^[\p{L}0-9 ./\\,\-:]+$/u;

/** Letters and digits only, upper case (the form ids are compared in). */
export const normaliseCompanyId = (value: string): string => value.replace(/[^\p{L}0-9]/gu, '').toUpperCase();

/** The canonical form of each type (normalised; null: not of the type's form). */
const CANONICAL: Record<CompanyIdType, (n: string) => string | null> = {
  // HRB 123456, HRA 98765, GnR 12, PR 3, VR 4711; a court suffix (B for Berlin) is dropped.
  hr_number: (n) => {
    const m = /^([A-Z]{1,4})(\d{1,7})[A-Z]{0,3}$/.exec(n);
    return m ? `${m[1]}${m[2]}` : null;
  },
  // FN 214365k: up to 6 digits and a check letter; "214365k" is the same number.
  fn_number: (n) => {
    const m = /^(?:FN)?(\d{1,6}[A-Z])$/.exec(n);
    return m ? `FN${m[1]}` : null;
  },
  // CHE-123.456.789: 9 digits; the prefix may be left out.
  uid: (n) => {
    const m = /^(?:CHE)?(\d{9})$/.exec(n);
    return m ? `CHE${m[1]}` : null;
  },
  // KRS: 10 digits, written with or without the leading zeros.
  krs: (n) => (/^\d{1,10}$/.test(n) ? n.padStart(10, '0') : null),
  // VAT id: two letters (the country) and 2 to 13 letters or digits.
  vat_id: (n) => (/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(n) && /\d/.test(n) ? n : null),
  // NIP: 10 digits, also written as a PL VAT id.
  nip: (n) => {
    const m = /^(?:PL)?(\d{10})$/.exec(n);
    return m ? m[1]! : null;
  },
};

/** A typed id's error, or null: required, at most 30 characters of letters, digits and . / \ , - : and the type's form. */
export function companyIdError(type: CompanyIdType, value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (v.length > COMPANY_ID_MAX) return { code: 'err_too_long', values: { max: COMPANY_ID_MAX } };
  if (hasControlCharacters(v) || !ID_CHARACTERS.test(v)) return { code: 'err_invalid_characters' };
  return CANONICAL[type](normaliseCompanyId(v)) === null ? { code: 'err_invalid_value' } : null;
}

/** The canonical form of a valid id (compare stored ids through the same form), or null. */
export function companyIdKey(type: CompanyIdType, value: string): string | null {
  if (companyIdError(type, value)) return null;
  return CANONICAL[type](normaliseCompanyId(value));
}

/**
 * The type of an id typed without one (the CSV import): a VAT id when it starts with the country's
 * code (for PL: a NIP), else the country's register or tax id whose form it has: PL 10 digits without a
 * leading zero is a NIP, otherwise a KRS. Null when no type of the country fits.
 */
export function detectCompanyIdType(country: string, value: string): CompanyIdType | null {
  const types = companyIdTypesFor(country);
  const n = normaliseCompanyId(value);
  const fits = (type: CompanyIdType) => companyIdError(type, value) === null;
  if (country.toUpperCase() === 'PL') {
    if (/^(PL)?[1-9]\d{9}$/.test(n) && fits('nip')) return 'nip';
    return fits('krs') ? 'krs' : null;
  }
  // A VAT id starts with its country's code (ATU12345678, DE123456789).
  if (n.startsWith(country.toUpperCase()) && types.includes('vat_id') && fits('vat_id')) return 'vat_id';
  return types.find((type) => type !== 'vat_id' && fits(type)) ?? (fits('vat_id') ? 'vat_id' : null);
}
