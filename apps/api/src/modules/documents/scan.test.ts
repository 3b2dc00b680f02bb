import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateDocumentResponse, Document } from '@finportal/contracts/documents';
import { Readable } from 'node:stream';
import { ClamdScanner, verdictOf } from '../../platform/virus-scanner.js';
import { startClamd, EICAR } from '../../test/clamd.js';
import { createApplication } from '../../test/dashboard.js';
import { expectErrors, useTestApp, type TestClient } from '../../test/harness.js';

/**
 * Virus scanning (issue 11) against a real clamd (Debian's clamav-daemon) with a signature of the
 * EICAR test string made in the set-up: clean → not_infected, EICAR → infected and removed, larger
 * than clamd's stream limit → scan_failed (never clean), clamd down → retried, clean once it is back.
 */
const clamd = await startClamd();
afterAll(() => clamd.close());
const t = await useTestApp({ CLAMAV_URL: clamd.url, CLAMAV_STREAM_MAX_LENGTH: String(clamd.streamMaxLength) });
let owner: TestClient;
let id: string;

const pdf = (body: string) => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${body}\n%%EOF\n`);
const docsPath = `/user/applications/:id/documents`;
const path = (suffix = '') => docsPath.replace(':id', id) + suffix;

async function uploadAndConfirm(bytes: Buffer, fileName = 'file.pdf'): Promise<Document> {
  const created = await owner.post(path(), {
    file_name: fileName,
    document_type: 'annual_statement_2024',
    size_bytes: bytes.length,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { upload_url, document_id } = created.json<CreateDocumentResponse>();
  const url = new URL(upload_url);
  const sent = await t.app.inject({
    method: 'PUT',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/pdf' },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const done = await owner.patch(path(`/${document_id}/upload_success`), { is_upload_successful: true });
  expect(done.statusCode, done.body).toBe(200);
  return done.json<{ document: Document }>().document;
}

const statusOf = async (documentId: string) =>
  (
    await t.sql<{ virus_scan_status: string }>('SELECT virus_scan_status FROM documents WHERE id = $1', [documentId])
  )[0]!.virus_scan_status;

beforeAll(async () => {
  owner = (await t.signUp('demo')).client;
  id = (await createApplication(owner)).applicationId;
});

describe('virus scanning with clamd', () => {
  it('a clean file: scanning, then not_infected and downloadable', async () => {
    const doc = await uploadAndConfirm(pdf('a clean annual statement'));
    expect(doc.virus_scan_status).toBe('scanning');
    expectErrors(await owner.get(path(`/${doc.document_id}/download_url`)), 409, [{ code: 'err_file_not_available' }]);
    await t.ctx.jobs.drain();
    expect(await statusOf(doc.document_id)).toBe('not_infected');
    expect((await owner.get(path(`/${doc.document_id}/download_url`))).statusCode).toBe(200);
  });

  it('EICAR: infected, removed from the store, never downloadable', async () => {
    const doc = await uploadAndConfirm(pdf(EICAR), 'eicar.pdf');
    await t.ctx.jobs.drain();
    expect(await statusOf(doc.document_id)).toBe('infected');
    expectErrors(await owner.get(path(`/${doc.document_id}/download_url`)), 409, [{ code: 'err_file_not_available' }]);
    const [row] = await t.sql<{ storage_key: string }>('SELECT storage_key FROM documents WHERE id = $1', [
      doc.document_id,
    ]);
    expect(await t.ctx.objectStore.exists(row!.storage_key)).toBe(false);
    const [entry] = await t.sql<{ data: { signature: string } }>(
      "SELECT data FROM audit_log WHERE action = 'document.infected' AND entity_id = $1",
      [doc.document_id],
    );
    expect(entry!.data.signature).toContain('Eicar-Test-Signature');
  });

  it('a file over clamd’s stream limit: scan_failed, never clean', async () => {
    const big = pdf('x'.repeat(clamd.streamMaxLength + 10_000));
    const doc = await uploadAndConfirm(big, 'big.pdf');
    await t.ctx.jobs.drain();
    expect(await statusOf(doc.document_id)).toBe('scan_failed');
    expectErrors(await owner.get(path(`/${doc.document_id}/download_url`)), 409, [{ code: 'err_file_not_available' }]);
  });

  it('the scanner: clamd’s own answers read; a file over the limit is not sent', async () => {
    expect(verdictOf('stream: OK')).toEqual({ result: 'clean' });
    expect(verdictOf('stream: Eicar-Test-Signature FOUND')).toEqual({
      result: 'infected',
      signature: 'Eicar-Test-Signature',
    });
    expect(verdictOf('INSTREAM size limit exceeded. ERROR')).toEqual({ result: 'too_large' });
    expect(() => verdictOf('UNKNOWN COMMAND')).toThrow(/clamd answered/);
    const scanner = new ClamdScanner(clamd.url, 2000, clamd.streamMaxLength);
    let read = 0;
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 64; i++) {
          read += 64 * 1024;
          yield Buffer.alloc(64 * 1024, 0x20);
        }
      })(),
    );
    expect(await scanner.scan(big)).toEqual({ result: 'too_large' });
    expect(read).toBeLessThanOrEqual(clamd.streamMaxLength + 128 * 1024);
    expect(await scanner.scan(Readable.from([Buffer.from(`%PDF-1.4 ${EICAR}`)]))).toMatchObject({ result: 'infected' });
    expect(await scanner.scan(Readable.from([Buffer.alloc(clamd.streamMaxLength, 0x20)]))).toEqual({ result: 'clean' });
  });

  it('clamd down: the scan is retried and the file stays scanning; clean once clamd is back', async () => {
    await clamd.stop();
    try {
      const doc = await uploadAndConfirm(pdf('while clamd is down'));
      await t.ctx.jobs.drain();
      expect(await statusOf(doc.document_id)).toBe('scanning');
      const [job] = await t.sql<{ attempts: number; status: string }>(
        "SELECT attempts, status FROM jobs WHERE type = 'documents.scan' AND payload->>'document_id' = $1",
        [doc.document_id],
      );
      expect(job).toMatchObject({ attempts: 1 });
      expect(job!.status).not.toBe('done');

      await clamd.start();
      await t.sql("UPDATE jobs SET run_at = now() WHERE type = 'documents.scan' AND payload->>'document_id' = $1", [
        doc.document_id,
      ]);
      await t.ctx.jobs.drain();
      expect(await statusOf(doc.document_id)).toBe('not_infected');
    } finally {
      await clamd.start();
    }
  });
});

describe('requests of the back office and the scan (issue 13)', () => {
  it('an infected file fulfils the request of its type only until the scan finds it; a clean one stays', async () => {
    const [staffRow] = await t.sql<{ id: string }>(
      `INSERT INTO staff_users (email, password_hash, kind, totp_secret) VALUES ('scan-asker@bank.example', 'x', 'bouser', 'x') RETURNING id`,
    );
    const [request] = await t.sql<{ id: string }>(
      `INSERT INTO data_requests (application_id, kind, document_type, message, created_by)
       VALUES ($1, 'document', 'annual_statement_2024', 'Please send the complete annual statement.', $2) RETURNING id`,
      [id, staffRow!.id],
    );
    const statusOfRequest = async () =>
      (await t.sql<{ status: string }>('SELECT status FROM data_requests WHERE id = $1', [request!.id]))[0]!.status;

    await uploadAndConfirm(Buffer.concat([pdf('infected'), Buffer.from(EICAR)]));
    expect(await statusOfRequest()).toBe('fulfilled');
    await t.ctx.jobs.drain();
    expect(await statusOfRequest()).toBe('open');

    const clean = await uploadAndConfirm(pdf('the complete annual statement'));
    expect(await statusOfRequest()).toBe('fulfilled');
    await t.ctx.jobs.drain();
    expect(await statusOfRequest()).toBe('fulfilled');
    const [row] = await t.sql<{ fulfilled_document_id: string }>(
      'SELECT fulfilled_document_id FROM data_requests WHERE id = $1',
      [request!.id],
    );
    expect(row!.fulfilled_document_id).toBe(clean.document_id);

    // Deleting the file that fulfilled it (the application is Open) opens the request again.
    expect((await owner.request('DELETE', path(`/${clean.document_id}`))).statusCode).toBe(204);
    expect(await statusOfRequest()).toBe('open');
  });
});
