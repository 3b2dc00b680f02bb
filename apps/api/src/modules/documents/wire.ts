import { isFileAvailable } from '@finportal/contracts/document-rules';
import type { Document } from '@finportal/contracts/documents';
import type { documents } from '../../db/schema.js';

/**
 * A document as the API answers it (spec 2 section 3 "Document"); the storage key stays on the
 * server. `is_available`: the one rule of contracts document-rules.ts, judged here with the
 * portal's scanner setting, which the screens cannot know.
 */
export function documentOf(row: typeof documents.$inferSelect, scannerConfigured: boolean): Document {
  return {
    document_id: row.id,
    document_name: row.documentName,
    document_type: row.documentType,
    as_of_date: row.asOfDate,
    entity_kind: row.entityKind,
    entity_id: row.entityId,
    is_client_visible: row.isClientVisible,
    upload_status: row.uploadStatus,
    virus_scan_status: row.virusScanStatus,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    rejected_at: row.rejectedAt ? row.rejectedAt.toISOString() : null,
    rejection_reason: row.rejectionReason,
    is_available: isFileAvailable(
      { upload_status: row.uploadStatus, virus_scan_status: row.virusScanStatus, deleted: row.deletedAt !== null },
      scannerConfigured,
    ),
  };
}
