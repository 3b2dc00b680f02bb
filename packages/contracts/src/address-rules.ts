import type { RuleError } from './rule-error.js';

/**
 * The address rules of spec 1 section 5 and spec 2 section 5, zod-free: street, house number,
 * city and the postcode by country. `validators.ts` builds its zod schemas on them; the finance
 * objects' merchant address (finance-object-rules.ts) uses them in the browser without zod.
 */

export const STREET_MAX = 30;
export const HOUSE_NUMBER_MAX = 10;
export const CITY_MAX = 30;
export const POSTCODE_MAX = 8;

/** House number: letters, digits, spaces and . - / \ (12a, 12-14, 3/1). */
export const HOUSE_NUMBER_PATTERN = /^[\p{L}0-9.\-/\\ ]+$/u;
/** City: letters, spaces and - / \ , (Frankfurt am Main, Halle/Saale). */
export const CITY_PATTERN = /^[\p{L} \-/\\,]+$/u;

/** Postcodes of the portal's countries (others: the general rule only). */
export const POSTCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  LI: /^\d{4}$/,
  FR: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
};

/**
 * The postcode's error, or null: at most 8 characters of letters, digits, spaces and hyphens; with
 * a country of POSTCODE_PATTERNS also its form (DE 5 digits, AT/CH 4, PL 00-000...).
 */
export function postcodeError(value: string, country?: string | null): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (v.length > POSTCODE_MAX) return { code: 'err_too_long', values: { max: POSTCODE_MAX } };
  if (!/^[A-Za-z0-9 -]+$/.test(v)) return { code: 'err_invalid_postcode' };
  const pattern = country ? POSTCODE_PATTERNS[country.toUpperCase()] : undefined;
  if (pattern && !pattern.test(v)) return { code: 'err_invalid_postcode' };
  return null;
}

export const isPostcode = (value: string, country?: string | null): boolean => postcodeError(value, country) === null;

/** The street's error, or null: required, at most 30 characters. */
export function streetError(value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  return v.length > STREET_MAX ? { code: 'err_too_long', values: { max: STREET_MAX } } : null;
}

/** The house number's error, or null: required, at most 10 characters of HOUSE_NUMBER_PATTERN. */
export function houseNumberError(value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (v.length > HOUSE_NUMBER_MAX) return { code: 'err_too_long', values: { max: HOUSE_NUMBER_MAX } };
  return HOUSE_NUMBER_PATTERN.test(v) ? null : { code: 'err_invalid_characters' };
}

/** The city's error, or null: required, at most 30 characters of CITY_PATTERN. */
export function cityError(value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (v.length > CITY_MAX) return { code: 'err_too_long', values: { max: CITY_MAX } };
  return CITY_PATTERN.test(v) ? null : { code: 'err_invalid_characters' };
}

/** House number: at most 10 characters of letters, digits, spaces and . - / \ (12a, 12-14, 3/1). */
export const isHouseNumber = (value: string): boolean => houseNumberError(value) === null;

/** City: at most 30 characters of letters, spaces and - / \ , (Frankfurt am Main, Halle/Saale). */
export const isCity = (value: string): boolean => cityError(value) === null;
