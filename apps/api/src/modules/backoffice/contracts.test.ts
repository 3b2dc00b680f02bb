import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { caseResponse } from '@finportal/contracts/backoffice';
import { createApplication, makeReady } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';

const t = await useTestApp();

async function pricedCase() {
  const borrower = await t.signUp('demo', { registration: { communication_language: 'pl' } });
  const id = (await createApplication(borrower.client)).applicationId;
  await makeReady(t, borrower.client, id);
  expect((await borrower.client.patch(`/user/applications/${id}/status`, { status: 'Submitted' })).statusCode).toBe(
    200,
  );
  await t.sql(`UPDATE signatories SET first_name = 'Łukasz', last_name = 'Wiśniewski' WHERE application_id = $1`, [id]);
  const staff = await loggedInStaff(t, { kind: 'bouser' });
  return { borrower, id, staff };
}

describe('the contracts of a case', () => {
  it('generates the loan contract as PDF from the application, hidden from the borrower until shown', async () => {
    const { borrower, id, staff } = await pricedCase();
    const early = await staff.client.post(`/backoffice/applications/${id}/contracts/loan_contract/generate`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ errors: [{ code: 'err_no_pricing' }] });
    expect(
      (
        await staff.client.request('PUT', `/backoffice/applications/${id}/pricing`, {
          interest_rate: 7.25,
          transaction_fee: 990,
        })
      ).statusCode,
    ).toBe(200);

    const generated = await staff.client.post(`/backoffice/applications/${id}/contracts/loan_contract/generate`);
    expect(generated.statusCode, generated.body).toBe(200);
    const contract = caseResponse
      .parse(generated.json())
      .case.documents.find((d) => d.document_type === 'loan_contract')!;
    expect(contract).toMatchObject({
      is_client_visible: false,
      virus_scan_status: 'not_infected',
      content_type: 'application/pdf',
    });
    expect(contract.document_name).toMatch(/^Loan-contract-[A-Z2-7]{8}\.pdf$/);
    const docs = (await borrower.client.get(`/user/applications/${id}/documents`)).json().result as {
      document_type: string;
    }[];
    expect(docs.map((d) => d.document_type)).not.toContain('loan_contract');

    const link = await staff.client.get(
      `/backoffice/applications/${id}/documents/${contract.document_id}/download_url`,
    );
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().download_url);
    const file = await t.app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
    expect(file.statusCode).toBe(200);
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getTitle()).toMatch(/^Umowa kredytowa [A-Z2-7]{8}$/);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);

    const shown = await staff.client.patch(`/backoffice/applications/${id}/documents/${contract.document_id}`, {
      is_client_visible: true,
    });
    expect(shown.statusCode).toBe(200);
    const visible = (await borrower.client.get(`/user/applications/${id}/documents`)).json().result as {
      document_type: string;
    }[];
    expect(visible.map((d) => d.document_type)).toContain('loan_contract');

    // The guarantee agreement names the guarantors (shareholders willing to sign); without one there is none.
    await t.sql('UPDATE signatories SET percentage_owned = 0 WHERE application_id = $1', [id]);
    const none = await staff.client.post(`/backoffice/applications/${id}/contracts/guarantor_contract/generate`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ errors: [{ code: 'err_no_signatories' }] });
    await t.sql(
      'UPDATE signatories SET percentage_owned = 60, is_contract_signatory = true WHERE application_id = $1',
      [id],
    );
    const guarantee = await staff.client.post(`/backoffice/applications/${id}/contracts/guarantor_contract/generate`);
    expect(guarantee.statusCode, guarantee.body).toBe(200);
    const types = caseResponse.parse(guarantee.json()).case.documents.map((d) => d.document_type);
    expect(types.filter((x) => x === 'guarantor_contract')).toHaveLength(1);
  });

  it('takes an uploaded PDF, and refuses what is not one', async () => {
    const { id, staff } = await pricedCase();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const up = await staff.client.request(
      'PUT',
      `/backoffice/applications/${id}/contracts/guarantor_contract?file_name=Buergschaft.pdf`,
      undefined,
      {
        rawBody: pdf.toString('latin1'),
        headers: { 'content-type': 'application/pdf' },
      },
    );
    expect(up.statusCode, up.body).toBe(200);
    const doc = caseResponse.parse(up.json()).case.documents.find((d) => d.document_type === 'guarantor_contract');
    expect(doc).toMatchObject({ document_name: 'Buergschaft.pdf', size_bytes: pdf.length, is_client_visible: false });

    const notPdf = await staff.client.request(
      'PUT',
      `/backoffice/applications/${id}/contracts/loan_contract?file_name=x.pdf`,
      undefined,
      {
        rawBody: 'MZ this is no pdf',
        headers: { 'content-type': 'application/pdf' },
      },
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toEqual({ errors: [{ code: 'err_file_content_mismatch', field: 'file' }] });
    const wrongName = await staff.client.request(
      'PUT',
      `/backoffice/applications/${id}/contracts/loan_contract?file_name=x.exe`,
      undefined,
      {
        rawBody: pdf.toString('latin1'),
        headers: { 'content-type': 'application/pdf' },
      },
    );
    expect(wrongName.statusCode).toBe(400);
    const wrongType = await staff.client.request(
      'PUT',
      `/backoffice/applications/${id}/contracts/loan_contract`,
      undefined,
      {
        rawBody: 'x',
        headers: { 'content-type': 'text/plain' },
      },
    );
    expect(wrongType.statusCode).toBe(415);
  });
});
