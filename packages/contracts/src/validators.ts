import { z } from 'zod';
import { EMAIL_MAX, LANGUAGES, PASSWORD_MAX, PASSWORD_MIN } from './constants.js';

/** One implementation of the field rules of spec 1 section 5, used by web and API. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

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
