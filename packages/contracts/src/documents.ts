import { z } from 'zod';

/** Document configuration of a partner (spec 2 section 3 "Document type config"); the documents issue adds the calls. */

/** Document types offered (spec 2 section 3 "Document types offered"); labels are in the web catalogues. */
export const DOCUMENT_TYPES = [
  'annual_statement_2020',
  'annual_statement_2021',
  'annual_statement_2022',
  'annual_statement_2023',
  'annual_statement_2024',
  'bwa',
  'susa',
  'bwa_susa',
  'debt_register',
  'bank_statement',
  'business_plan',
  'investment_cost_plan',
  'invoice_samples',
  'open_items_list',
  'tax_assessment_notice',
  'debtor_list',
  'signed_cv',
  'licence_to_practise',
  'specialist_certification',
  'brokerage_contract',
  'monthly_service_fee_contract',
  'sales_offer_file',
  'gdpr_consent',
  'interim_statement',
  'income_expense_statement_2022',
  'income_expense_statement_2023',
  'income_expense_statement_2024',
  'draft_takeover_agreement',
  'supplier_invoice',
  'general_terms_documents',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** One document type of the partner's document configuration (the documents issue uses it in full). */
export const documentTypeConfig = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  is_required: z.boolean().default(false),
  is_as_of_date_required: z.boolean().default(false),
  /** Oldest accepted as-of date in days (bank statement 90, debt register 14 by default); null: no limit. */
  max_age_days: z.number().int().min(1).nullable().default(null),
  weight: z.number().int().default(0),
  template_url: z.string().nullable().default(null),
});
export type DocumentTypeConfig = z.infer<typeof documentTypeConfig>;

export const documentCategory = z.object({
  /** Category key (financials, company, factoring...); the web catalogues translate it. */
  name: z.string().regex(/^[a-z][a-z0-9_]{0,40}$/),
  document_types: z.array(documentTypeConfig),
});
export type DocumentCategory = z.infer<typeof documentCategory>;
