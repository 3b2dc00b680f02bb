import { z } from 'zod';
import { multilineText, text } from './text.js';
import { CURRENCIES } from './constants.js';
import { LOAN_TYPES } from './partner.js';

/**
 * POST /user/applications: the wizard's values (classic) or the dynamic values plus
 * custom_fields_list. The API validates every rule again (classic: create-application.ts, the
 * schema the wizard's steps use; dynamic: dynamic-forms.ts) and answers 400 with every field error.
 */
export const createApplicationRequest = z.object({
  allBanksLoanPurpose: z.enum(LOAN_TYPES, { error: 'err_loan_type_not_allowed' }),
  /** Loan amount in `currency`, a whole number; cleared for factoring. */
  loanSize: z.number().nullable().optional(),
  /** Whole months on the wire; `display_duration_unit` only says how the wizard showed it. */
  loanDuration: z.number().nullable().optional(),
  display_duration_unit: z.enum(['months', 'years']).default('months'),
  currency: z.enum(CURRENCIES, { error: 'err_currency_not_allowed' }),
  // company
  companyName: text(),
  companyType: text().nullable().optional(),
  street: text().optional(),
  houseNumber: text().optional(),
  companyPostCode: text().optional(),
  companyLocation: text().optional(),
  companyCountry: text(),
  taxIdNumber: text().optional(),
  businessPurpose: multilineText().optional(),
  /** YYYY-MM-DD; a dynamic form may ask for it (the registry knows it for found companies). */
  foundation_date: text().nullable().optional(),
  /** Id from company search: ours (isInternal) or the provider's. */
  companyCreditProviderId: text().nullable().optional(),
  company_id: text().nullable().optional(),
  external_provider_company_id: text().nullable().optional(),
  external_provider_name: text().nullable().optional(),
  // purpose
  purposeSelect: text().nullable().optional(),
  purposeDescription: multilineText().nullable().optional(),
  purpose_key: text().nullable().optional(),
  // factoring
  factoring_limit: z.number().nullable().optional(),
  has_international_customers: z.boolean().nullable().optional(),
  annual_sales_previous_year: z.number().nullable().optional(),
  annual_sales_previous_year_abroad: z.number().nullable().optional(),
  // tracking
  referrer: text().max(500).nullable().optional(),
  referral_data: z.record(text(), text().max(500)).nullable().optional(),
  // dynamic form
  dynamic_form: z.boolean().optional(),
  /** Custom fields of the dynamic form, converted with toSubmissionValue (dates YYYY-MM-DD, percent as decimal). */
  custom_fields_list: z
    .array(
      z.object({
        field_id: text().max(64),
        field_value: z.union([multilineText().max(10_000), z.number(), z.boolean(), z.null()]),
      }),
    )
    .max(200)
    .optional(),
});
export type CreateApplicationRequest = z.input<typeof createApplicationRequest>;

export const pricingSchema = z.object({
  offer_rate_low: z.number(),
  offer_rate_high: z.number(),
  offer_representative_monthly_rate_low: z.number(),
  offer_representative_monthly_rate_high: z.number(),
  offer_is_range: z.boolean(),
  monthly_payment: z.number(),
  total_transaction_fee: z.number(),
  is_final_interest_rate: z.boolean(),
  is_final_transaction_fee: z.boolean(),
});
export type Pricing = z.infer<typeof pricingSchema>;

export const factoringOfferSchema = z.object({
  factoring_limit: z.number(),
  /** Annual fee in percent of the limit; null on rejection or when the partner shows no indicative offer. */
  factoring_fee_rate: z.number().nullable(),
  /** factoring_limit × factoring_fee_rate / 100; null like factoring_fee_rate. */
  annual_factoring_fee: z.number().nullable(),
  annual_sales_previous_year: z.number().nullable(),
  annual_sales_previous_year_abroad: z.number().nullable(),
});
export type FactoringOffer = z.infer<typeof factoringOfferSchema>;

export const createdApplicationSchema = z.object({
  status: z.string(),
  applicationId: z.string(),
  shortApplicationId: z.string(),
  loanSize: z.number().nullable(),
  loanDuration: z.number().nullable(),
  display_duration_unit: z.enum(['months', 'years']),
  currency: z.enum(CURRENCIES),
  allBanksLoanPurpose: z.enum(LOAN_TYPES),
  product_type: z.string(),
  /** null when the partner does not show an indicative offer, or on rejection. */
  pricing: pricingSchema.nullable(),
  factoring: factoringOfferSchema.nullable(),
  /** The err_* code of the eligibility rule that failed (status Rejected). */
  rejection_reason: z.string().nullable(),
  /** The values its message quotes (the partner's limits, e.g. `{ min, max }`); null when none. */
  rejection_values: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .nullable()
    .optional(),
  companyName: z.string(),
  company_id: z.string(),
  /** ISO 8601 (UTC). */
  created: z.string(),
});
export type CreatedApplication = z.infer<typeof createdApplicationSchema>;

export const createApplicationResponse = z.object({ application: createdApplicationSchema });
export type CreateApplicationResponse = z.infer<typeof createApplicationResponse>;
