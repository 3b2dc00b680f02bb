import { beforeAll, describe, expect, it } from 'vitest';
import type { AnnualStatementBaseYearResponse, DocumentsResponse } from '@finportal/contracts/documents';
import { createApplication, getApplication, pendingOf } from '../../test/dashboard.js';
import { documentHelpers } from '../../test/documents.js';
import { expectErrors, useTestApp, type TestClient } from '../../test/harness.js';

/** The annual-statement base-year switch (spec 2 section 2; ADR 015) and the back office's visibility call. */
const t = await useTestApp();
const { pdf, docsPath, announce, upload } = documentHelpers(t);
let owner: TestClient;
let id: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const baseYearPath = (applicationId: string) => `/user/applications/${applicationId}/annual_statement_base_year`;
const typesOf = (app: Awaited<ReturnType<typeof getApplication>>) =>
  app.document_configurations.document_categories.flatMap((c) => c.document_types.map((d) => d.document_type));
const storageKeys = (applicationId: string) =>
  t.sql<{ id: string; storage_key: string | null; deleted_at: Date | null }>(
    'SELECT id, storage_key, deleted_at FROM documents WHERE application_id = $1',
    [applicationId],
  );

beforeAll(async () => {
  owner = (await t.signUp('demo')).client;
  id = (await createApplication(owner)).applicationId;
});

describe('annual statement base year', () => {
  it('the application names the configured base year and the years it may switch to', async () => {
    const app = await getApplication(owner, id);
    expect(app.document_configurations.annual_statement_base_year).toBe(2024);
    expect(app.document_configurations.annual_statement_base_years).toEqual([2024, 2023, 2022, 2021, 2020]);
    expect(typesOf(app)).toContain('annual_statement_2024');
  });

  it('a switch removes the old base year’s statements (bytes too), keeps every other document and asks for the new year', async () => {
    const app = (await createApplication(owner)).applicationId;
    const statement = await upload(owner, app, { bytes: pdf('annual 2024') });
    const bank = await upload(owner, app, {
      document_type: 'bank_statement',
      as_of_date: day(-2),
      file_name: 'Kontoauszug.pdf',
      bytes: pdf('bank'),
    });

    const res = await owner.patch(baseYearPath(app), { base_year: 2023 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AnnualStatementBaseYearResponse>();
    expect(body.removed_document_ids).toEqual([statement.document_id]);
    expect(body.document_configurations.annual_statement_base_year).toBe(2023);

    const listed = (await owner.get(docsPath(app))).json<DocumentsResponse>().result.map((d) => d.document_id);
    expect(listed).toEqual([bank.document_id]);
    const rows = await storageKeys(app);
    const removed = rows.find((r) => r.id === statement.document_id)!;
    expect(removed.deleted_at).not.toBeNull();
    expect(await t.ctx.objectStore.exists(removed.storage_key!)).toBe(false);
    const kept = rows.find((r) => r.id === bank.document_id)!;
    expect(await t.ctx.objectStore.exists(kept.storage_key!)).toBe(true);

    // The application and its pending items follow the new year; the old year is no longer offered.
    const after = await getApplication(owner, app);
    expect(after.document_configurations.annual_statement_base_year).toBe(2023);
    expect(typesOf(after)).toContain('annual_statement_2023');
    expect(typesOf(after)).not.toContain('annual_statement_2024');
    const pending = await pendingOf(owner, app);
    expect(JSON.stringify(pending)).toContain('annual_statement_2023');
    expectErrors(await announce(owner, app, { bytes: pdf('late 2024') }), 400, [
      { code: 'err_invalid_value', field: 'document_type' },
    ]);
    await upload(owner, app, { document_type: 'annual_statement_2023', file_name: 'JA 2023.pdf', bytes: pdf('2023') });

    // Back to 2024: the 2023 statement goes, nothing else.
    const back = await owner.patch(baseYearPath(app), { base_year: 2024 });
    expect(back.statusCode).toBe(200);
    expect(back.json<AnnualStatementBaseYearResponse>().removed_document_ids).toHaveLength(1);
    expect((await getApplication(owner, app)).document_configurations.annual_statement_base_year).toBe(2024);
  });

  it('a year outside the offered ones, or not a year, is refused and changes nothing', async () => {
    for (const base_year of [2019, 2025, 0]) {
      expectErrors(await owner.patch(baseYearPath(id), { base_year }), 400, [
        { code: 'err_invalid_value', field: 'base_year' },
      ]);
    }
    expect((await owner.patch(baseYearPath(id), { base_year: '2023' })).statusCode).toBe(400);
    expect((await owner.patch(baseYearPath(id), { base_year: 2023.5 })).statusCode).toBe(400);
    expect((await getApplication(owner, id)).document_configurations.annual_statement_base_year).toBe(2024);
  });

  it('only the applicant, only while Open: another borrower, another partner and nobody get nothing', async () => {
    const other = (await t.signUp('demo')).client;
    expect((await other.patch(baseYearPath(id), { base_year: 2023 })).statusCode).toBe(404);
    const foreign = (await t.signUp('nordbank')).client;
    expect((await foreign.patch(baseYearPath(id), { base_year: 2023 })).statusCode).toBe(404);
    expect((await t.client().patch(baseYearPath(id), { base_year: 2023 })).statusCode).toBe(401);

    const submitted = (await createApplication(owner)).applicationId;
    const doc = await upload(owner, submitted, { bytes: pdf('submitted') });
    await t.sql("UPDATE applications SET status = 'Submitted' WHERE id = $1", [submitted]);
    expectErrors(await owner.patch(baseYearPath(submitted), { base_year: 2023 }), 403, [{ code: 'err_no_permission' }]);
    const rows = await storageKeys(submitted);
    expect(rows.find((r) => r.id === doc.document_id)!.deleted_at).toBeNull();
    expect((await getApplication(owner, id)).document_configurations.annual_statement_base_year).toBe(2024);
  });
});

describe('PATCH {entity}/documents/{id}: client visibility is the back office’s', () => {
  it('the applicant gets 403, another borrower 404, nobody 401; the document stays visible', async () => {
    const doc = await upload(owner, id, { file_name: 'visible.pdf', bytes: pdf('visible') });
    const path = `${docsPath(id)}/${doc.document_id}`;
    expectErrors(await owner.patch(path, { is_client_visible: false }), 403, [{ code: 'err_no_permission' }]);
    const other = (await t.signUp('demo')).client;
    expect((await other.patch(path, { is_client_visible: false })).statusCode).toBe(404);
    expect((await t.client().patch(path, { is_client_visible: false })).statusCode).toBe(401);
    expect((await owner.patch(`${docsPath(id)}/not-a-document`, { is_client_visible: false })).statusCode).toBe(404);
    const listed = (await owner.get(docsPath(id))).json<DocumentsResponse>().result;
    expect(listed.find((d) => d.document_id === doc.document_id)?.is_client_visible).toBe(true);
  });
});
