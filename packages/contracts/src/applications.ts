import { z } from 'zod';
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
export const ALLOWED_UPDATES = [
  'signatory',
  'signatory_other',
  'signatory_flags',
  'signatory_tin',
  'signatory_contact',
  'taxIdNumber',
  'bankinfo',
  'custom_fields',
  'debitor',
] as const;
export type AllowedUpdate = (typeof ALLOWED_UPDATES)[number];

export const customFieldEntry = z.object({
  field_id: z.string().max(64),
  field_value: z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]),
});
export type CustomFieldEntry = z.infer<typeof customFieldEntry>;

/** The accepted-signatory record of the current user on this application, if any. */
export const currentSignatorySchema = z.object({
  signatory_id: z.string(),
  invite_status: z.enum(['not_invited', 'not_accepted', 'expired', 'accepted']),
  /** The signatory has signature requirements (identification, contract signature, mandates...). */
  has_requirements: z.boolean(),
});

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
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationResponse = z.object({ application: applicationSchema });
export type ApplicationResponse = z.infer<typeof applicationResponse>;

export const applicationIdParams = z.object({ id: z.string().max(64) });

/** PATCH /user/applications/{id}: the company tax number (required in its modal). */
export const updateCompanyTaxIdRequest = z.object({
  taxIdNumber: z
    .string({ error: 'err_required' })
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

/** PATCH /user/applications/{id}/status: the status named by next_status_validate. */
export const updateStatusRequest = z.object({
  status: z.string({ error: 'err_required' }).min(1, { error: 'err_required' }).max(40),
});
export type UpdateStatusRequest = z.infer<typeof updateStatusRequest>;

/** PATCH /user/applications/{id}/custom_field_list */
export const updateCustomFieldsRequest = z.object({
  custom_fields: z.array(customFieldEntry).min(1, { error: 'err_required' }).max(200),
});
export type UpdateCustomFieldsRequest = z.infer<typeof updateCustomFieldsRequest>;
