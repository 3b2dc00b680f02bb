import { z } from 'zod';
import { EMAIL_MAX, LANGUAGES, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import {
  CITY_MAX,
  CITY_PATTERN,
  HOUSE_NUMBER_MAX,
  HOUSE_NUMBER_PATTERN,
  postcodeError,
  STREET_MAX,
} from './address-rules.js';
import {
  cleanPastedPhone,
  EMAIL_PATTERN,
  isPhone,
  normalisePhone,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  phoneError,
} from './contact-rules.js';
import { addRuleIssue, type RuleError } from './rule-error.js';

/**
 * One implementation of the field rules of spec 1 section 5 and spec 2 section 5, used by web and
 * API: e-mail, passwords, IBAN, company and personal tax numbers, the German personal TIN, phone,
 * postcode, HR number, street, house number and city. Each rule is a plain function (`isX` /
 * `xError`, for forms that check one field) and a zod schema whose messages are error codes.
 */

export const emailSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(EMAIL_MAX, { error: 'err_too_long' })
  .regex(EMAIL_PATTERN, { error: 'err_invalid_email' })
  .transform((v) => v.toLowerCase());

export const PASSWORD_RULES = {
  upper: /[A-Z]/,
  lower: /[a-z]/,
  digit: /[0-9]/,
  special: /[^A-Za-z0-9]/,
} as const;

export function isPasswordComplex(value: string): boolean {
  return Object.values(PASSWORD_RULES).every((re) => re.test(value));
}

/** A new password: required, 8 to 254 characters, upper, lower, digit and special. */
export const newPasswordSchema = z
  .string({ error: 'err_required' })
  .min(1, { error: 'err_required' })
  .min(PASSWORD_MIN, { error: 'err_password_too_short' })
  .max(PASSWORD_MAX, { error: 'err_password_too_long' })
  .refine(isPasswordComplex, { error: 'err_password_too_simple' });

/** Login and old-password fields skip the complexity check. */
export const anyPasswordSchema = z
  .string({ error: 'err_required' })
  .min(1, { error: 'err_required' })
  .max(PASSWORD_MAX, { error: 'err_password_too_long' });

export const languageSchema = z.enum(LANGUAGES, {
  error: (issue) => (issue.input === undefined ? 'err_required' : 'err_language_not_supported'),
});

export const mustBeTrue = (code: string) => z.literal(true, { error: code });

export type { RuleError } from './rule-error.js';

/** A string schema with a RuleError-returning check. */
function withRule<T extends z.ZodType<string>>(schema: T, rule: (value: string) => RuleError | null) {
  return schema.superRefine((value, ctx) => {
    const error = rule(value);
    if (error) addRuleIssue(ctx, error);
  });
}

/** A required text (trimmed); an empty one reports err_required only. */
const requiredText = () => z.string({ error: 'err_required' }).trim().min(1, { error: 'err_required', abort: true });

// ---------------------------------------------------------------------------------------
// IBAN (spec 2 sections 5 and 9): in ./iban.ts, so that ibantools goes only where an IBAN is
// checked (a bundler keeps a module in one chunk: here it would follow the e-mail rule to /login).
// ---------------------------------------------------------------------------------------

export { formatIban, IBAN_MAX, ibanError, ibanSchema, isIban, normaliseIban } from './iban.js';

// ---------------------------------------------------------------------------------------
// Tax numbers (spec 1 section 5, spec 2 section 5; decision in ARCHITECTURE.md)
// ---------------------------------------------------------------------------------------

const TAX_SEPARATORS = /[.,:/\\\-\s]/g;

/**
 * Company tax number: digits only, or two capital letters then digits (a VAT id such as
 * DE123456789); 10 to 12 characters after stripping . , : / - \ and spaces.
 */
export function isCompanyTaxNumber(value: string): boolean {
  return /^([0-9]{10,12}|[A-Z]{2}[0-9]{8,10})$/.test(value.replace(TAX_SEPARATORS, ''));
}

/** The code of a company tax number that does not have its country's form (the text names the form). */
export type CompanyTaxNumberErrorCode =
  | 'err_invalid_tax_number'
  | 'err_invalid_tax_number_de'
  | 'err_invalid_tax_number_ch'
  | 'err_invalid_tax_number_at'
  | 'err_invalid_tax_number_pl';

/** The countries whose company tax number has a national form judged here (ARCHITECTURE.md, ADR 040). */
export const TAX_NUMBER_COUNTRIES = ['DE', 'CH', 'AT', 'PL'] as const;

const weighted = (digits: string, weights: readonly number[]) =>
  weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0);

/**
 * Swiss UID (Unternehmens-Identifikationsnummer): CHE and 9 digits, the last the modulo-11 check
 * digit of the first eight (weights 5 4 3 2 7 6 5 4; a remainder giving 10 is never issued). Written
 * `CHE-123.456.789`, also without the prefix's hyphen or the dots, and with the VAT suffix MWST, TVA
 * or IVA (`CHE-123.456.789 MWST`); the prefix may be left out (`136.348.576 MWST`).
 */
export function isSwissUid(value: string): boolean {
  const compact = value.toUpperCase().replace(TAX_SEPARATORS, '');
  const m = /^(?:CHE)?([0-9]{9})(?:MWST|TVA|IVA)?$/.exec(compact);
  if (!m) return false;
  const digits = m[1]!;
  const check = (11 - (weighted(digits, [5, 4, 3, 2, 7, 6, 5, 4]) % 11)) % 11;
  return check !== 10 && check === Number(digits[8]);
}

/**
 * Austrian company tax numbers: the Steuernummer (2-digit tax office and 7 digits, `12-345/6789`)
 * or the VAT id ATU and 8 digits whose last is the check digit of the first seven.
 */
export function isAustrianTaxNumber(value: string): boolean {
  const compact = value.toUpperCase().replace(TAX_SEPARATORS, '');
  if (/^[0-9]{9}$/.test(compact)) return compact.slice(0, 2) !== '00';
  const m = /^ATU([0-9]{8})$/.exec(compact);
  if (!m) return false;
  const digits = m[1]!;
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digits[i]);
    sum += i % 2 === 0 ? d : Math.floor((d * 2) / 10) + ((d * 2) % 10);
  }
  return (10 - ((sum + 4) % 10)) % 10 === Number(digits[7]);
}

/**
 * Polish NIP: 10 digits (written `123-456-32-18` or `123-45-67-819`, optionally with the PL prefix),
 * the last the sum of the first nine weighted 6 5 7 2 3 4 5 6 7, modulo 11 (10 is never issued).
 */
export function isPolishNip(value: string): boolean {
  const compact = value.toUpperCase().replace(TAX_SEPARATORS, '');
  const m = /^(?:PL)?([0-9]{10})$/.exec(compact);
  if (!m) return false;
  const digits = m[1]!;
  const check = weighted(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
  return check !== 10 && check === Number(digits[9]);
}

/**
 * German company tax numbers: the rule that held before (the spec's, which covers the Steuernummer
 * as the tax office writes it, `21/815/08150`, and the VAT id DE and 9 digits) and the 13-digit
 * federal form of the Steuernummer.
 */
export function isGermanTaxNumber(value: string): boolean {
  return isCompanyTaxNumber(value) || /^[0-9]{13}$/.test(value.replace(TAX_SEPARATORS, ''));
}

const NATIONAL_TAX_NUMBER: Record<
  (typeof TAX_NUMBER_COUNTRIES)[number],
  [(v: string) => boolean, CompanyTaxNumberErrorCode]
> = {
  DE: [isGermanTaxNumber, 'err_invalid_tax_number_de'],
  CH: [isSwissUid, 'err_invalid_tax_number_ch'],
  AT: [isAustrianTaxNumber, 'err_invalid_tax_number_at'],
  PL: [isPolishNip, 'err_invalid_tax_number_pl'],
};

/**
 * The company tax number judged by the company's country (issue 26, ARCHITECTURE.md): the national
 * form where one is known (DE, CH, AT, PL), else the spec's generic rule (isCompanyTaxNumber). The
 * code names the expected form. Empty is not judged here (the field is optional in the wizard).
 */
export function companyTaxNumberError(
  value: string,
  country: string | null | undefined,
): { code: CompanyTaxNumberErrorCode } | null {
  const v = value.trim();
  if (v === '') return null;
  const national = NATIONAL_TAX_NUMBER[(country ?? '').toUpperCase() as keyof typeof NATIONAL_TAX_NUMBER];
  if (national) return national[0](v) ? null : { code: national[1] };
  return isCompanyTaxNumber(v) ? null : { code: 'err_invalid_tax_number' };
}

/** Personal tax number (any country): letters, digits and / \ . , - : only, 5 to 15 characters. */
export function isPersonalTaxNumber(value: string): boolean {
  return /^[A-Za-z0-9/\\.,\-:]{5,15}$/.test(value.trim());
}

/** The company tax number field: optional (empty is fine), else isCompanyTaxNumber. */
export const companyTaxNumberSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isCompanyTaxNumber(v), { error: 'err_invalid_tax_number' });

/** Tax ids compared without separators and case (a personal and a company tax id must differ). */
export function sameTaxId(a: string | null | undefined, b: string | null | undefined): boolean {
  const clean = (v: string | null | undefined) => (v ?? '').replace(TAX_SEPARATORS, '').toUpperCase();
  return clean(a) !== '' && clean(a) === clean(b);
}

// ---------------------------------------------------------------------------------------
// German personal TIN (Steuerliche Identifikationsnummer, spec 2 section 5)
// ---------------------------------------------------------------------------------------

export const GERMAN_TIN_LENGTH = 11;

/** The ISO 7064 MOD 11,10 check digit of the first ten digits. */
export function germanTinCheckDigit(first10: string): number {
  let product = 10;
  for (const char of first10) {
    let sum = (Number(char) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/**
 * The German personal TIN's error, or null. Spaces, dots and slashes are ignored (`86 095 742 719`).
 * Rules: 11 digits (err_tin_length), digits only (err_tin_not_numeric), no leading zero
 * (err_tin_starts_with_0); in the first ten digits exactly one digit occurs twice or three times
 * and a threefold digit not three times in a row (err_tin_digit_repetition); the last digit is the
 * ISO 7064 MOD 11,10 check digit of the first ten (err_tin_check_digit).
 */
export function germanTinError(value: string): RuleError | null {
  const tin = value.replace(/[\s\u00A0./]/g, '');
  if (!/^[0-9]*$/.test(tin)) return { code: 'err_tin_not_numeric' };
  if (tin.length !== GERMAN_TIN_LENGTH) return { code: 'err_tin_length' };
  if (tin.startsWith('0')) return { code: 'err_tin_starts_with_0' };
  const first10 = tin.slice(0, 10);
  const counts = new Map<string, number>();
  for (const digit of first10) counts.set(digit, (counts.get(digit) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1);
  if (repeated.length !== 1 || repeated[0]! > 3 || /(\d)\1\1/.test(first10)) {
    return { code: 'err_tin_digit_repetition' };
  }
  if (germanTinCheckDigit(first10) !== Number(tin[10])) return { code: 'err_tin_check_digit' };
  return null;
}

export const isGermanTin = (value: string): boolean => germanTinError(value) === null;

/** A German personal TIN field (required); parses to the 11 digits. */
export const germanTinSchema = withRule(requiredText(), germanTinError).transform((v) => v.replace(/[\s./]/g, ''));

// ---------------------------------------------------------------------------------------
// Phone (spec 1 section 5, spec 2 sections 5 and 9)
// ---------------------------------------------------------------------------------------

// The rules themselves are zod-free in ./contact-rules.ts (the appointment rules use them too).
export { cleanPastedPhone, isPhone, normalisePhone, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneError };

/** A phone field (required); parses to the stored form (normalisePhone). */
export const phoneSchema = withRule(z.string({ error: 'err_required' }), phoneError).transform(normalisePhone);

// ---------------------------------------------------------------------------------------
// Address and register (spec 1 section 5, spec 2 section 5)
// ---------------------------------------------------------------------------------------

export const HR_NUMBER_MAX = 15;

// The address rules are zod-free in address-rules.ts (the browser's rule files use them without zod).
export {
  CITY_MAX,
  HOUSE_NUMBER_MAX,
  isCity,
  isHouseNumber,
  isPostcode,
  POSTCODE_MAX,
  POSTCODE_PATTERNS,
  postcodeError,
  STREET_MAX,
} from './address-rules.js';

/** A postcode field (required), the general rule; `postcodeSchemaFor(country)` adds the country's form. */
export const postcodeSchema = withRule(requiredText(), (v) => postcodeError(v));
export const postcodeSchemaFor = (country: string) => withRule(requiredText(), (v) => postcodeError(v, country));

/**
 * The commercial register (HR) number's error, or null: at most 15 characters of letters, digits,
 * spaces and / \ . , - : (`HRB 12345`, `HRA 1234/B`). The space is allowed although the spec's
 * character list leaves it out: the register itself writes "HRB 12345".
 */
export function hrNumberError(value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (v.length > HR_NUMBER_MAX) return { code: 'err_too_long', values: { max: HR_NUMBER_MAX } };
  return /^[\p{L}0-9 /\\.,\-:]+$/u.test(v) ? null : { code: 'err_invalid_characters' };
}

export const isHrNumber = (value: string): boolean => hrNumberError(value) === null;
export const hrNumberSchema = withRule(requiredText(), hrNumberError);

export const streetSchema = requiredText().max(STREET_MAX, { error: 'err_too_long' });

export const houseNumberSchema = requiredText()
  .max(HOUSE_NUMBER_MAX, { error: 'err_too_long' })
  .regex(HOUSE_NUMBER_PATTERN, { error: 'err_invalid_characters' });

export const citySchema = requiredText()
  .max(CITY_MAX, { error: 'err_too_long' })
  .regex(CITY_PATTERN, { error: 'err_invalid_characters' });
