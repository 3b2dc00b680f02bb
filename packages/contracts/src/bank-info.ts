import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';

/** Bank data of an application (spec 2 sections 5 and 7): PATCH /user/applications/{id}/bankinfo. */

export const BANK_NAME_MAX = 100;
export const IBAN_MAX = 34;

/** The IBAN without spaces, upper case (what is stored and checked). */
export function normaliseIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four for display (DE89 3704 0044 0532 0130 00). */
export function formatIban(value: string): string {
  return friendlyFormatIBAN(value) ?? value;
}

/**
 * IBAN: required, at most 34 characters (spaces not counted), no underscore placeholder
 * characters of a masked input, and valid by country length and ISO 7064 checksum (ibantools).
 */
export const ibanSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(50, { error: 'err_too_long' })
  .refine((v) => !v.includes('_'), { error: 'err_invalid_iban', abort: true })
  .transform(normaliseIban)
  .pipe(
    z
      .string()
      .max(IBAN_MAX, { error: 'err_too_long' })
      .refine((v) => isValidIBAN(v), { error: 'err_invalid_iban' }),
  );

export const bankNameSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(BANK_NAME_MAX, { error: 'err_too_long' });

export const updateBankInfoRequest = z.object({ bankName: bankNameSchema, iban: ibanSchema });
export type UpdateBankInfoRequest = z.input<typeof updateBankInfoRequest>;
