import {
  contentMatches,
  extensionOf,
  SNIFF_BYTES,
  uploadIssues,
  type UploadIssue,
} from '@finportal/contracts/document-rules';
import type { Document, DocumentTypeSettings } from '@finportal/contracts/documents';

/**
 * The Documents tab's model (spec 2 sections 2, 3 and 5; issue 11): a picked file judged by the
 * contracts' upload rules before anything is sent (file type, size, as-of date and age, and its
 * first bytes against its extension), the server's documents grouped by type, and the states a
 * file shows.
 */

/** A picked file's issues: the announced rules, then its content (first bytes). */
export async function fileIssues(
  file: File,
  settings: DocumentTypeSettings,
  asOfDate: string | null,
  now: Date = new Date(),
): Promise<UploadIssue[]> {
  const issues = uploadIssues({ file_name: file.name, size_bytes: file.size, as_of_date: asOfDate }, settings, now);
  if (issues.length) return issues;
  const ext = extensionOf(file.name);
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (ext && !contentMatches(ext, head)) return [{ field: 'file_name', code: 'err_file_content_mismatch' }];
  return [];
}

/** The file's SHA-256 (hex) where the browser offers it (secure contexts), else undefined. */
export async function sha256Of(file: File): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The documents of each type, newest first (the server's order). */
export function documentsByType(documents: readonly Document[]): Map<string, Document[]> {
  const byType = new Map<string, Document[]>();
  for (const doc of documents) byType.set(doc.document_type, [...(byType.get(doc.document_type) ?? []), doc]);
  return byType;
}

export type FileState = 'uploading' | 'failed' | 'scanning' | 'clean' | 'infected' | 'scan_failed' | 'not_scanned';

/** What a listed file shows: its upload, then its virus check. */
export function fileState(doc: Pick<Document, 'upload_status' | 'virus_scan_status'>): FileState {
  if (doc.upload_status === 'pending') return 'uploading';
  if (doc.upload_status === 'failed') return 'failed';
  switch (doc.virus_scan_status) {
    case 'scanning':
      return 'scanning';
    case 'not_infected':
      return 'clean';
    case 'infected':
      return 'infected';
    case 'scan_failed':
      return 'scan_failed';
    default:
      return 'not_scanned';
  }
}

/** The file can be opened and downloaded (clean, or not scanned where the portal has no scanner). */
export const isAvailable = (state: FileState) => state === 'clean' || state === 'not_scanned';

/** A size in the user's language: 812 KB, 4.2 MB. */
export function formatSize(bytes: number, language: string): string {
  const format = (n: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024 * 1024) return format(Math.max(1, Math.round(bytes / 1024)), 'kilobyte');
  return format(bytes / (1024 * 1024), 'megabyte');
}

/** The accept map of a dropzone for a type's extensions (content type → extensions). */
export function acceptOf(extensions: readonly string[], types: Record<string, string>): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const ext of extensions) {
    const mime = types[ext];
    if (!mime) continue;
    accept[mime] = [...(accept[mime] ?? []), `.${ext}`, ...(ext === 'jpg' ? ['.jpeg'] : [])];
  }
  return accept;
}
