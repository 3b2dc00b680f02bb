import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { extensionOf, type UploadExtension } from '@finportal/contracts/document-rules';
import type { DownloadUrlResponse } from '@finportal/contracts/documents';
import type { ApiErrorItem, ErrorCode } from '@finportal/contracts/errors';
import { documents } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ObjectStore } from '../../platform/object-store.js';
import { FileInspector, RefusedContent } from './inspect.js';

/**
 * Direct uploads to an S3 store (ADR 015). The browser PUTs to a presigned URL under the
 * document's upload key (`uploads/<partner>/<id>`), the announced size and type bound into the
 * signature. upload_success then reads the object through the same inspector as the portal's own
 * PUT (magic bytes, executables, encrypted PDF, SHA-256); only a file that passes is copied to its
 * storage key (`documents/<partner>/<id>`), which no presigned URL can write: a second PUT to the
 * upload URL (valid for 15 minutes) cannot replace a checked file.
 */

type DocumentRow = typeof documents.$inferSelect;

/** True when the store takes uploads and hands out downloads itself (presigned URLs). */
export const isDirect = (store: ObjectStore) => Boolean(store.presignPut && store.presignGet && store.copy);

/** The upload URL of an announced document: PUT exactly the announced size and content type. */
export function presignedUploadUrl(store: ObjectStore, row: DocumentRow, expiresSeconds: number): Promise<string> {
  return store.presignPut!(
    row.storageKey!,
    row.announcedSize ?? 0,
    row.contentType ?? 'application/octet-stream',
    expiresSeconds,
  );
}

/** The download URL of an available document: an attachment under its original name, or inline (a preview). */
export async function presignedDownloadUrl(
  store: ObjectStore,
  row: DocumentRow,
  expiresSeconds: number,
  inline = false,
): Promise<DownloadUrlResponse> {
  const expiresAt = new Date(Date.now() + expiresSeconds * 1000);
  const url = await store.presignGet!(row.storageKey!, {
    fileName: row.documentName,
    contentType: row.contentType ?? 'application/octet-stream',
    inline,
    expiresSeconds,
  });
  return { download_url: url, expires_at: expiresAt.toISOString() };
}

/** Drops what it is given: the inspector's bytes only need to pass. */
const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/**
 * Checks the object a presigned PUT left under the upload key; on success it is stored under
 * `storageKey` and the row says so (size, SHA-256, uploaded_at). No object yet: 409
 * err_file_not_available (the upload stays pending). A refused file (size, content, encryption,
 * another SHA-256 than announced) is removed and the upload failed, with the inspector's code.
 */
export async function verifyDirectUpload(
  ctx: Pick<AppContext, 'db' | 'objectStore'>,
  row: DocumentRow,
  storageKey: string,
): Promise<void> {
  const store = ctx.objectStore;
  const uploadKey = row.storageKey;
  const found = uploadKey ? await store.stat(uploadKey) : null;
  if (!uploadKey || !found) throw new AppError('err_file_not_available', 409);
  const refuse = async (code: ErrorCode, status: number, items?: ApiErrorItem[]): Promise<never> => {
    await store.remove(uploadKey);
    await ctx.db
      .update(documents)
      .set({ uploadStatus: 'failed', uploadTokenHash: null })
      .where(and(eq(documents.id, row.id), eq(documents.uploadStatus, 'pending')));
    throw new AppError(code, status, items);
  };

  const announced = row.announcedSize ?? 0;
  if (found.size !== announced) return refuse('err_upload_size_mismatch', 400);
  const inspector = new FileInspector(extensionOf(row.documentName) as UploadExtension, announced);
  try {
    // This version of the object only (ETag): the one that is then copied.
    await pipeline(await store.read(uploadKey, found.etag ? { ifMatch: found.etag } : {}), inspector, sink());
  } catch (error) {
    if (error instanceof RefusedContent) return refuse(error.code, error.status);
    throw error;
  }
  const sha256 = inspector.digest();
  if (row.sha256 && row.sha256 !== sha256) {
    return refuse('err_upload_size_mismatch', 400, [{ code: 'err_invalid_value', field: 'sha256' }]);
  }
  await store.copy!(uploadKey, storageKey, found.etag);
  await ctx.db
    .update(documents)
    .set({ storageKey, sizeBytes: announced, sha256, uploadedAt: new Date() })
    .where(eq(documents.id, row.id));
  await store.remove(uploadKey);
}
