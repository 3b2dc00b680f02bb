import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { CreateDocumentResponse, Document } from '@finportal/contracts/documents';
import type { TestApp, TestClient } from './harness.js';

/** Documents tests' helpers: a small valid PDF, and announce, PUT and confirm through the API (issue 11). */
export function documentHelpers(t: TestApp) {
  const pdf = (text = 'finportal test document') =>
    Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const docsPath = (applicationId: string) => `/user/applications/${applicationId}/documents`;

  function announce(
    client: TestClient,
    applicationId: string,
    file: { file_name?: string; document_type?: string; as_of_date?: string | null; bytes?: Buffer; sha256?: string },
  ) {
    const bytes = file.bytes ?? pdf();
    return client.post(docsPath(applicationId), {
      file_name: file.file_name ?? 'Jahresabschluss 2024.pdf',
      document_type: file.document_type ?? 'annual_statement_2024',
      as_of_date: file.as_of_date ?? null,
      size_bytes: bytes.length,
      ...(file.sha256 ? { sha256: file.sha256 } : {}),
    });
  }

  function put(uploadUrl: string, bytes: Buffer, headers: Record<string, string> = {}) {
    const url = new URL(uploadUrl);
    return t.app.inject({
      method: 'PUT',
      url: url.pathname,
      headers: { host: url.host, 'content-type': 'application/pdf', ...headers },
      payload: bytes,
    });
  }

  /** Announce, PUT and confirm a file; answers the confirmed document. */
  async function upload(
    client: TestClient,
    applicationId: string,
    file: Parameters<typeof announce>[2] = {},
  ): Promise<Document> {
    const bytes = file.bytes ?? pdf();
    const created = await announce(client, applicationId, { ...file, bytes });
    expect(created.statusCode, created.body).toBe(201);
    const { upload_url, document_id } = created.json<CreateDocumentResponse>();
    const sent = await put(upload_url, bytes);
    expect(sent.statusCode, sent.body).toBe(200);
    const done = await client.patch(`${docsPath(applicationId)}/${document_id}/upload_success`, {
      is_upload_successful: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json<{ document: Document }>().document;
  }

  return { pdf, sha, docsPath, announce, put, upload };
}
