/** The ids, object keys and URL parts of documents (ADR 015): the portal's ids only, never a user's file name. */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The storage key of a document. */
export const storageKeyOf = (row: { partnerId: string; id: string }) =>
  `documents/${row.partnerId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}/${row.id}`;

/** Where a presigned PUT (S3) writes, until upload_success has checked the file: the storage key's twin under `uploads/`. */
export const uploadKeyOf = (row: { partnerId: string; id: string }) =>
  storageKeyOf(row).replace(/^documents\//, 'uploads/');

/** A token URL part: `<document id>.<token>`. */
export const tokenPart = (documentId: string, token: string) => `${documentId}.${token}`;

export function parseTokenPart(part: string): { documentId: string; token: string } | null {
  const dot = part.indexOf('.');
  if (dot < 0) return null;
  const documentId = part.slice(0, dot);
  const token = part.slice(dot + 1);
  if (!UUID.test(documentId) || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return { documentId, token };
}
