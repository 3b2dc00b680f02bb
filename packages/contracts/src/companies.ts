import { z } from 'zod';
import { COVER_STATUSES } from './debitor-rules.js';

/**
 * The company route (spec 2 section 2: "a company route with parameter companyId", linked from a
 * debtor row when the partner configures it; ADR 009, ADR 018): GET /user/companies/{companyId}.
 */

export const companyIdParams = z.object({ companyId: z.string().max(64) });

/** An application of the caller that lists the company as a debtor (GET /user/companies/{companyId}). */
export const companyDebitorEntrySchema = z.object({
  applicationId: z.string(),
  shortApplicationId: z.string(),
  debitor_id: z.string(),
  annual_sales_previous_year: z.number(),
  currency: z.string(),
  /** Null until insurance cover is requested (COVER_STATUSES of debitor-rules.ts otherwise). */
  cover_status: z.enum(COVER_STATUSES).nullable(),
});
export type CompanyDebitorEntry = z.infer<typeof companyDebitorEntrySchema>;

/**
 * GET /user/companies/{companyId}: a company as the portal knows it, for its owner (ADR 009) and
 * for whoever may read an application that lists it as a debtor (ADR 018).
 */
export const companyDetailsResponse = z.object({
  company_id: z.string(),
  company_name: z.string(),
  /** Legal form code (AG, GMBH...), null when unknown. */
  companyType: z.string().nullable(),
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  companyPostCode: z.string().nullable(),
  companyLocation: z.string().nullable(),
  /** ISO 3166 alpha-2. */
  company_country: z.string(),
  hrNumber: z.string().nullable(),
  taxIdNumber: z.string().nullable(),
  external_provider_company_id: z.string().nullable(),
  external_provider_name: z.string().nullable(),
  /** The partner's credit insurer knows the company (it is the company's external provider). */
  is_known_to_credit_insurer: z.boolean(),
  /** The caller's applications that list the company as a debtor, newest application first. */
  debitor_in: z.array(companyDebitorEntrySchema),
});
export type CompanyDetailsResponse = z.infer<typeof companyDetailsResponse>;
