import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateDocumentResponse, Document, DocumentsResponse } from '@finportal/contracts/documents';
import { enqueue } from '../../platform/jobs/queue.js';
import { S3ObjectStore } from '../../platform/s3-object-store.js';
import { EICAR, startClamd } from '../../test/clamd.js';
import { createApplication } from '../../test/dashboard.js';
import { documentHelpers } from '../../test/documents.js';
import { expectErrors, useTestApp, type TestClient } from '../../test/harness.js';
import { startS3 } from '../../test/s3.js';
import { DOCUMENTS_CLEANUP } from './cleanup.js';
import { FileInspector, RefusedContent } from './inspect.js';

/**
 * Documents on an S3 store (issue 11, ADR 015) against a real S3-compatible server (s3rver, SigV4
 * checked) and a real clamd: the browser PUTs to a presigned URL with size and type signed,
 * upload_success checks the object through the inspector before it counts, downloads are
 * presigned GETs under the original name.
 */
const s3 = await startS3();
afterAll(() => s3.close());
const clamd = await startClamd();
afterAll(() => clamd.close());
const t = await useTestApp({
  ...s3.env,
  CLAMAV_URL: clamd.url,
  CLAMAV_STREAM_MAX_LENGTH: String(clamd.streamMaxLength),
});
const { pdf, sha, docsPath, announce } = documentHelpers(t);
let owner: TestClient;
let other: TestClient;
let id: string;

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), pdf('elf')]);
const ENCRYPTED = Buffer.concat([pdf('locked'), Buffer.from('trailer << /Encrypt 5 0 R >>\n')]);

const putTo = (url: string, bytes: Buffer, contentType = 'application/pdf') =>
  fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });

async function announced(bytes: Buffer, file: Parameters<typeof announce>[2] = {}, client = owner, app = id) {
  const res = await announce(client, app, { file_name: 'Bilanz.pdf', ...file, bytes });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreateDocumentResponse>();
}

const confirm = (documentId: string, successful = true, client = owner, app = id) =>
  client.patch(`${docsPath(app)}/${documentId}/upload_success`, { is_upload_successful: successful });

const rowOf = async (documentId: string) =>
  (
    await t.sql<{ upload_status: string; storage_key: string | null; virus_scan_status: string }>(
      'SELECT upload_status, storage_key, virus_scan_status FROM documents WHERE id = $1',
      [documentId],
    )
  )[0]!;

/** Announce, PUT to S3, confirm and scan: a clean, available document. */
async function uploaded(bytes: Buffer, fileName = 'Bilanz.pdf'): Promise<Document> {
  const created = await announced(bytes, { file_name: fileName });
  expect((await putTo(created.upload_url, bytes)).status).toBe(200);
  const done = await confirm(created.document_id);
  expect(done.statusCode, done.body).toBe(200);
  await t.ctx.jobs.drain();
  expect((await rowOf(created.document_id)).virus_scan_status).toBe('not_infected');
  return done.json<{ document: Document }>().document;
}

async function downloadUrl(documentId: string, client = owner) {
  const res = await client.get(`${docsPath(id)}/${documentId}/download_url`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ download_url: string; expires_at: string }>();
}

beforeAll(async () => {
  owner = (await t.signUp('demo')).client;
  other = (await t.signUp('demo')).client;
  id = (await createApplication(owner)).applicationId;
});

describe('the S3 store', () => {
  const store = () => new S3ObjectStore(s3.config);

  it('writes (streamed), reads, tells size and existence, removes', async () => {
    const objects = store();
    try {
      const bytes = Buffer.alloc(6 * 1024 * 1024 + 123, 7); // more than one 5 MiB part
      await objects.write('unit/a', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]));
      expect(await objects.exists('unit/a')).toBe(true);
      expect((await objects.stat('unit/a'))?.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const chunk of await objects.read('unit/a')) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      await objects.remove('unit/a');
      expect(await objects.exists('unit/a')).toBe(false);
      expect(await objects.stat('unit/a')).toBeNull();
      await objects.remove('unit/a'); // a missing object is no error
      await expect(objects.read('unit/a')).rejects.toThrow();
    } finally {
      objects.close();
    }
  });

  it('a write the inspector refuses leaves nothing; keys of the portal’s own form only', async () => {
    const objects = store();
    try {
      await expect(
        objects.write('unit/elf', Readable.from([ELF]), new FileInspector('pdf', ELF.length)),
      ).rejects.toThrow(RefusedContent);
      expect(await objects.exists('unit/elf')).toBe(false);
      const good = pdf('inspected');
      await objects.write('unit/good', Readable.from([good]), new FileInspector('pdf', good.length));
      expect(await text(await objects.read('unit/good'))).toBe(good.toString());
      await objects.remove('unit/good');
      await expect(objects.write('../escape', Readable.from([good]))).rejects.toThrow(/unsafe object key/);
      expect(() => objects.presignPut('Jahresabschluss 2024.pdf', 1, 'application/pdf', 60)).toThrow(/unsafe/);
    } finally {
      objects.close();
    }
  });
});

describe('presigned upload and download', () => {
  it('announce, PUT to S3, upload_success, list, download: the same bytes under the original name', async () => {
    const bytes = pdf('the whole cycle on S3');
    const name = 'Jahresabschluss 2024 – final (geprüft).pdf';
    const created = await announced(bytes, { file_name: name, sha256: sha(bytes) });
    const upload = new URL(created.upload_url);
    expect(upload.origin).toBe(s3.config.endpoint);
    expect(upload.pathname).toBe(`/${s3.config.bucket}/uploads/demo/${created.document_id}`);
    expect(upload.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(Number(upload.searchParams.get('X-Amz-Expires'))).toBe(15 * 60);
    expect(created.upload_url).not.toContain('Jahresabschluss');
    // The row has its storage key from the start (the clean-up finds an unconfirmed upload).
    expect((await rowOf(created.document_id)).storage_key).toBe(`uploads/demo/${created.document_id}`);

    const sent = await putTo(created.upload_url, bytes);
    expect(sent.status, await sent.text()).toBe(200);
    const done = await confirm(created.document_id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ document: Document }>().document).toMatchObject({
      upload_status: 'success',
      virus_scan_status: 'scanning',
      size_bytes: bytes.length,
      document_name: name,
    });
    // Checked: stored under its storage key, the upload key gone.
    expect(await s3.has(`documents/demo/${created.document_id}`)).toBe(true);
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(false);
    expectErrors(await owner.get(`${docsPath(id)}/${created.document_id}/download_url`), 409, [
      { code: 'err_file_not_available' },
    ]);
    await t.ctx.jobs.drain(); // the virus scan reads the object from S3
    expect(await rowOf(created.document_id)).toMatchObject({
      upload_status: 'success',
      virus_scan_status: 'not_infected',
      storage_key: `documents/demo/${created.document_id}`,
    });

    const list = (await owner.get(docsPath(id))).json<DocumentsResponse>().result;
    expect(list.find((d) => d.document_id === created.document_id)?.upload_status).toBe('success');
    const link = await downloadUrl(created.document_id);
    const url = new URL(link.download_url);
    expect(url.origin).toBe(s3.config.endpoint);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const file = await fetch(link.download_url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Jahresabschluss 2024 _ final (gepr_ft).pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // A tampered URL is refused by S3.
    expect((await fetch(link.download_url.replace('attachment', 'inline'))).status).toBe(403);
    // The preview: a URL of its own, signed for inline display.
    const res = await owner.get(`${docsPath(id)}/${created.document_id}/download_url?inline=1`);
    const preview = await fetch(res.json<{ download_url: string }>().download_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline; filename="/);
    expect(Buffer.from(await preview.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a PUT of another length or type than announced is refused by the signature, nothing kept', async () => {
    const bytes = pdf('announced size');
    const created = await announced(bytes);
    expect((await putTo(created.upload_url, Buffer.concat([bytes, Buffer.from('more')]))).status).toBe(403);
    expect((await putTo(created.upload_url, bytes.subarray(0, bytes.length - 1))).status).toBe(403);
    expect((await putTo(created.upload_url, bytes, 'text/plain')).status).toBe(403);
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(false);
    // Nothing arrived: the confirmation is refused and the upload stays pending (the right PUT may still come).
    expectErrors(await confirm(created.document_id), 409, [{ code: 'err_file_not_available' }]);
    expect((await rowOf(created.document_id)).upload_status).toBe('pending');
    expect((await putTo(created.upload_url, bytes)).status).toBe(200);
    expect((await confirm(created.document_id)).statusCode).toBe(200);
  });

  it.each([
    ['an ELF binary named .pdf', ELF, 'err_file_content_mismatch'],
    ['a password-protected PDF', ENCRYPTED, 'err_file_encrypted'],
  ])('%s: refused at upload_success, the object removed, the upload failed', async (_name, bytes, code) => {
    const created = await announced(bytes);
    expect((await putTo(created.upload_url, bytes)).status).toBe(200); // S3 itself takes any bytes
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(true);
    expectErrors(await confirm(created.document_id), 400, [{ code }]);
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(false);
    expect(await s3.has(`documents/demo/${created.document_id}`)).toBe(false);
    expect((await rowOf(created.document_id)).upload_status).toBe('failed');
    expectErrors(await confirm(created.document_id), 409, [{ code: 'err_update_not_allowed' }]);
    expectErrors(await owner.get(`${docsPath(id)}/${created.document_id}/download_url`), 409, [
      { code: 'err_file_not_available' },
    ]);
  });

  it('other bytes than the announced SHA-256 are refused', async () => {
    const bytes = pdf('announced');
    const created = await announced(bytes, { sha256: sha(pdf('something else')) });
    expect((await putTo(created.upload_url, bytes)).status).toBe(200);
    const refused = await confirm(created.document_id);
    expectErrors(refused, 400, [{ code: 'err_invalid_value', field: 'sha256' }]);
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(false);
  });

  it('a second PUT to the upload URL after the check cannot replace the checked file', async () => {
    const bytes = pdf('checked version');
    const created = await announced(bytes);
    expect((await putTo(created.upload_url, bytes)).status).toBe(200);
    expect((await confirm(created.document_id)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const swapped = Buffer.from(bytes.toString().replace('checked version', 'swapped version'));
    expect(swapped.length).toBe(bytes.length);
    expect((await putTo(created.upload_url, swapped)).status).toBe(200); // the URL is still valid at S3
    const file = await fetch((await downloadUrl(created.document_id)).download_url);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('EICAR: infected, removed from S3, never downloadable', async () => {
    const bytes = pdf(EICAR);
    const created = await announced(bytes, { file_name: 'eicar.pdf' });
    expect((await putTo(created.upload_url, bytes)).status).toBe(200);
    expect((await confirm(created.document_id)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect((await rowOf(created.document_id)).virus_scan_status).toBe('infected');
    expect(await s3.has(`documents/demo/${created.document_id}`)).toBe(false);
    expectErrors(await owner.get(`${docsPath(id)}/${created.document_id}/download_url`), 409, [
      { code: 'err_file_not_available' },
    ]);
  });

  it('delete removes the object; a failed upload_success removes the uploaded bytes', async () => {
    const doc = await uploaded(pdf('to delete'), 'delete-me.pdf');
    expect(await s3.has(`documents/demo/${doc.document_id}`)).toBe(true);
    expect((await owner.request('DELETE', `${docsPath(id)}/${doc.document_id}`)).statusCode).toBe(204);
    expect(await s3.has(`documents/demo/${doc.document_id}`)).toBe(false);

    const bytes = pdf('given up');
    const created = await announced(bytes);
    expect((await putTo(created.upload_url, bytes)).status).toBe(200);
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(true);
    expect((await confirm(created.document_id, false)).statusCode).toBe(200);
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(false);
  });

  it('the clean-up removes an upload never confirmed', async () => {
    const bytes = pdf('never confirmed');
    const created = await announced(bytes);
    expect((await putTo(created.upload_url, bytes)).status).toBe(200);
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(true);
    await t.sql("UPDATE documents SET created_at = now() - interval '25 hours' WHERE id = $1", [created.document_id]);
    await enqueue(t.ctx.db, DOCUMENTS_CLEANUP, {});
    await t.ctx.jobs.drain();
    expect((await rowOf(created.document_id)).upload_status).toBe('failed');
    expect(await s3.has(`uploads/demo/${created.document_id}`)).toBe(false);
  });

  it('another borrower gets 404 for every call on the document', async () => {
    const doc = await uploaded(pdf('not yours'));
    const base = `${docsPath(id)}/${doc.document_id}`;
    for (const res of [
      await other.get(docsPath(id)),
      await other.get(`${base}/download_url`),
      await confirm(doc.document_id, true, other),
      await other.request('DELETE', base),
      await announce(other, id, { bytes: pdf('intruder') }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await s3.has(`documents/demo/${doc.document_id}`)).toBe(true);
  });

  it('the portal’s own upload URL is not used with S3, and the page may connect to the store', async () => {
    const created = await announced(pdf('own url'));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/uploads/${created.document_id}.${'A'.repeat(43)}`,
      headers: { host: 'demo.localhost:3000', 'content-type': 'application/pdf' },
      payload: pdf('own url'),
    });
    expect(put.statusCode).toBe(403);
    const res = await owner.get('/user/profile');
    expect(res.headers['content-security-policy']).toMatch(
      new RegExp(`connect-src 'self' ${s3.config.endpoint.replace(/[.]/g, '\\.')}`),
    );
  });
});
