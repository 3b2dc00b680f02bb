import { describe, expect, it } from 'vitest';
import { caseResponse } from '@finportal/contracts/backoffice';
import { dataRequestsResponse } from '@finportal/contracts/data-requests';
import type { Document } from '@finportal/contracts/documents';
import { actionsOf, createApplication, makeReady, seed } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { documentHelpers } from '../../test/documents.js';
import { useTestApp, type TestClient } from '../../test/harness.js';

const t = await useTestApp();
const docs = documentHelpers(t);

/** A demo application made ready by its owner and submitted, with a bouser working it. */
async function submittedCase() {
  const borrower = await t.signUp('demo');
  const id = (await createApplication(borrower.client)).applicationId;
  await makeReady(t, borrower.client, id);
  const submitted = await borrower.client.patch(`/user/applications/${id}/status`, { status: 'Submitted' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const staff = await loggedInStaff(t, { kind: 'bouser' });
  return { borrower, id, staff };
}

const borrowerDocuments = async (client: TestClient, id: string) =>
  (await client.get(`/user/applications/${id}/documents`)).json<{ result: Document[] }>().result;

describe('requests of the back office to the borrower', () => {
  it('a rejected document reopens its slot: a pending item with the reason, an e-mail, fulfilled by the next upload', async () => {
    const { borrower, id, staff } = await submittedCase();
    expect(await actionsOf(borrower.client, id)).toEqual({});
    const statement = (await borrowerDocuments(borrower.client, id)).find(
      (d) => d.document_type === 'annual_statement_2024',
    )!;

    const rejected = await staff.client.post(
      `/backoffice/applications/${id}/documents/${statement.document_id}/reject`,
      {
        reason: 'The pages with the balance sheet are missing.',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const detail = caseResponse.parse(rejected.json()).case;
    expect(detail.requests).toMatchObject([
      {
        kind: 'document',
        document_type: 'annual_statement_2024',
        status: 'open',
        message: 'The pages with the balance sheet are missing.',
        rejected_document_id: statement.document_id,
      },
    ]);
    expect(detail.documents.find((d) => d.document_id === statement.document_id)?.rejection_reason).toBe(
      'The pages with the balance sheet are missing.',
    );
    expect(detail.pending.pending_actions.map((a) => a.action)).toEqual(['requested_documents']);

    expect(await actionsOf(borrower.client, id)).toEqual({
      requested_documents: [{ code: 'err_document_requested', values: ['annual_statement_2024'] }],
    });
    const seen = (await borrowerDocuments(borrower.client, id)).find((d) => d.document_id === statement.document_id);
    expect(seen).toMatchObject({ rejection_reason: 'The pages with the balance sheet are missing.' });
    expect(seen?.rejected_at).toEqual(expect.any(String));
    const mail = (await t.mailbox(borrower.user.email)).find((m) => m.template === 'data_requested');
    expect(mail).toMatchObject({ template: 'data_requested' });
    expect(mail!.text_body).toContain('The pages with the balance sheet are missing.');

    const again = await staff.client.post(`/backoffice/applications/${id}/documents/${statement.document_id}/reject`, {
      reason: 'Still missing pages.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [{ code: 'err_document_already_rejected' }] });

    await docs.upload(borrower.client, id, {
      document_type: 'annual_statement_2024',
      file_name: 'Jahresabschluss komplett.pdf',
    });
    expect(await actionsOf(borrower.client, id)).toEqual({});
    const requests = dataRequestsResponse.parse(
      (await borrower.client.get(`/user/applications/${id}/requests`)).json(),
    );
    expect(requests.requests[0]).toMatchObject({ status: 'fulfilled', closed_at: expect.any(String) });
  });

  it('an information request is answered by the borrower once; strangers see nothing of it', async () => {
    const { borrower, id, staff } = await submittedCase();
    const asked = await staff.client.post(`/backoffice/applications/${id}/requests`, {
      kind: 'information',
      message: 'Who are your three largest customers?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const request = caseResponse.parse(asked.json()).case.requests[0]!;
    expect(await actionsOf(borrower.client, id)).toEqual({
      requested_information: [{ code: 'err_information_requested', values: [request.id] }],
    });

    const stranger = await t.signUp('demo');
    const path = `/user/applications/${id}/requests/${request.id}/answer`;
    expect((await stranger.client.post(path, { answer: 'nosy' })).statusCode).toBe(404);
    expect((await stranger.client.get(`/user/applications/${id}/requests`)).statusCode).toBe(404);
    const empty = await borrower.client.post(path, { answer: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject([{ code: 'err_required', field: 'answer' }]);

    const answered = await borrower.client.post(path, { answer: 'Alpha GmbH, Beta AG, Gamma KG' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'fulfilled', answer: 'Alpha GmbH, Beta AG, Gamma KG' });
    expect(await actionsOf(borrower.client, id)).toEqual({});
    expect((await borrower.client.post(path, { answer: 'again' })).json()).toEqual({
      errors: [{ code: 'err_request_closed' }],
    });
    const detail = caseResponse.parse((await staff.client.get(`/backoffice/applications/${id}`)).json()).case;
    expect(detail.requests[0]).toMatchObject({ answer: 'Alpha GmbH, Beta AG, Gamma KG', status: 'fulfilled' });
  });

  it('asks only for the application’s document types, not on a closed application; withdraws a request', async () => {
    const { borrower, id, staff } = await submittedCase();
    const unknown = await staff.client.post(`/backoffice/applications/${id}/requests`, {
      kind: 'document',
      document_type: 'passport_of_the_cat',
      message: 'Please upload it.',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: [{ code: 'err_document_type_unknown', field: 'document_type' }] });
    const noType = await staff.client.post(`/backoffice/applications/${id}/requests`, {
      kind: 'document',
      message: 'Please upload it.',
    });
    expect(noType.json()).toEqual({ errors: [{ code: 'err_required', field: 'document_type' }] });

    const asked = await staff.client.post(`/backoffice/applications/${id}/requests`, {
      kind: 'document',
      document_type: 'bwa_susa',
      message: 'Please send the current BWA.',
    });
    const request = caseResponse.parse(asked.json()).case.requests[0]!;
    expect((await actionsOf(borrower.client, id)).requested_documents).toEqual([
      { code: 'err_document_requested', values: ['bwa_susa'] },
    ]);
    const withdrawn = await staff.client.request('DELETE', `/backoffice/applications/${id}/requests/${request.id}`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await actionsOf(borrower.client, id)).toEqual({});

    await seed(t, id, { status: 'Rejected' });
    const closed = await staff.client.post(`/backoffice/applications/${id}/requests`, {
      kind: 'information',
      message: 'Anything else?',
    });
    expect(closed.statusCode).toBe(409);
  });

  it('hides a document from the borrower and shows it again', async () => {
    const { borrower, id, staff } = await submittedCase();
    const [doc] = await borrowerDocuments(borrower.client, id);
    const hidden = await staff.client.patch(`/backoffice/applications/${id}/documents/${doc!.document_id}`, {
      is_client_visible: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await borrowerDocuments(borrower.client, id)).map((d) => d.document_id)).not.toContain(doc!.document_id);
    expect(
      caseResponse.parse(hidden.json()).case.documents.find((d) => d.document_id === doc!.document_id)
        ?.is_client_visible,
    ).toBe(false);
    await staff.client.patch(`/backoffice/applications/${id}/documents/${doc!.document_id}`, {
      is_client_visible: true,
    });
    expect((await borrowerDocuments(borrower.client, id)).map((d) => d.document_id)).toContain(doc!.document_id);
  });
});
