import { z } from 'zod';
import { multilineText, text } from './text.js';
import { COMPANY_ID_TYPES } from './company-ids.js';
import { COVER_STATUSES } from './debitor-rules.js';
import { COMPANY_SEARCH_MIN_CHARS } from './constants.js';

export * from './company-ids.js';
export * from './debitor-rules.js';
export * from './new-company-rules.js';

/**
 * The wire shapes of a factoring application's debtors (spec 2 sections 3 and 7; issue 12;
 * ADR 018): GET/POST .../factoring/debitors, PATCH/DELETE .../factoring/debitors/{debitorId},
 * POST .../factoring/debitors/{debitorId}/insurance_cover, POST .../factoring/debitors/import,
 * POST .../companies (a new debtor company), GET /user/filter_values and GET /user/company_search
 * with purpose=company_cover. The rules are zod-free in `debitor-rules.ts` and `company-ids.ts`
 * (new companies: `new-company-rules.ts`), re-exported here.
 */

const optionalText = (max: number) => text().max(max).nullable().optional();

/** POST .../factoring/debitors: a company of the search (or just created) with its sales. */
export const createDebitorRequest = z.strictObject({
  company_id: optionalText(64),
  annual_sales_previous_year: z.number().nullable().optional(),
  currency: optionalText(8),
});
export type CreateDebitorRequest = z.input<typeof createDebitorRequest>;

/** PATCH .../factoring/debitors/{debitorId}: sales and currency (a field left out stays). */
export const updateDebitorRequest = z.strictObject({
  annual_sales_previous_year: z.number().nullable().optional(),
  currency: optionalText(8),
});
export type UpdateDebitorRequest = z.input<typeof updateDebitorRequest>;

export const debitorParams = z.object({ id: z.string().max(64), debitorId: z.string().max(64) });

/** POST .../insurance_cover: nothing to send (the debtor's sales are the amount asked for). */
export const coverRequest = z.strictObject({});
export type CoverRequestBody = z.input<typeof coverRequest>;

export const debitorCompanySchema = z.object({
  company_id: z.string(),
  company_name: z.string(),
  /** ISO 3166 alpha-2. */
  company_country: z.string(),
});

export const insuranceCoverSchema = z.object({
  cover_status: z.enum(COVER_STATUSES),
  /** The amount covered (Cover: as asked; Partial: less; NoCover: 0); null until decided. */
  cover_amount: z.number().nullable(),
  cover_currency: z.string().nullable(),
  /** What the insurer told about its decision (reference, decision id...); the UI may show it. */
  provider_data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type InsuranceCover = z.infer<typeof insuranceCoverSchema>;

export const externalProviderCompanySchema = z.object({
  external_provider_company_id: z.string(),
  external_provider_name: z.string(),
});

/** A debtor as the API answers it (spec 2 section 3 "Debtor"). */
export const debitorSchema = z.object({
  debitor_id: z.string(),
  company: debitorCompanySchema,
  annual_sales_previous_year: z.number(),
  currency: z.string(),
  /** Null until cover is requested. */
  insurance_cover: insuranceCoverSchema.nullable(),
  /** The debtor company's entry at an external provider (the credit insurer, the company register). */
  external_provider_company: externalProviderCompanySchema.nullable(),
  /** Cover may be requested now (coverRequestError is null and the user may change the debtors). */
  can_request_cover: z.boolean(),
});
export type Debitor = z.infer<typeof debitorSchema>;

export const concentrationSchema = z.object({
  currency: z.string(),
  total_sales: z.number(),
  largest_sales: z.number(),
  largest_share: z.number(),
  largest_debitor_id: z.string(),
  debitor_count: z.number().int(),
  excluded_count: z.number().int(),
});

/** GET .../factoring/debitors */
export const debitorsResponse = z.object({
  /** Largest sales first. */
  result: z.array(debitorSchema),
  /** The top debtors asked for: at most this many (partner setting, default 5). */
  max_debitors: z.number().int(),
  /** The current user may add, change, delete debtors and request cover (`debitor` in allowed_updates). */
  is_editable: z.boolean(),
  /** The largest debtor's share of the listed sales (debitorConcentration), null without debtors. */
  concentration: concentrationSchema.nullable(),
  /** A debtor row links to the company route (companyId) at this partner. */
  company_link: z.boolean(),
  /** The credit insurer that cover is requested from (a debtor's provider must be it). */
  credit_insurer: z.string(),
});
export type DebitorsResponse = z.infer<typeof debitorsResponse>;

/** DELETE: 204, no body. */
export const debitorDeletedResponse = z.null().describe('Deleted: no body');

// ---------------------------------------------------------------------------------------------
// New company

/** POST /user/applications/{id}/companies (spec 2 section 3 "New company (debtor search)"). */
export const newCompanyRequest = z.strictObject({
  address_country: optionalText(8),
  searchType: optionalText(20),
  searchValue: optionalText(300),
  companyName: optionalText(1000),
  companyType: optionalText(64),
  address_street: optionalText(300),
  address_house_number: optionalText(100),
  address_location: optionalText(300),
  address_post_code: optionalText(100),
  hrNumber: optionalText(100),
  taxIdNumber: optionalText(100),
  businessPurpose: multilineText().max(10_000).nullable().optional(),
  /** A hit of the company search at a provider (the credit insurer or the register): its id there. */
  external_provider_company_id: optionalText(100),
  external_provider_name: optionalText(100),
});
export type NewCompanyRequest = z.input<typeof newCompanyRequest>;

/** The company created (201): pass `company_id` to POST .../factoring/debitors. */
export const newCompanyResponse = z.object({
  company_id: z.string(),
  company_name: z.string(),
  company_country: z.string(),
  companyType: z.string().nullable(),
  hrNumber: z.string().nullable(),
  taxIdNumber: z.string().nullable(),
  external_provider_company_id: z.string().nullable(),
  external_provider_name: z.string().nullable(),
});
export type NewCompanyResponse = z.infer<typeof newCompanyResponse>;

// ---------------------------------------------------------------------------------------------
// CSV import

/** CSV text of at most this many characters, with at most this many rows besides the header. */
export const DEBITOR_IMPORT_MAX_CHARS = 100_000;
export const DEBITOR_IMPORT_MAX_ROWS = 100;

/** POST .../factoring/debitors/import: the file's text; `confirm` false previews, true stores the ok rows. */
export const debitorImportRequest = z.strictObject({
  content: multilineText().min(1, { error: 'err_required' }).max(DEBITOR_IMPORT_MAX_CHARS, { error: 'err_too_long' }),
  confirm: z.boolean().optional(),
});
export type DebitorImportRequest = z.input<typeof debitorImportRequest>;

export const IMPORT_ROW_STATUSES = ['ok', 'duplicate', 'error'] as const;
export const IMPORT_COMPANY_MATCHES = ['existing', 'provider', 'new'] as const;

export const debitorImportRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  values: z.object({
    company_name: z.string(),
    country: z.string(),
    register_id: z.string(),
    register_id_type: z.enum(COMPANY_ID_TYPES).nullable(),
    annual_sales_previous_year: z.number().nullable(),
    currency: z.string(),
  }),
  /** Why the row is in error (field: company_name, country, register_id, annual_sales_previous_year, currency, row). */
  errors: z.array(
    z.object({
      field: z.string(),
      code: z.string(),
      values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
  /** A duplicate: of an earlier line of the file, or of a stored debtor. */
  duplicate_of: z.object({ line: z.number().int().nullable(), debitor_id: z.string().nullable() }).nullable(),
  /** The company the row becomes: one of ours, one of the credit insurer, or a new one. */
  company: z
    .object({
      match: z.enum(IMPORT_COMPANY_MATCHES),
      company_id: z.string().nullable(),
      company_name: z.string(),
    })
    .nullable(),
  /** After confirm: the debtor stored for an ok row. */
  debitor_id: z.string().nullable(),
});
export type DebitorImportRow = z.infer<typeof debitorImportRow>;

export const debitorImportResponse = z.object({
  /** The separator found: `;` (decimal comma amounts, as German Excel writes them), `,` or a tab. */
  separator: z.enum([';', ',', '\t']),
  rows: z.array(debitorImportRow),
  summary: z.object({ ok: z.number().int(), duplicate: z.number().int(), error: z.number().int() }),
  /** Debtors stored (0 in a preview). */
  stored: z.number().int(),
  max_debitors: z.number().int(),
});
export type DebitorImportResponse = z.infer<typeof debitorImportResponse>;

// ---------------------------------------------------------------------------------------------
// Debtor search

/** GET /user/filter_values: the id types per country (company_country_ids). */
export const filterValuesResponse = z.object({
  company_country_ids: z.record(z.string(), z.array(z.enum(COMPANY_ID_TYPES))),
  /** The id types of a country not listed. */
  default_company_country_ids: z.array(z.enum(COMPANY_ID_TYPES)),
});
export type FilterValuesResponse = z.infer<typeof filterValuesResponse>;

export const COMPANY_SEARCH_PURPOSES = ['company_cover'] as const;
export const COMPANY_COVER_PAGE_SIZE_MAX = 100;

/**
 * GET /user/company_search: purpose=company_cover, country, page_size (1 to 100, default 100), and
 * either `name` (4 to 255 characters) or `company_country_id_type` with `company_country_id`.
 */
export const companyCoverSearchQuery = z
  .strictObject({
    purpose: z.enum(COMPANY_SEARCH_PURPOSES, { error: 'err_invalid_value' }),
    country: text({ error: 'err_required' }).regex(/^[A-Z]{2}$/, { error: 'err_invalid_value' }),
    page_size: z.coerce
      .number({ error: 'err_invalid_value' })
      .int({ error: 'err_invalid_value' })
      .min(1)
      .max(COMPANY_COVER_PAGE_SIZE_MAX)
      .default(COMPANY_COVER_PAGE_SIZE_MAX),
    name: text()
      .trim()
      .min(COMPANY_SEARCH_MIN_CHARS, { error: 'err_too_short' })
      .max(255, { error: 'err_too_long' })
      .optional(),
    company_country_id_type: z.enum(COMPANY_ID_TYPES, { error: 'err_invalid_value' }).optional(),
    company_country_id: text().max(100).optional(),
  })
  .superRefine((q, ctx) => {
    const byId = q.company_country_id_type !== undefined || q.company_country_id !== undefined;
    if (q.name === undefined && !byId) ctx.addIssue({ code: 'custom', message: 'err_required', path: ['name'] });
    if (q.name !== undefined && byId) ctx.addIssue({ code: 'custom', message: 'err_invalid_value', path: ['name'] });
    if (byId && q.company_country_id_type === undefined) {
      ctx.addIssue({ code: 'custom', message: 'err_required', path: ['company_country_id_type'] });
    }
    if (byId && q.company_country_id === undefined) {
      ctx.addIssue({ code: 'custom', message: 'err_required', path: ['company_country_id'] });
    }
  });
export type CompanyCoverSearchQuery = z.input<typeof companyCoverSearchQuery>;
