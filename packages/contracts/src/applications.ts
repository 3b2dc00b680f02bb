import { z } from 'zod';
import { ALLOWED_UPDATES, BORROWER_ACTIONS, type AllowedUpdate } from './application/policies.js';
import { multilineText, text } from './text.js';
import { companyTaxNumberError } from './validators.js';
import { CURRENCIES } from './constants.js';
import { LOAN_TYPES } from './partner.js';
import { PRODUCT_TYPES } from './products.js';
import { documentConfigurations } from './documents.js';
import { pricingSchema } from './offers.js';

/**
 * The borrower's applications on the dashboard (spec 1 sections 2, 3 and 7; spec 2 sections 3,
 * 6 and 7): GET /user/applications, GET /user/applications/{id}, PATCH /user/applications/{id}
 * (company tax number) and PATCH /user/applications/{id}/status (submission).
 */

/** Permissions of spec 2 section 6, computed per application and user by the API. */
export { ALLOWED_UPDATES, type AllowedUpdate };

export const customFieldEntry = z.object({
  field_id: z.string().max(64),
  field_value: z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]),
});
export type CustomFieldEntry = z.infer<typeof customFieldEntry>;
/** A custom field's answer as sent: the text rule on its id and value (a text area's value may hold line breaks). */
export const customFieldInput = z.object({
  field_id: text().max(64),
  field_value: z.union([multilineText().max(10_000), z.number(), z.boolean(), z.null()]),
});

/** The accepted-signatory record of the current user on this application, if any. */
export const currentSignatorySchema = z.object({
  signatory_id: z.string(),
  invite_status: z.enum(['not_invited', 'not_accepted', 'expired', 'accepted']),
  /** The signatory has signature requirements (identification, contract signature, mandates...). */
  has_requirements: z.boolean(),
});

/** The final offer (issue 24, ADR 021); the figures are final per the is_final_* flags of the pricing. */
export const finalOfferSchema = z.object({
  interest_rate: z.number(),
  transaction_fee: z.number(),
  /** Loans: the monthly rate at the final interest rate; null for factoring. */
  monthly_payment: z.number().nullable(),
  /** Factoring: the final annual fee (limit × rate); null for loans. */
  annual_factoring_fee: z.number().nullable(),
  is_final_interest_rate: z.literal(true),
  is_final_transaction_fee: z.literal(true),
  /** ISO 8601: when the borrower accepted it; null while it waits for their answer. */
  accepted_at: z.string().nullable(),
});
export type FinalOffer = z.infer<typeof finalOfferSchema>;

export const borrowerActionSchema = z.object({
  action: z.enum(Object.keys(BORROWER_ACTIONS) as [keyof typeof BORROWER_ACTIONS]),
  status: z.string(),
  blocked_by: z.string().nullable(),
});
export type BorrowerActionWire = z.infer<typeof borrowerActionSchema>;

/** A row of the applications list ("Application (list/overview)" of spec 1 section 3). */
export const applicationListItem = z.object({
  applicationId: z.string(),
  shortApplicationId: z.string(),
  status: z.string(),
  /** The statuses of this application's main path, in order (a progress indicator reads it). */
  status_flow: z.array(z.object({ status_name: z.string() })),
  /** ISO 8601, UTC. */
  created: z.string(),
  currency: z.enum(CURRENCIES),
  allBanksLoanPurpose: z.enum(LOAN_TYPES),
  /** Loan amount, or the factoring limit for factoring. */
  amount: z.number().nullable(),
  companyName: z.string(),
  allowed_updates: z.array(z.enum(ALLOWED_UPDATES)),
  document_configurations: documentConfigurations,
});
export type ApplicationListItem = z.infer<typeof applicationListItem>;

export const applicationsListResponse = z.object({ applications: z.array(applicationListItem) });
export type ApplicationsListResponse = z.infer<typeof applicationsListResponse>;

/** The application as the dashboard shows it (spec 2 section 3 "Application (dashboard view)"). */
export const applicationSchema = applicationListItem.extend({
  application_id: z.string(),
  product: z.object({ product_id: z.enum(PRODUCT_TYPES) }),
  loanSize: z.number().nullable(),
  loanDuration: z.number().nullable(),
  display_duration_unit: z.enum(['months', 'years']),
  purposeSelect: z.string().nullable(),
  /**
   * The indicative offer, as the result page showed it: null when the partner shows no
   * indicative offer, for factoring (its fee is in `factoring`) and for closed applications.
   */
  pricing: pricingSchema.nullable(),
  /** Why a closed application closed: the err_* code of the failed eligibility rule; null otherwise. */
  rejection_reason: z.string().nullable(),
  /** The values the reason's message quotes (the partner's limits, e.g. `{ min, max }`); null when none. */
  rejection_values: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .nullable()
    .optional(),
  // company
  company_id: z.string(),
  companyType: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  companyPostCode: z.string().nullable(),
  companyLocation: z.string().nullable(),
  companyCountry: z.string(),
  /** Commercial register number. */
  hrNumber: z.string().nullable(),
  /** YYYY-MM-DD. */
  companyFoundationDate: z.string().nullable(),
  taxIdNumber: z.string().nullable(),
  // bank
  bankName: z.string().nullable(),
  iban: z.string().nullable(),
  // custom fields: application scope and company scope
  custom_fields_list: z.array(customFieldEntry),
  company_custom_fields: z.array(customFieldEntry),
  is_appointment_created: z.boolean(),
  is_dynamic_form: z.boolean(),
  /** Factoring figures of the application (null for loans); the factoring issue adds its detail forms. */
  factoring: z
    .object({
      factoring_limit: z.number().nullable(),
      has_international_customers: z.boolean().nullable(),
      annual_sales_previous_year: z.number().nullable(),
      annual_sales_previous_year_abroad: z.number().nullable(),
      /** Annual fee in percent of the limit (the indicative offer); null like `pricing`. */
      factoring_fee_rate: z.number().nullable(),
      /** factoring_limit × factoring_fee_rate / 100; null like factoring_fee_rate. */
      annual_factoring_fee: z.number().nullable(),
    })
    .nullable(),
  /** True when the current user created the application (only the owner submits it). */
  is_owner: z.boolean(),
  current_signatory: currentSignatorySchema.nullable(),
  /**
   * The final offer (issue 24): the back office's final pricing, from the moment the application
   * reaches Offer_Available (not before, not once it is closed). Loans: the final interest rate,
   * the fee and the monthly rate at that rate; factoring: the final fee rate and the annual fee.
   */
  final_offer: finalOfferSchema.nullable(),
  /**
   * What the current user may do with the application now (contracts application/policies.ts
   * `borrowerActions`): submit it, accept the final offer. `blocked_by`: what still stands in the
   * way (the workflow guard's code); null: it can be done now.
   */
  actions: z.array(borrowerActionSchema),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationResponse = z.object({ application: applicationSchema });
export type ApplicationResponse = z.infer<typeof applicationResponse>;

export const applicationIdParams = z.object({ id: z.string().max(64) });

/** PATCH /user/applications/{id}: the company tax number (required in its modal). */
export const updateCompanyTaxIdRequest = z.object({
  taxIdNumber: text({ error: 'err_required' })
    .trim()
    .min(1, { error: 'err_required', abort: true })
    .max(30, { error: 'err_too_long', abort: true }),
});
export type UpdateCompanyTaxIdRequest = z.input<typeof updateCompanyTaxIdRequest>;

/** The company tax number form's schema for a company of this country (its national form, issue 26). */
export function updateCompanyTaxIdRequestFor(country: string | null | undefined) {
  return updateCompanyTaxIdRequest.superRefine((value, ctx) => {
    const issue = companyTaxNumberError(value.taxIdNumber, country);
    if (issue) ctx.addIssue({ code: 'custom', path: ['taxIdNumber'], message: issue.code });
  });
}

/**
 * PATCH /user/applications/{id}/status: the borrower's move, one of their `actions` (the submission
 * to the status next_status_validate names, the acceptance of the final offer: Offer_Accepted).
 */
export const updateStatusRequest = z.object({
  status: text({ error: 'err_required' }).min(1, { error: 'err_required' }).max(40),
});
export type UpdateStatusRequest = z.infer<typeof updateStatusRequest>;

/** PATCH /user/applications/{id}/custom_field_list */
export const updateCustomFieldsRequest = z.object({
  custom_fields: z.array(customFieldInput).min(1, { error: 'err_required' }).max(200),
});
export type UpdateCustomFieldsRequest = z.infer<typeof updateCustomFieldsRequest>;
