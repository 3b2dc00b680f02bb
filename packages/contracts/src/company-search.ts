import { z } from 'zod';
import { text } from './text.js';
import { COMPANY_SEARCH_MIN_CHARS } from './constants.js';

/** GET /company_search?name=…&country=… */
export const companySearchQuery = z.object({
  name: text({ error: 'err_required' })
    .trim()
    .min(COMPANY_SEARCH_MIN_CHARS, { error: 'err_too_short' })
    .max(255, { error: 'err_too_long' }),
  country: text().regex(/^[A-Z]{2}$/, { error: 'err_invalid_value' }),
});
export type CompanySearchQuery = z.input<typeof companySearchQuery>;

/** One hit, in the spec's field names (spec 1 section 3 "Company search result"). */
export const companySearchResult = z.object({
  /** Our company id (our_companies) or the provider's id (external_provider_companies). */
  id: z.string(),
  name: z.string(),
  /** Street with house number, as one line. */
  street: z.string(),
  street_name: z.string(),
  house_number: z.string(),
  plz: z.string(),
  ort: z.string(),
  land: z.string(),
  isInternal: z.boolean(),
  inPortfolio: z.boolean(),
  companyType: z.string().nullable(),
  businessPurpose: z.string().nullable(),
  tax_id_number: z.string().nullable(),
  register_number: z.string().nullable(),
  register_court: z.string().nullable(),
  foundation_date: z.string().nullable(),
  company_custom_fields: z.array(z.object({ field_id: z.string(), field_value: z.unknown() })),
  external_provider_company_id: z.string().nullable(),
  external_provider_name: z.string().nullable(),
  /** What the wizard sends back as companyCreditProviderId. */
  credit_provider_id: z.string().nullable(),
});
export type CompanySearchResult = z.infer<typeof companySearchResult>;

export const companySearchResponse = z.object({
  our_companies: z.array(companySearchResult),
  external_provider_companies: z.array(companySearchResult),
});
export type CompanySearchResponse = z.infer<typeof companySearchResponse>;
