import type { Document } from '@finportal/contracts/documents';

/**
 * A listed file's state, as the borrower's documents tab and the back office show it: its upload,
 * then its virus check (spec 2 section 3).
 */
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

/**
 * The file can be opened, downloaded and counted: the server judges it with the one rule
 * (contracts document-rules.ts isFileAvailable, which needs the portal's scanner setting) and
 * sends `is_available`; the screens never re-derive it from the scan state.
 */
export const isAvailable = (doc: Pick<Document, 'is_available'>) => doc.is_available;
