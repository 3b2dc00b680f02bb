import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DataRequest } from '@finportal/contracts/data-requests';
import type { Db } from '../../db/client.js';
import { dataRequests, type DataRequestRow } from '../../db/schema.js';

/**
 * The back office's requests to a borrower as rows (issue 13, ADR 019): read by the pending items,
 * fulfilled by the documents' uploads, listed by the case page and the borrower's overview.
 */
export function dataRequestOf(row: DataRequestRow): DataRequest {
  return {
    id: row.id,
    kind: row.kind,
    document_type: row.documentType,
    message: row.message,
    status: row.status,
    rejected_document_id: row.rejectedDocumentId,
    answer: row.answer,
    created_at: row.createdAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
  };
}

/** Every request of an application: open ones first, then the closed, newest first. */
export async function requestsOf(db: Db, applicationId: string): Promise<DataRequest[]> {
  const rows = await db
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.applicationId, applicationId))
    .orderBy(sql`${dataRequests.status} = 'open' DESC`, desc(dataRequests.createdAt), desc(dataRequests.id));
  return rows.map(dataRequestOf);
}

/** The open requests of an application (the pending items read them). */
export async function openRequestsOf(db: Db, applicationId: string): Promise<DataRequestRow[]> {
  return db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.applicationId, applicationId), eq(dataRequests.status, 'open')))
    .orderBy(dataRequests.createdAt, dataRequests.id);
}

/**
 * A document of `documentType` arrived (its upload succeeded): every open request of that type is
 * fulfilled by it. Called inside the upload's transaction.
 */
export async function fulfilDocumentRequests(
  tx: Db,
  applicationId: string,
  documentType: string,
  documentId: string,
): Promise<number> {
  const done = await tx
    .update(dataRequests)
    .set({ status: 'fulfilled', fulfilledDocumentId: documentId, closedAt: new Date() })
    .where(
      and(
        eq(dataRequests.applicationId, applicationId),
        eq(dataRequests.kind, 'document'),
        eq(dataRequests.documentType, documentType),
        eq(dataRequests.status, 'open'),
      ),
    )
    .returning({ id: dataRequests.id });
  return done.length;
}

/** The types are no longer offered (the annual statements' base year moved): their open document requests are withdrawn. */
export async function withdrawDocumentRequests(tx: Db, applicationId: string, types: readonly string[]): Promise<void> {
  if (!types.length) return;
  await tx
    .update(dataRequests)
    .set({ status: 'cancelled', closedAt: new Date() })
    .where(
      and(
        eq(dataRequests.applicationId, applicationId),
        eq(dataRequests.status, 'open'),
        inArray(dataRequests.documentType, [...types]),
      ),
    );
}

/**
 * The documents that fulfilled requests are gone (deleted) or did not count (infected): their
 * requests are open again.
 */
export async function reopenRequestsFulfilledBy(tx: Db, documentIds: readonly string[]): Promise<void> {
  if (!documentIds.length) return;
  await tx
    .update(dataRequests)
    .set({ status: 'open', fulfilledDocumentId: null, closedAt: null })
    .where(and(eq(dataRequests.status, 'fulfilled'), inArray(dataRequests.fulfilledDocumentId, [...documentIds])));
}
