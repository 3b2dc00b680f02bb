import {
  contentMatches,
  extensionOf,
  SNIFF_BYTES,
  uploadIssues,
  type UploadIssue,
} from '@finportal/contracts/document-rules';
import type { DataRequest } from '@finportal/contracts/data-requests';
import type { Document, DocumentTypeSettings } from '@finportal/contracts/documents';
import { isAvailable } from '../../../lib/document-state';

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

// The file's state is shared with the back office's document list (lib/document-state.ts).
export { fileState, isAvailable, type FileState } from '../../../lib/document-state';

/** The back office rejected the file (issue 13): it stays listed with the reason and no longer counts. */
export const isRejected = (doc: Pick<Document, 'rejected_at'>) => doc.rejected_at !== null;

/**
 * The file counts for its type, as the pending items count it: it is available (the server's one
 * rule: clean; a file still being checked counts once it is) and it was not rejected.
 */
export function countsForType(doc: Pick<Document, 'is_available' | 'rejected_at'>): boolean {
  return !isRejected(doc) && isAvailable(doc);
}

/** The back office's open requests for a document of the type (asked for, or opened by a rejection). */
export function openDocumentRequests(requests: readonly DataRequest[], documentType: string): DataRequest[] {
  return requests.filter((r) => r.kind === 'document' && r.status === 'open' && r.document_type === documentType);
}

/**
 * What the back office awaits of a type: a replacement of a rejected file (the request a rejection
 * opened, or, should the requests be unknown, a rejected file that no other file replaces), or a
 * file it asked for; null when nothing is awaited.
 */
export function awaitedFile(
  documents: readonly Document[],
  openRequests: readonly DataRequest[],
): 'replacement' | 'requested' | null {
  const unreplaced = documents.some(isRejected) && !documents.some(countsForType);
  if (unreplaced || openRequests.some((r) => r.rejected_document_id !== null)) return 'replacement';
  return openRequests.length > 0 ? 'requested' : null;
}

/** The id of a type's card (the tab's list of requested types links to it). */
export const typeAnchor = (documentType: string) => `document-type-${documentType}`;

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
