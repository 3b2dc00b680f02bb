import { z } from 'zod';
import { text } from './text.js';
import { baseYearOptions, configuredBaseYear, withBaseYear } from './annual-statements.js';
import { DOCUMENT_TYPE_TEXTS } from './document-type-texts.js';
import { i18nText } from './dynamic-forms.js';
import {
  DEFAULT_MAX_AGE_DAYS,
  DEFAULT_MAX_FILE_SIZE_BYTES,
  DOCUMENT_ENTITY_KINDS,
  DOCUMENT_TYPES,
  FILE_NAME_MAX,
  MAX_FILE_SIZE_BYTES,
  UPLOAD_EXTENSIONS,
  UPLOAD_STATUSES,
  VIRUS_SCAN_STATUSES,
  type DocumentType,
  type UploadExtension,
} from './document-rules.js';

export * from './document-rules.js';

/**
 * Documents (spec 2 sections 3, 5, 7 and 9; issue 11): the partner's document configuration
 * (partner file `documents`), its resolved form on the application
 * (`document_configurations.document_categories`), and the wire shapes of the documents calls.
 * The upload rules themselves are zod-free in `document-rules.ts` (the browser judges a file
 * with them before it is sent, the API again before anything is stored).
 */

const uploadExtension = z.enum(Object.keys(UPLOAD_EXTENSIONS) as [UploadExtension, ...UploadExtension[]]);

/** One document type as a partner file configures it; what it leaves out comes from the type's defaults. */
export const documentTypeConfig = z.strictObject({
  document_type: z.enum(DOCUMENT_TYPES),
  is_required: z.boolean().default(false),
  /** Default: the type has an age limit (bank statement, debt register, BWA, SuSa). */
  is_as_of_date_required: z.boolean().optional(),
  /** Oldest accepted as-of date in days; default per type (DEFAULT_MAX_AGE_DAYS); null: no limit. */
  max_age_days: z.number().int().min(1).max(3660).nullable().optional(),
  /** Order within the category (ascending). */
  weight: z.number().int().default(0),
  template_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .default(null),
  /** Texts replacing the type's default name, description and tooltip (DOCUMENT_TYPE_TEXTS). */
  name: i18nText.optional(),
  description: i18nText.optional(),
  tooltip_description: i18nText.optional(),
  /** The file types this type takes (within the partner's allowed_file_upload_type_list); default: the partner's. */
  allowed_extensions: z.array(uploadExtension).min(1).optional(),
  /** The largest file in bytes; default DEFAULT_MAX_FILE_SIZE_BYTES. */
  max_size_bytes: z.number().int().min(1).max(MAX_FILE_SIZE_BYTES).optional(),
});
export type DocumentTypeConfig = z.infer<typeof documentTypeConfig>;

/** A category of document types in a partner file (its key is translated by the web catalogues). */
export const documentCategoryConfig = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,40}$/),
  document_types: z.array(documentTypeConfig),
});
export type DocumentCategoryConfig = z.infer<typeof documentCategoryConfig>;

/** A document type as the application carries it (spec 2 section 3 "Document type config"): every setting resolved. */
export const documentTypeSettings = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  name: i18nText,
  description: i18nText,
  tooltip_description: i18nText,
  template_url: z.string().nullable(),
  is_required: z.boolean(),
  is_as_of_date_required: z.boolean(),
  weight: z.number().int(),
  /** The file types accepted, in the order of the extension map. */
  allowed_extensions: z.array(uploadExtension),
  max_size_bytes: z.number().int(),
  /** Oldest accepted as-of date in days; null: no limit. */
  max_age_days: z.number().int().nullable(),
});
export type DocumentTypeSettings = z.infer<typeof documentTypeSettings>;

export const documentCategory = z.object({
  /** Category key (financials, company, factoring...); the web catalogues translate it. */
  name: z.string(),
  /** In the partner's order (weight ascending). */
  document_types: z.array(documentTypeSettings),
});
export type DocumentCategory = z.infer<typeof documentCategory>;

/**
 * The settings of one configured type: the partner's values, else the type's defaults; the file
 * types are those of the type that the partner allows at all (allowed_file_upload_type_list).
 */
export function resolveDocumentType(
  config: DocumentTypeConfig,
  partnerExtensions: readonly string[],
): DocumentTypeSettings {
  const type = config.document_type;
  const texts = DOCUMENT_TYPE_TEXTS[type];
  const maxAge = config.max_age_days === undefined ? (DEFAULT_MAX_AGE_DAYS[type] ?? null) : config.max_age_days;
  const wanted = config.allowed_extensions ?? (Object.keys(UPLOAD_EXTENSIONS) as UploadExtension[]);
  return {
    document_type: type,
    name: { ...texts.name, ...config.name },
    description: { ...texts.description, ...config.description },
    tooltip_description: { ...texts.tooltip_description, ...config.tooltip_description },
    template_url: config.template_url,
    is_required: config.is_required,
    is_as_of_date_required: config.is_as_of_date_required ?? maxAge !== null,
    weight: config.weight,
    allowed_extensions: (Object.keys(UPLOAD_EXTENSIONS) as UploadExtension[]).filter(
      (ext) => wanted.includes(ext) && partnerExtensions.includes(ext),
    ),
    max_size_bytes: config.max_size_bytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
    max_age_days: maxAge,
  };
}

/**
 * The categories of a partner file resolved for the application, each type list in weight order,
 * the annual statements moved to the application's base year (annual-statements.ts).
 */
export function resolveDocumentCategories(
  categories: readonly DocumentCategoryConfig[],
  partnerExtensions: readonly string[],
  baseYear?: number | null,
): DocumentCategory[] {
  const all = categories.flatMap((c) => c.document_types);
  return categories.map((category) => ({
    name: category.name,
    document_types: withBaseYear(category.document_types, all, baseYear)
      .map((t) => resolveDocumentType(t, partnerExtensions))
      .sort((a, b) => a.weight - b.weight),
  }));
}

/** The application's document configuration (spec 2 section 3; the base year: ADR 015). */
export const documentConfigurations = z.object({
  document_categories: z.array(documentCategory),
  /** The annual statements' base year in effect; null: the product asks for no annual statement. */
  annual_statement_base_year: z.number().int().nullable(),
  /** The base years the customer may switch to, latest first; empty: no switch. */
  annual_statement_base_years: z.array(z.number().int()),
});
export type DocumentConfigurations = z.infer<typeof documentConfigurations>;

/** The document configuration of a partner's categories for an application's chosen base year (null: the configured one). */
export function documentConfigurationsOf(
  categories: readonly DocumentCategoryConfig[],
  partnerExtensions: readonly string[],
  chosenBaseYear: number | null,
): DocumentConfigurations {
  const all = categories.flatMap((c) => c.document_types);
  const options = baseYearOptions(all);
  const baseYear =
    chosenBaseYear !== null && options.includes(chosenBaseYear) ? chosenBaseYear : configuredBaseYear(all);
  return {
    document_categories: resolveDocumentCategories(categories, partnerExtensions, baseYear),
    annual_statement_base_year: baseYear,
    annual_statement_base_years: options,
  };
}

/** The settings of a document type among the categories, if the application offers it. */
export function documentTypeOf(
  categories: readonly DocumentCategory[],
  type: string,
): DocumentTypeSettings | undefined {
  for (const category of categories) {
    const found = category.document_types.find((t) => t.document_type === type);
    if (found) return found;
  }
  return undefined;
}

export type { DocumentType, UploadExtension };

// ---------------------------------------------------------------------------------------
// The documents calls (spec 2 section 7)
// ---------------------------------------------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'err_date_invalid' });

/** A document (spec 2 section 3 "Document"); the storage key stays on the server (it names no file). */
export const documentSchema = z.object({
  document_id: z.string(),
  /** The original file name, restored on download. */
  document_name: z.string(),
  document_type: z.string(),
  /** YYYY-MM-DD. */
  as_of_date: z.string().nullable(),
  entity_kind: z.enum(DOCUMENT_ENTITY_KINDS),
  entity_id: z.string().nullable(),
  is_client_visible: z.boolean(),
  upload_status: z.enum(UPLOAD_STATUSES),
  virus_scan_status: z.enum(VIRUS_SCAN_STATUSES),
  content_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** The back office rejected it (issue 13): it no longer counts, and says why. */
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /**
   * The file can be opened, downloaded, signed and counted (issue 24, one rule: document-rules.ts
   * isFileAvailable): confirmed, not deleted, clean; never while being checked, infected or not
   * checkable; never checked only where the portal has no virus scanner.
   */
  is_available: z.boolean(),
});
export type Document = z.infer<typeof documentSchema>;

/** GET .../documents: filters, and the page size (spec 2 section 9: up to 999). */
export const listDocumentsQuery = z.object({
  document_type: text().max(64).optional(),
  related_entity_kind: z.enum(DOCUMENT_ENTITY_KINDS).optional(),
  related_entity_id: text().max(64).optional(),
  page_size: z.coerce.number().int().min(1).max(999).default(999),
});
export type ListDocumentsQuery = z.input<typeof listDocumentsQuery>;
export type ListDocumentsFilter = z.output<typeof listDocumentsQuery>;

/** GET .../documents: the result list, newest first. */
export const documentsResponse = z.object({ result: z.array(documentSchema) });
export type DocumentsResponse = z.infer<typeof documentsResponse>;

/**
 * POST .../documents (spec 2 section 7) with, beyond the spec, the size the PUT will send (pinned:
 * a PUT of another size is refused) and the file's SHA-256 (the same file twice on one
 * application is pointed out before it is sent).
 */
export const createDocumentRequest = z.object({
  file_name: text().trim().min(1, { error: 'err_required' }).max(FILE_NAME_MAX, { error: 'err_too_long' }),
  document_type: z.enum(DOCUMENT_TYPES, { error: 'err_invalid_value' }),
  as_of_date: isoDate.nullable().optional(),
  related_entity_kind: z.enum(DOCUMENT_ENTITY_KINDS).default('application'),
  related_entity_id: text().max(64).nullable().optional(),
  size_bytes: z.number().int().min(0),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'err_invalid_value' })
    .optional(),
});
export type CreateDocumentRequest = z.input<typeof createDocumentRequest>;
/** The request as the API reads it (defaults applied). */
export type CreateDocumentBody = z.output<typeof createDocumentRequest>;

export const createDocumentResponse = z.object({
  document_id: z.string(),
  /** Where the file is PUT: signed, single-use, expiring (upload_expires_at). */
  upload_url: z.string(),
  upload_expires_at: z.string(),
  document: documentSchema,
});
export type CreateDocumentResponse = z.infer<typeof createDocumentResponse>;

/** PATCH .../documents/{documentId}/upload_success. */
export const uploadSuccessRequest = z.object({ is_upload_successful: z.boolean() });
export type UploadSuccessRequest = z.infer<typeof uploadSuccessRequest>;

/** PATCH {entity}/documents/{id} (back office). */
export const documentVisibilityRequest = z.object({ is_client_visible: z.boolean() });

/** PATCH .../annual_statement_base_year: the new base year (one of annual_statement_base_years). */
export const annualStatementBaseYearRequest = z.object({ base_year: z.number({ error: 'err_invalid_value' }).int() });
export type AnnualStatementBaseYearRequest = z.infer<typeof annualStatementBaseYearRequest>;

/** The configuration under the new base year, and the documents the switch removed. */
export const annualStatementBaseYearResponse = z.object({
  document_configurations: documentConfigurations,
  removed_document_ids: z.array(z.string()),
});
export type AnnualStatementBaseYearResponse = z.infer<typeof annualStatementBaseYearResponse>;

/** GET .../documents/{documentId}/download_url: short-lived, the file as an attachment under its original name. */
export const downloadUrlResponse = z.object({ download_url: z.string(), expires_at: z.string() });
export type DownloadUrlResponse = z.infer<typeof downloadUrlResponse>;

export const documentResponse = z.object({ document: documentSchema });

export const documentParams = z.object({ id: z.string().max(64), documentId: z.string().max(64) });

/** PUT <upload_url> and GET <download_url>: the path part `<document id>.<token>`. */
export const tokenPathParams = z.object({ part: z.string().max(200) });

/** PUT <upload_url>: the stored document (upload_status still pending until upload_success). */
export const uploadResponse = z.object({ document: documentSchema });

/** The file itself (GET <download_url>), not JSON. */
const binaryFile = z.unknown().meta({ type: 'string', format: 'binary' });
export const downloadFileResponse = {
  description: 'The file, as an attachment under its original name',
  content: { 'application/octet-stream': { schema: binaryFile } },
};

/** GET <download_url>?inline=1: a preview in the browser (PDF and images only), else an attachment. */
export const downloadQuery = z.object({ inline: z.enum(['1']).optional() });
