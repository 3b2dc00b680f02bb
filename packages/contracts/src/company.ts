import { z } from 'zod';
import { isCountryCode } from './countries.js';

/** Company field rules of spec 1 section 5 (one implementation for web and API). */

// The field rules live once in validators.ts (web and API); re-exported for this module's users.
export {
  citySchema,
  companyTaxNumberSchema,
  houseNumberSchema,
  isCompanyTaxNumber,
  isPersonalTaxNumber,
  postcodeSchema,
  streetSchema,
} from './validators.js';

export const companyNameSchema = z
  .string({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .min(4, { error: 'err_too_short' })
  .max(255, { error: 'err_too_long' });

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

/** An ISO 3166-1 alpha-2 country (countries.ts): a code of two capitals that names no country (XX) is refused. */
export const countrySchema = z.string({ error: 'err_required' }).refine(isCountryCode, { error: 'err_invalid_value' });
