import type { RuleError } from './rule-error.js';

/**
 * The rules of a document upload (spec 2 sections 3, 5 and 9; ARCHITECTURE.md "Uploads"; issue
 * 11), zod-free: the browser judges a picked file with them before anything is sent, the API
 * judges the announced file at POST and the received bytes at PUT.
 */

/** Document types offered (spec 2 section 3 "Document types offered"). */
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
  /** The back office's contracts (issue 13): generated or uploaded by staff, never by the borrower. */
  'loan_contract',
  'guarantor_contract',
  /** A guarantor's signed copy of the guarantee agreement, uploaded at Signature (issue 14, ADR 020: offline signing). */
  'guarantor_contract_signed',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A document type's texts in one language (document-type-texts-<language>.ts). */
export interface DocumentTypeLanguageTexts {
  /** The type's name. */
  name: string;
  /** One sentence under the name: what to upload. */
  description: string;
  /** The tooltip: more detail (what exactly counts, typical source, period), 1–3 sentences. */
  tooltip_description: string;
}

/** The upload extension map (spec 2 section 9): extension → the content type a file of it is stored with. */
export const UPLOAD_EXTENSIONS = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
  xml: 'application/xml',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
} as const;
export type UploadExtension = keyof typeof UPLOAD_EXTENSIONS;

/** Other spellings of an extension (a photo named .jpeg is a jpg). */
const EXTENSION_ALIASES: Readonly<Record<string, UploadExtension>> = { jpeg: 'jpg' };

/** The largest file a type takes unless the partner says otherwise: 20 MiB. */
export const DEFAULT_MAX_FILE_SIZE_BYTES = 20 * 1024 * 1024;
/** The largest file any partner may allow: 100 MiB. */
export const MAX_FILE_SIZE_BYTES = 100 * 1024 * 1024;
/** A quota of uploaded files: how many, and how many bytes together (issue 25, ADR 033). */
export interface UploadQuota {
  max_files: number;
  max_bytes: number;
}

/** The upload quotas of a partner: per document type of one application, per application, per borrower. */
export interface UploadQuotas {
  per_document_type: UploadQuota;
  per_application: UploadQuota;
  per_user: UploadQuota;
}

const MIB = 1024 * 1024;
/**
 * The quotas unless the partner file says otherwise (`upload_quotas`): 20 files and 200 MiB of one
 * type on an application, 150 files and 1 GiB per application, 500 files and 3 GiB per borrower
 * over all their applications.
 */
export const DEFAULT_UPLOAD_QUOTAS: UploadQuotas = {
  per_document_type: { max_files: 20, max_bytes: 200 * MIB },
  per_application: { max_files: 150, max_bytes: 1024 * MIB },
  per_user: { max_files: 500, max_bytes: 3 * 1024 * MIB },
};

/** What is stored already against each quota, counted under a lock when a file is announced. */
export interface UploadUsage {
  document_type: { files: number; bytes: number };
  application: { files: number; bytes: number };
  user: { files: number; bytes: number };
}

export type UploadQuotaCode =
  'err_upload_quota_document_type' | 'err_upload_quota_application' | 'err_upload_quota_user';

/**
 * The first quota one more file of `size_bytes` would exceed, with its limits for the message
 * (`max_files`, `max_mb` rounded down); null when it fits all three.
 */
export function quotaIssue(
  usage: UploadUsage,
  size_bytes: number,
  quotas: UploadQuotas,
): { code: UploadQuotaCode; values: { max_files: number; max_mb: number } } | null {
  const levels: [UploadQuotaCode, { files: number; bytes: number }, UploadQuota][] = [
    ['err_upload_quota_document_type', usage.document_type, quotas.per_document_type],
    ['err_upload_quota_application', usage.application, quotas.per_application],
    ['err_upload_quota_user', usage.user, quotas.per_user],
  ];
  for (const [code, used, quota] of levels) {
    if (used.files + 1 > quota.max_files || used.bytes + size_bytes > quota.max_bytes) {
      return { code, values: { max_files: quota.max_files, max_mb: Math.floor(quota.max_bytes / MIB) } };
    }
  }
  return null;
}

/** The longest file name kept (the original name is restored on download). */
export const FILE_NAME_MAX = 200;

/**
 * Age limits by default, in days (ARCHITECTURE.md: bank statement 3 months, debt register 14
 * days, BWA/SuSa 3 months); a partner may set others, or none.
 */
export const DEFAULT_MAX_AGE_DAYS: Partial<Record<DocumentType, number>> = {
  bank_statement: 90,
  debt_register: 14,
  bwa: 90,
  susa: 90,
  bwa_susa: 90,
};

/** Where a document belongs (spec 2 section 3 "Document": entity_kind). */
export const DOCUMENT_ENTITY_KINDS = ['application', 'company', 'global_company', 'loan'] as const;
export type DocumentEntityKind = (typeof DOCUMENT_ENTITY_KINDS)[number];

/** Virus scan status (spec 2 section 3). */
export const VIRUS_SCAN_STATUSES = ['not_scanned', 'scanning', 'not_infected', 'infected', 'scan_failed'] as const;
export type VirusScanStatus = (typeof VIRUS_SCAN_STATUSES)[number];

/**
 * Which files may be handed out and counted (issue 24, ADR 021): one rule for downloads, pending
 * items, signing, identification, the borrower's screens and the back office. A file is available
 * once its upload is confirmed and it is not deleted, and only when clean: never while it is being
 * checked (`scanning`), found infected or could not be checked (`scan_failed`); a file that was
 * never checked (`not_scanned`) only where the portal has no virus scanner.
 */
export function availableScanStatuses(scannerConfigured: boolean): readonly VirusScanStatus[] {
  return scannerConfigured ? ['not_infected'] : ['not_infected', 'not_scanned'];
}

export function isFileAvailable(
  file: { upload_status: string; virus_scan_status: string; deleted?: boolean },
  scannerConfigured: boolean,
): boolean {
  if (file.upload_status !== 'success' || file.deleted) return false;
  return (availableScanStatuses(scannerConfigured) as readonly string[]).includes(file.virus_scan_status);
}

/** The upload itself: announced (pending), confirmed by upload_success (success), or failed. */
export const UPLOAD_STATUSES = ['pending', 'success', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** What the upload rules need of a document type's settings. */
export interface UploadSettings {
  allowed_extensions: readonly string[];
  max_size_bytes: number;
  is_as_of_date_required: boolean;
  max_age_days: number | null;
}

/** A file as announced: its name, its size in bytes and the chosen as-of date (YYYY-MM-DD). */
export interface AnnouncedFile {
  file_name: string;
  size_bytes: number;
  as_of_date?: string | null;
}

export interface UploadIssue extends RuleError {
  field: 'file_name' | 'size_bytes' | 'as_of_date';
}

/** The file's extension in the map's spelling (lower case, aliases resolved), or null. */
export function extensionOf(fileName: string): UploadExtension | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  if (!match) return null;
  const ext = match[1]!.toLowerCase();
  if (ext in UPLOAD_EXTENSIONS) return ext as UploadExtension;
  return EXTENSION_ALIASES[ext] ?? null;
}

/** The allowed types as the messages list them: "PDF, JPG, PNG". */
export const extensionList = (extensions: readonly string[]) => extensions.map((e) => e.toUpperCase()).join(', ');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** YYYY-MM-DD of the UTC day `days` before `now`. */
export function daysBefore(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days))
    .toISOString()
    .slice(0, 10);
}

/**
 * The issues of an announced file against its type (at most one per field): the file type
 * (err_invalid_upload_type with the allowed list), an empty file (err_file_empty), the size
 * (err_file_too_large with the limit in MB, rounded down), the as-of date: required where the type says so
 * (err_as_of_date_required), a date (err_date_invalid), not in the future (err_date_too_late),
 * not older than the type's age limit (err_document_too_old with the limit and the oldest date).
 * `now` decides what today is (its UTC day).
 */
export function uploadIssues(file: AnnouncedFile, settings: UploadSettings, now: Date = new Date()): UploadIssue[] {
  const issues: UploadIssue[] = [];
  const ext = extensionOf(file.file_name);
  if (!ext || !settings.allowed_extensions.includes(ext)) {
    issues.push({
      field: 'file_name',
      code: 'err_invalid_upload_type',
      values: { allowed: extensionList(settings.allowed_extensions) },
    });
  }
  if (!Number.isInteger(file.size_bytes) || file.size_bytes <= 0) {
    issues.push({ field: 'size_bytes', code: 'err_file_empty' });
  } else if (file.size_bytes > settings.max_size_bytes) {
    const maxMb = Math.floor((settings.max_size_bytes / (1024 * 1024)) * 10) / 10;
    issues.push({ field: 'size_bytes', code: 'err_file_too_large', values: { max_mb: maxMb } });
  }
  const date = file.as_of_date?.trim() ?? '';
  if (date === '') {
    if (settings.is_as_of_date_required) issues.push({ field: 'as_of_date', code: 'err_as_of_date_required' });
  } else if (!isIsoDate(date)) {
    issues.push({ field: 'as_of_date', code: 'err_date_invalid' });
  } else if (date > daysBefore(now, 0)) {
    issues.push({ field: 'as_of_date', code: 'err_date_too_late', values: { max: daysBefore(now, 0) } });
  } else if (settings.max_age_days !== null && date < daysBefore(now, settings.max_age_days)) {
    issues.push({
      field: 'as_of_date',
      code: 'err_document_too_old',
      values: { max_age_days: settings.max_age_days, min: daysBefore(now, settings.max_age_days) },
    });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------
// Content: magic bytes and encrypted PDFs
// ---------------------------------------------------------------------------------------

/** How many first bytes `contentMatches` needs. */
export const SNIFF_BYTES = 512;

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RAR = ascii('Rar!\u001a\u0007');
const JPG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF = ascii('GIF8');
/** Executables refused whatever their name: ELF, Windows PE (MZ), Mach-O, shell scripts. */
const EXECUTABLES = [
  [0x7f, 0x45, 0x4c, 0x46],
  [0x4d, 0x5a],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xca, 0xfe, 0xba, 0xbe],
  ascii('#!'),
];

/** A text file: no NUL and no other C0 control but tab, line feed, carriage return and form feed (UTF-8 otherwise free). */
function looksLikeText(head: Uint8Array): boolean {
  return head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c);
}

function skipBomAndSpace(head: Uint8Array): number {
  let i = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return i;
}

/**
 * Do the first bytes of a file (at least SNIFF_BYTES, or the whole file when it is shorter) match
 * its extension? Office files of 2007 and later are ZIP archives, older ones OLE compound files;
 * text, JSON and XML are text (JSON starting with { or [, XML with <). An executable never matches.
 */
export function contentMatches(ext: UploadExtension, head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if (EXECUTABLES.some((magic) => startsWith(head, magic))) return false;
  switch (ext) {
    case 'pdf':
      // The header first, as ISO 32000 requires (issue 25): a page with `%PDF-` somewhere in its
      // first bytes is not a PDF, whatever a lenient reader makes of it.
      return startsWith(head, PDF);
    case 'docx':
    case 'pptx':
    case 'xlsx':
    case 'zip':
      return startsWith(head, ZIP);
    case 'doc':
    case 'ppt':
    case 'xls':
      return startsWith(head, OLE);
    case 'rar':
      return startsWith(head, RAR);
    case 'jpg':
      return startsWith(head, JPG);
    case 'png':
      return startsWith(head, PNG);
    case 'gif':
      return startsWith(head, GIF);
    case 'txt':
      return looksLikeText(head) && !startsWith(head, ascii('#!'));
    case 'json': {
      const i = skipBomAndSpace(head);
      return looksLikeText(head) && (head[i] === 0x7b || head[i] === 0x5b);
    }
    case 'xml': {
      const i = skipBomAndSpace(head);
      return looksLikeText(head) && head[i] === 0x3c;
    }
  }
}

/** The position of `needle` in `haystack`, or -1. */
export function indexOf(haystack: Uint8Array, needle: readonly number[], from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------
// Permissions (spec 2 section 6: canUpload, canDelete; ADR 015)
// ---------------------------------------------------------------------------------------

/** Statuses in which nothing is uploaded any more: the application is closed or paid out. */
const NO_UPLOAD_STATUSES: ReadonlySet<string> = new Set(['Rejected', 'Paid_Out']);

/** canUpload: the applicant (owner), until the application is closed or paid out (documents are asked for in review too). */
export function canUploadDocuments(isOwner: boolean, status: string): boolean {
  return isOwner && !NO_UPLOAD_STATUSES.has(status);
}

/** canDelete: the applicant, only while the application is Open (spec 2 section 2). */
export function canDeleteDocuments(isOwner: boolean, status: string): boolean {
  return isOwner && status === 'Open';
}

/**
 * canChangeClientVisibility (spec 2 section 2): the back office decides which documents the
 * customer sees; no borrower or signatory may (ADR 015). The back-office issue gives it a screen.
 */
export function canChangeClientVisibility(actor: 'owner' | 'signatory' | 'back_office'): boolean {
  return actor === 'back_office';
}
