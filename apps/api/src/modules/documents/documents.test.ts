import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateDocumentResponse, Document, DocumentsResponse } from '@finportal/contracts/documents';
import { enqueue } from '../../platform/jobs/queue.js';
import { createApplication } from '../../test/dashboard.js';
import { DOCUMENTS_CLEANUP } from './cleanup.js';
import { documentHelpers } from '../../test/documents.js';
import { zerosEntry, zipOf } from '../../test/zip.js';
import { expectErrors, useTestApp, type TestClient } from '../../test/harness.js';

/** Documents (issue 11): announce, upload, confirm, list, download, delete, and every refusal before storing. */
const t = await useTestApp();
let owner: TestClient;
let id: string;

const HOST = 'demo.localhost:3000';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const { pdf, sha, docsPath, announce, put, upload } = documentHelpers(t);

async function storedFiles(): Promise<string[]> {
  const root = t.config.FILES_DIR!;
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found;
}

async function download(client: TestClient, applicationId: string, documentId: string) {
  const res = await client.get(`${docsPath(applicationId)}/${documentId}/download_url`);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json<{ download_url: string }>().download_url);
  expect(url.host).toBe(HOST);
  return t.app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
}

const documentRows = (applicationId: string) =>
  t.sql<{ upload_status: string; deleted_at: Date | null }>(
    'SELECT upload_status, deleted_at FROM documents WHERE application_id = $1',
    [applicationId],
  );

beforeAll(async () => {
  owner = (await t.signUp('demo')).client;
  id = (await createApplication(owner)).applicationId;
});

describe('upload, list, download, delete', () => {
  it('a PDF goes through announce, PUT and upload_success, is listed, downloads with the same bytes and its name', async () => {
    const bytes = pdf('the whole cycle');
    const created = await announce(owner, id, { file_name: 'Jahresabschluss 2024 – final.pdf', bytes });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<CreateDocumentResponse>();
    expect(new URL(body.upload_url).host).toBe(HOST);
    expect(body.upload_url).not.toContain('Jahresabschluss');
    expect(body.document).toMatchObject({ upload_status: 'pending', virus_scan_status: 'not_scanned' });

    // Before the PUT: the preview says the upload is in progress.
    expectErrors(await owner.get(`${docsPath(id)}/${body.document_id}/download_url`), 409, [
      { code: 'err_upload_in_progress' },
    ]);
    expect((await put(body.upload_url, bytes)).statusCode).toBe(200);
    const confirmed = await owner.patch(`${docsPath(id)}/${body.document_id}/upload_success`, {
      is_upload_successful: true,
    });
    expect(confirmed.json<{ document: Document }>().document).toMatchObject({
      upload_status: 'success',
      size_bytes: bytes.length,
      content_type: 'application/pdf',
      document_name: 'Jahresabschluss 2024 – final.pdf',
    });

    const list = (await owner.get(docsPath(id))).json<DocumentsResponse>().result;
    expect(list.map((d) => d.document_id)).toContain(body.document_id);
    const file = await download(owner, id, body.document_id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Jahresabschluss 2024 _ final.pdf"; filename*=UTF-8''${encodeURIComponent('Jahresabschluss 2024 – final.pdf')}`,
    );
    expect(file.headers['content-type']).toContain('application/pdf');
    // The preview: inline, in a sandbox.
    const link = (await owner.get(`${docsPath(id)}/${body.document_id}/download_url?inline=1`)).json<{
      download_url: string;
    }>();
    const previewUrl = new URL(link.download_url);
    expect(previewUrl.search).toBe('?inline=1');
    const preview = await t.app.inject({
      method: 'GET',
      url: `${previewUrl.pathname}${previewUrl.search}`,
      headers: { host: HOST },
    });
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    expect(preview.headers['content-security-policy']).toContain('sandbox');
    expect(preview.rawPayload.equals(bytes)).toBe(true);
    // The storage key names no file: the portal's ids only.
    expect((await storedFiles()).some((f) => f.includes('Jahresabschluss'))).toBe(false);
  });

  it('deletes while Open (the stored file goes too), and not after submission', async () => {
    const doc = await upload(owner, id, { file_name: 'to-delete.pdf', bytes: pdf('delete me') });
    const before = await storedFiles();
    expect((await owner.request('DELETE', `${docsPath(id)}/${doc.document_id}`)).statusCode).toBe(204);
    expect((await storedFiles()).length).toBe(before.length - 1);
    expect((await owner.get(docsPath(id))).json<DocumentsResponse>().result.map((d) => d.document_id)).not.toContain(
      doc.document_id,
    );

    const other = (await createApplication(owner)).applicationId;
    const kept = await upload(owner, other, { bytes: pdf('kept') });
    await t.sql("UPDATE applications SET status = 'Submitted' WHERE id = $1", [other]);
    expectErrors(await owner.request('DELETE', `${docsPath(other)}/${kept.document_id}`), 403, [
      { code: 'err_no_permission' },
    ]);
    // Documents may still be uploaded in review (asked for by the back office).
    await upload(owner, other, {
      document_type: 'bank_statement',
      as_of_date: day(-1),
      file_name: 'statement.pdf',
      bytes: pdf('in review'),
    });
  });
});

describe('refused before anything is stored', () => {
  it.each([
    ['a file type the type does not take', { file_name: 'setup.exe' }, 'err_invalid_upload_type', 'file_name'],
    ['a bank statement without its date', { document_type: 'bank_statement' }, 'err_as_of_date_required', 'as_of_date'],
    [
      'a bank statement older than 90 days',
      { document_type: 'bank_statement', as_of_date: day(-91) },
      'err_document_too_old',
      'as_of_date',
    ],
    [
      'a date in the future',
      { document_type: 'bank_statement', as_of_date: day(2) },
      'err_date_too_late',
      'as_of_date',
    ],
    ['a type the partner does not ask for', { document_type: 'signed_cv' }, 'err_invalid_value', 'document_type'],
  ])('%s', async (_name, file, code, field) => {
    const applicationId = (await createApplication(owner)).applicationId;
    expectErrors(await announce(owner, applicationId, file), 400, [{ code, field }]);
    expect(await documentRows(applicationId)).toEqual([]);
  });

  it('an empty or too large file', async () => {
    const applicationId = (await createApplication(owner)).applicationId;
    const res = await owner.post(docsPath(applicationId), {
      file_name: 'big.pdf',
      document_type: 'annual_statement_2024',
      size_bytes: 20 * 1024 * 1024 + 1,
    });
    expectErrors(res, 400, [{ code: 'err_file_too_large', field: 'size_bytes' }]);
    expectErrors(
      await owner.post(docsPath(applicationId), {
        file_name: 'e.pdf',
        document_type: 'annual_statement_2024',
        size_bytes: 0,
      }),
      400,
      [{ code: 'err_file_empty', field: 'size_bytes' }],
    );
    expect(await documentRows(applicationId)).toEqual([]);
  });

  it('the same file twice on one application is named', async () => {
    const applicationId = (await createApplication(owner)).applicationId;
    const bytes = pdf('twice');
    await upload(owner, applicationId, { file_name: 'first.pdf', bytes, sha256: sha(bytes) });
    const again = await announce(owner, applicationId, {
      file_name: 'second.pdf',
      document_type: 'bank_statement',
      as_of_date: day(-1),
      bytes,
      sha256: sha(bytes),
    });
    expectErrors(again, 409, [{ code: 'err_document_duplicate', field: 'file_name' }]);
    expect(again.json<{ errors: { values: unknown }[] }>().errors[0]!.values).toEqual({ document_name: 'first.pdf' });
  });
});

describe('the PUT: content, size and the upload URL', () => {
  async function announced(bytes: Buffer, fileName = 'x.pdf') {
    const applicationId = (await createApplication(owner)).applicationId;
    const res = await announce(owner, applicationId, { file_name: fileName, bytes });
    expect(res.statusCode, res.body).toBe(201);
    return { applicationId, ...res.json<CreateDocumentResponse>() };
  }

  it.each([
    [
      'an ELF binary named .pdf',
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), pdf()]),
      'err_file_content_mismatch',
    ],
    [
      'a PNG named .pdf',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'err_file_content_mismatch',
    ],
    [
      'a password-protected PDF',
      Buffer.concat([pdf(), Buffer.from('trailer << /Encrypt 5 0 R >>\n')]),
      'err_file_encrypted',
    ],
  ])('%s is refused and nothing is kept', async (_name, bytes, code) => {
    const before = await storedFiles();
    const { applicationId, upload_url, document_id } = await announced(bytes);
    expectErrors(await put(upload_url, bytes), 400, [{ code }]);
    expect(await storedFiles()).toEqual(before);
    expect(await documentRows(applicationId)).toEqual([{ upload_status: 'failed', deleted_at: null }]);
    expectErrors(
      await owner.patch(`${docsPath(applicationId)}/${document_id}/upload_success`, { is_upload_successful: true }),
      409,
      [{ code: 'err_update_not_allowed' }],
    );
  });

  it('more or fewer bytes than announced are refused, nothing kept', async () => {
    const before = await storedFiles();
    const bytes = pdf('size');
    const more = await announced(bytes);
    expect(
      (await put(more.upload_url, Buffer.concat([bytes, Buffer.from('extra')]))).statusCode,
    ).toBeGreaterThanOrEqual(400);
    const fewer = await announced(bytes);
    expectErrors(await put(fewer.upload_url, bytes.subarray(0, 20)), 400, [{ code: 'err_upload_size_mismatch' }]);
    expect(await storedFiles()).toEqual(before);
  });

  it('an upload URL works once, not when expired or tampered with', async () => {
    const bytes = pdf('once');
    const first = await announced(bytes);
    expect((await put(first.upload_url, bytes)).statusCode).toBe(200);
    expectErrors(await put(first.upload_url, bytes), 403, [{ code: 'err_upload_url_invalid' }]);

    const expired = await announced(bytes);
    await t.sql("UPDATE documents SET upload_expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.document_id,
    ]);
    expectErrors(await put(expired.upload_url, bytes), 403, [{ code: 'err_upload_url_invalid' }]);

    const tampered = await announced(bytes);
    const url = tampered.upload_url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expectErrors(await put(url, bytes), 403, [{ code: 'err_upload_url_invalid' }]);
    expectErrors(await put(tampered.upload_url.replace(tampered.document_id, first.document_id), bytes), 403, [
      { code: 'err_upload_url_invalid' },
    ]);
    // The untouched URL still works.
    expect((await put(tampered.upload_url, bytes)).statusCode).toBe(200);
  });

  it('a failed upload is reported as such and its file is not available', async () => {
    const bytes = pdf('failed');
    const { applicationId, document_id } = await announced(bytes);
    const res = await owner.patch(`${docsPath(applicationId)}/${document_id}/upload_success`, {
      is_upload_successful: false,
    });
    expect(res.json<{ document: Document }>().document.upload_status).toBe('failed');
    expectErrors(await owner.get(`${docsPath(applicationId)}/${document_id}/download_url`), 409, [
      { code: 'err_file_not_available' },
    ]);
    // Listed, so that the page can say so.
    const list = (await owner.get(docsPath(applicationId))).json<DocumentsResponse>().result;
    expect(list.map((d) => [d.document_id, d.upload_status])).toEqual([[document_id, 'failed']]);
  });

  it('a confirmation before the file arrived is refused', async () => {
    const { applicationId, document_id } = await announced(pdf('early'));
    expectErrors(
      await owner.patch(`${docsPath(applicationId)}/${document_id}/upload_success`, { is_upload_successful: true }),
      409,
      [{ code: 'err_file_not_available' }],
    );
  });
});

describe('many at once', () => {
  it('20 concurrent uploads to one type all land', async () => {
    const applicationId = (await createApplication(owner)).applicationId;
    const docs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        upload(owner, applicationId, { file_name: `statement-${i}.pdf`, bytes: pdf(`concurrent ${i}`) }),
      ),
    );
    expect(new Set(docs.map((d) => d.document_id)).size).toBe(20);
    const list = (await owner.get(docsPath(applicationId))).json<DocumentsResponse>().result;
    expect(list.filter((d) => d.upload_status === 'success')).toHaveLength(20);
  });
});

describe('clean-up', () => {
  it('an upload never confirmed for a day is failed and its bytes removed; a recent one stays', async () => {
    const applicationId = (await createApplication(owner)).applicationId;
    const bytes = pdf('never confirmed');
    const old = (await announce(owner, applicationId, { file_name: 'old.pdf', bytes })).json<CreateDocumentResponse>();
    expect((await put(old.upload_url, bytes)).statusCode).toBe(200);
    const recent = (
      await announce(owner, applicationId, { file_name: 'recent.pdf', bytes: pdf('recent') })
    ).json<CreateDocumentResponse>();
    await t.sql("UPDATE documents SET created_at = now() - interval '25 hours' WHERE id = $1", [old.document_id]);
    const files = await storedFiles();
    expect(files.some((f) => f.endsWith(old.document_id))).toBe(true);

    await enqueue(t.ctx.db, DOCUMENTS_CLEANUP, {});
    await t.ctx.jobs.drain();

    const rows = await t.sql<{ id: string; upload_status: string }>(
      'SELECT id, upload_status FROM documents WHERE application_id = $1 ORDER BY created_at',
      [applicationId],
    );
    expect(rows).toEqual([
      { id: old.document_id, upload_status: 'failed' },
      { id: recent.document_id, upload_status: 'pending' },
    ]);
    expect((await storedFiles()).some((f) => f.endsWith(old.document_id))).toBe(false);
  });
});

describe('issue 25: content a reader would choke on is refused at the upload, not stored', () => {
  it('a zip bomb named .docx, and an encrypted PDF whose marker is escaped, never become downloadable', async () => {
    const { client } = await t.signUp('demo');
    const { applicationId } = await createApplication(client);
    const bomb = zipOf([zerosEntry('word/document.xml', 1024)]);
    const escaped = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n2 0 obj << /Filter /Standard /V 2 /R 3 /O (o) /U (u) /P -4 >> endobj\ntrailer << /Root 1 0 R /#45ncrypt 2 0 R >>\n%%EOF\n',
      'latin1',
    );
    for (const [fileName, bytes, code] of [
      ['Jahresabschluss 2024.docx', bomb, 'err_archive_too_large'],
      ['Jahresabschluss 2024.pdf', escaped, 'err_file_encrypted'],
    ] as const) {
      const created = await announce(client, applicationId, { file_name: fileName, bytes });
      expect(created.statusCode, created.body).toBe(201);
      const { upload_url, document_id } = created.json<CreateDocumentResponse>();
      expectErrors(await put(upload_url, bytes), 400, [{ code }]);
      const [row] = await t.sql<{ upload_status: string; storage_key: string | null }>(
        'SELECT upload_status, storage_key FROM documents WHERE id = $1',
        [document_id],
      );
      expect(row).toEqual({ upload_status: 'failed', storage_key: null });
      const url = await client.get(`${docsPath(applicationId)}/${document_id}/download_url`);
      expect(url.statusCode).not.toBe(200);
    }
  });
});
