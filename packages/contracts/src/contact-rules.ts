import { EMAIL_MAX } from './constants.js';
import type { RuleError } from './rule-error.js';

/**
 * The e-mail and phone rules (spec 1 section 5, spec 2 sections 5 and 9) without zod, so that a
 * zod-free rule module (the appointment booking's, `appointment-rules.ts`) can use them; the zod
 * schemas built on them are in `validators.ts`, which re-exports these.
 */

/** An e-mail address as the portal accepts it (one @, a dot in the domain, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The e-mail address's error, or null: required, at most EMAIL_MAX characters, EMAIL_PATTERN. */
export function emailError(value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (v.length > EMAIL_MAX) return { code: 'err_too_long', values: { max: EMAIL_MAX } };
  if (!EMAIL_PATTERN.test(v)) return { code: 'err_invalid_email' };
  return null;
}

// ---------------------------------------------------------------------------------------
// Phone (spec 1 section 5, spec 2 sections 5 and 9)
// ---------------------------------------------------------------------------------------

/** Digits after the plus: at least 8 (spec 2 section 9) and at most 15 (the E.164 maximum). */
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;

/**
 * Pasted text made typeable (spec 2 section 5): only digits, plus, brackets and hyphens are kept
 * (spaces, slashes, dots, letters such as "Tel." go), and a leading 00 becomes +.
 */
export function cleanPastedPhone(text: string): string {
  return text.replace(/[^\d+()-]/g, '').replace(/^00/, '+');
}

/** The stored form: + and the digits (`+49 (0)30 1234-5678` → `+493012345678`; 00 → +). */
export function normalisePhone(value: string): string {
  const v = value
    .trim()
    .replace(/^00/, '+')
    // A national trunk prefix written after the country code: +49 (0)30 → +49 30.
    .replace(/^(\+\d{1,3})\s*\(0\)/, '$1');
  return (v.startsWith('+') ? '+' : '') + v.replace(/\D/g, '');
}

/**
 * The phone number's error, or null: a leading + (or 00) and the country code
 * (err_invalid_phone), then digits, spaces, brackets, hyphens and slashes only
 * (err_invalid_characters), 8 to 15 digits after the plus (err_too_short, err_too_long).
 */
export function phoneError(value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (!/^(\+|00)/.test(v)) return { code: 'err_invalid_phone' };
  if (!/^(\+|00)[\d\s\u00A0()/-]+$/.test(v)) return { code: 'err_invalid_characters' };
  const digits = normalisePhone(v).length - 1;
  if (digits < PHONE_MIN_DIGITS) return { code: 'err_too_short', values: { min: PHONE_MIN_DIGITS } };
  if (digits > PHONE_MAX_DIGITS) return { code: 'err_too_long', values: { max: PHONE_MAX_DIGITS } };
  return null;
}

export const isPhone = (value: string): boolean => phoneError(value) === null;
