import {
  businessPurposeSchema,
  citySchema,
  companyNameSchema,
  companyTaxNumberSchema,
  houseNumberSchema,
  postcodeSchema,
  purposeDescriptionSchema,
  streetSchema,
} from '@finportal/contracts/company';
import { z } from 'zod';

/**
 * Company details (spec 1 section 5) with the contract's field schemas; the company type must be
 * one of the country's, the purpose select is required with more than one purpose, the detailed
 * description when it is shown. Loaded on first focus of the form.
 */
export function companyDetailsSchema(options: {
  companyTypes: string[];
  purposes: string[];
  showSelect: boolean;
  showDescription: boolean;
}) {
  const oneOf = (list: string[]) =>
    z
      .string({ error: 'err_required' })
      .min(1, { error: 'err_required' })
      .refine((v) => list.includes(v), { error: 'err_invalid_value' });
  return z.object({
    companyName: companyNameSchema,
    street: streetSchema,
    houseNumber: houseNumberSchema,
    companyPostCode: postcodeSchema,
    companyLocation: citySchema,
    companyType: oneOf(options.companyTypes),
    taxIdNumber: companyTaxNumberSchema,
    businessPurpose: businessPurposeSchema,
    purposeSelect: options.showSelect ? oneOf(options.purposes) : z.string(),
    purposeDescription: options.showDescription ? purposeDescriptionSchema : z.string(),
  });
}
