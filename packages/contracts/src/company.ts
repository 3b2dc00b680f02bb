import { z } from 'zod';

/** Company field rules of spec 1 section 5 (one implementation for web and API). */

const STRIP_TAX = /[.,:/\\-]/g;

/** Company tax number: digits only, or two capital letters then digits; 10 to 12 characters after stripping . , : / - \ */
export function isCompanyTaxNumber(value: string): boolean {
  const v = value.replace(STRIP_TAX, '').replace(/\s/g, '');
  return /^([0-9]{10,12}|[A-Z]{2}[0-9]{8,10})$/.test(v);
}

/** Personal tax number: letters, digits and / \ . , - : only, 5 to 15 characters. */
export function isPersonalTaxNumber(value: string): boolean {
  return /^[A-Za-z0-9/\\.,\-:]{5,15}$/.test(value);
}

export const companyNameSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .min(4, { error: 'err_too_short' })
  .max(255, { error: 'err_too_long' });

export const streetSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(30, { error: 'err_too_long' });

export const houseNumberSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(10, { error: 'err_too_long' })
  .regex(/^[\p{L}0-9.\-/\\ ]+$/u, { error: 'err_invalid_characters' });

export const postcodeSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(8, { error: 'err_too_long' })
  .regex(/^[A-Za-z0-9 -]+$/, { error: 'err_invalid_postcode' });

export const citySchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(30, { error: 'err_too_long' })
  .regex(/^[\p{L} \-/\\,]+$/u, { error: 'err_invalid_characters' });

export const companyTaxNumberSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isCompanyTaxNumber(v), { error: 'err_invalid_tax_number' });

export const businessPurposeSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .min(5, { error: 'err_too_short' })
  .max(200, { error: 'err_too_long' });

export const purposeDescriptionSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .min(30, { error: 'err_too_short' })
  .max(700, { error: 'err_too_long' });

export const countrySchema = z.string({ error: 'err_required' }).regex(/^[A-Z]{2}$/, { error: 'err_invalid_value' });
