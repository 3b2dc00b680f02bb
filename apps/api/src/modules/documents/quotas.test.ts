import { describe, expect, it } from 'vitest';
import { createApplication } from '../../test/dashboard.js';
import { documentHelpers } from '../../test/documents.js';
import { useTestApp } from '../../test/harness.js';
import { updatePartnerConfig } from '../../platform/tenancy.js';

/**
 * Issue 25, finding 5: upload quotas per document type (of one application), per application and
 * per borrower, set per partner (`upload_quotas`), each with its own code; counted under locks, so
 * that parallel announcements cannot pass them together (PGlite and PostgreSQL).
 */
const t = await useTestApp();
const docs = documentHelpers(t);
const MIB = 1024 * 1024;
const today = new Date().toISOString().slice(0, 10);
const bank = { document_type: 'bank_statement', as_of_date: today, file_name: 'Kontoauszug.pdf' };

async function setQuotas(quotas: Record<string, { max_files: number; max_bytes: number }>) {
  await updatePartnerConfig(t.ctx.db, t.ctx.partners, 'demo', { upload_quotas: quotas });
  await t.ctx.partners.refresh(t.ctx.db);
}

const big = { max_files: 10_000, max_bytes: 1024 * 1024 * MIB };

describe('upload quotas', () => {
  it('per document type: the file after the last allowed one is refused with its code; another type and a freed slot pass', async () => {
    await setQuotas({ per_document_type: { max_files: 3, max_bytes: 100 * MIB }, per_application: big, per_user: big });
    const { client } = await t.signUp('demo');
    const { applicationId } = await createApplication(client);
    for (let i = 0; i < 3; i++) await docs.upload(client, applicationId, { bytes: docs.pdf(`file ${i}`) });
    const refused = await docs.announce(client, applicationId, { bytes: docs.pdf('one too many') });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      errors: [
        {
          code: 'err_upload_quota_document_type',
          field: 'file_name',
          values: { max_files: 3, max_mb: 100 },
        },
      ],
    });
    expect((await docs.announce(client, applicationId, { ...bank, bytes: docs.pdf('bank') })).statusCode).toBe(201);
    // A deleted file no longer counts.
    const listed = (await client.get(`${docs.docsPath(applicationId)}?document_type=annual_statement_2024`)).json<
      { document_id: string }[]
    >();
    const first = Array.isArray(listed) ? listed[0] : (listed as { result: { document_id: string }[] }).result[0];
    expect((await client.request('DELETE', `${docs.docsPath(applicationId)}/${first!.document_id}`)).statusCode).toBe(
      204,
    );
    expect((await docs.announce(client, applicationId, { bytes: docs.pdf('after delete') })).statusCode).toBe(201);
  });

  it('per document type in bytes: announced files count before they arrive', async () => {
    await setQuotas({
      per_document_type: { max_files: 100, max_bytes: 100 * MIB },
      per_application: big,
      per_user: big,
    });
    const { client } = await t.signUp('demo');
    const { applicationId } = await createApplication(client);
    const announce20 = (i: number) =>
      client.post(docs.docsPath(applicationId), {
        file_name: `Jahresabschluss ${i}.pdf`,
        document_type: 'annual_statement_2024',
        as_of_date: null,
        size_bytes: 20 * MIB,
      });
    for (let i = 0; i < 5; i++) expect((await announce20(i)).statusCode).toBe(201);
    const refused = await announce20(5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('err_upload_quota_document_type');
  });

  it('per application and per borrower, each with its own code', async () => {
    await setQuotas({
      per_document_type: big,
      per_application: { max_files: 2, max_bytes: 500 * MIB },
      per_user: { max_files: 3, max_bytes: 500 * MIB },
    });
    const { client } = await t.signUp('demo');
    const first = await createApplication(client);
    await docs.upload(client, first.applicationId, { bytes: docs.pdf('a') });
    await docs.upload(client, first.applicationId, { ...bank, bytes: docs.pdf('b') });
    const perApplication = await docs.announce(client, first.applicationId, { bytes: docs.pdf('c') });
    expect(perApplication.statusCode, perApplication.body).toBe(409);
    expect(perApplication.json().errors[0]).toEqual({
      code: 'err_upload_quota_application',
      field: 'file_name',
      values: { max_files: 2, max_mb: 500 },
    });
    const second = await createApplication(client);
    await docs.upload(client, second.applicationId, { bytes: docs.pdf('d') });
    const perUser = await docs.announce(client, second.applicationId, { ...bank, bytes: docs.pdf('e') });
    expect(perUser.statusCode).toBe(409);
    expect(perUser.json().errors[0]).toMatchObject({ code: 'err_upload_quota_user', values: { max_files: 3 } });
    // Another borrower has a quota of their own.
    const other = await t.signUp('demo');
    const theirs = await createApplication(other.client);
    expect((await docs.announce(other.client, theirs.applicationId, { bytes: docs.pdf('f') })).statusCode).toBe(201);
  });

  it('holds under 20 parallel announcements: exactly the allowed number pass', async () => {
    await setQuotas({ per_document_type: { max_files: 3, max_bytes: 100 * MIB }, per_application: big, per_user: big });
    const { client } = await t.signUp('demo');
    const { applicationId } = await createApplication(client);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => docs.announce(client, applicationId, { bytes: docs.pdf(`parallel ${i}`) })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    const [{ n }] = (await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM documents WHERE application_id = $1 AND deleted_at IS NULL`,
      [applicationId],
    )) as [{ n: number }];
    expect(n).toBe(3);
  });
});
