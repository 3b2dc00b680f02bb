import { caseCapabilities } from '@finportal/contracts/application/policies';
import { CONTRACT_MAX_BYTES } from '@finportal/contracts/backoffice';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildCase, buildDocument, buildStaffProfile } from '../../../test/factories';
import { CASE_PATH, openCase, sectionOf } from './backoffice-test-setup';

const statement = buildDocument({ document_id: 'doc-1', document_name: 'Jahresabschluss 2024.pdf' });
const bwa = buildDocument({
  document_id: 'doc-2',
  document_name: 'BWA 2023.pdf',
  document_type: 'bwa',
  is_client_visible: true,
  rejected_at: '2026-03-04T09:00:00.000Z',
  rejection_reason: 'The BWA is from 2023. Please upload the current one.',
});
const pricing = {
  interest_rate: 5.25,
  transaction_fee: 1250,
  monthly_payment: 2780.5,
  set_by: { id: 'staff-2', email: 'ben@bank.example' },
  set_at: '2026-03-05T10:00:00.000Z',
};
const contract = buildDocument({
  document_id: 'doc-9',
  document_name: 'Loan-contract-K7M2QX.pdf',
  document_type: 'loan_contract',
  is_client_visible: false,
  created_at: '2026-03-06T10:00:00.000Z',
});

const documentRow = (name: string) =>
  within(screen.getByRole('table', { name: /documents?, newest first/ }))
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name)) as HTMLElement;
const contractOf = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;
const fileInput = (article: HTMLElement) => article.querySelector('input[type="file"]') as HTMLInputElement;
const pdf = (name = 'Darlehensvertrag unterschrieben.pdf', content = '%PDF-1.7\n%%EOF\n') =>
  new File([content], name, { type: 'application/pdf' });

describe('documents and contracts of a case', () => {
  it('rejects a document with a reason after the dialog, and shows the rejection', async () => {
    const user = userEvent.setup();
    let reply: { status?: number; body: unknown } = {
      status: 409,
      body: errorBody('err_document_already_rejected'),
    };
    const { api } = await openCase(buildCase({ documents: [statement, bwa] }), {
      tab: 'documents',
      api: { [`POST ${CASE_PATH}/documents/:documentId/reject`]: () => reply },
    });
    // The rejected document says when and why, and cannot be rejected again.
    const rejectedRow = documentRow('BWA 2023.pdf');
    expect(rejectedRow).toHaveTextContent('Rejected');
    expect(rejectedRow).toHaveTextContent('on Mar 4, 2026');
    expect(rejectedRow).toHaveTextContent('The BWA is from 2023. Please upload the current one.');
    expect(within(rejectedRow).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();

    await user.click(
      within(documentRow('Jahresabschluss 2024.pdf')).getByRole('button', { name: 'Reject: Jahresabschluss 2024.pdf' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject document' });
    expect(dialog).toHaveTextContent('Annual financial statement 2024: Jahresabschluss 2024.pdf');
    const reason = within(dialog).getByLabelText(/Reason for the customer/);
    await waitFor(() => expect(reason).toHaveFocus());
    await user.type(reason, 'Bad');
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(within(dialog).getByText('Please enter at least 5 characters.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${CASE_PATH}/documents/:documentId/reject`)).toHaveLength(0);
    await user.type(reason, ': the balance sheet pages are missing.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(await within(dialog).findByRole('alert', {})).toHaveTextContent('This document has already been rejected.');
    expect(reason).toHaveValue('Bad: the balance sheet pages are missing.');

    reply = {
      body: {
        case: buildCase({
          documents: [
            {
              ...statement,
              rejected_at: '2026-03-07T09:00:00.000Z',
              rejection_reason: 'Bad: the balance sheet pages are missing.',
            },
            bwa,
          ],
        }),
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(
      await screen.findByText('The document has been rejected. The customer is asked for a new file.', {}),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The keyboard stays on the document (its "Reject" is gone).
    await waitFor(() =>
      expect(within(documentRow('Jahresabschluss 2024.pdf')).getByText('Jahresabschluss 2024.pdf')).toHaveFocus(),
    );
    const call = api.callsTo(`POST ${CASE_PATH}/documents/:documentId/reject`).at(-1)!;
    expect(call.path).toBe(`${CASE_PATH}/documents/doc-1/reject`);
    expect(call.body).toEqual({ reason: 'Bad: the balance sheet pages are missing.' });
    expect(documentRow('Jahresabschluss 2024.pdf')).toHaveTextContent('Bad: the balance sheet pages are missing.');
  });

  it('shows a document to the customer or hides it with a switch', async () => {
    const user = userEvent.setup();
    const { api } = await openCase(buildCase({ documents: [contract, statement], final_pricing: pricing }), {
      tab: 'documents',
      api: {
        [`PATCH ${CASE_PATH}/documents/:documentId`]: ({ body }) => ({
          body: {
            case: buildCase({
              final_pricing: pricing,
              documents: [
                { ...contract, is_client_visible: (body as { is_client_visible: boolean }).is_client_visible },
                statement,
              ],
            }),
          },
        }),
      },
    });
    const toggle = within(documentRow('Loan-contract-K7M2QX.pdf')).getByRole('switch', {
      name: 'Visible to the customer: Loan-contract-K7M2QX.pdf',
    });
    expect(toggle).not.toBeChecked();
    expect(documentRow('Loan-contract-K7M2QX.pdf')).toHaveTextContent('Loan contract');
    // Staff's own contracts are not rejected like the customer's documents.
    expect(
      within(documentRow('Loan-contract-K7M2QX.pdf')).queryByRole('button', { name: /Reject/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByTestId('contract-latest-loan_contract')).toHaveTextContent('hidden from the customer');
    await user.click(toggle);
    expect(await screen.findByText('Loan-contract-K7M2QX.pdf is now visible to the customer.', {})).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${CASE_PATH}/documents/:documentId`)[0]!.body).toEqual({ is_client_visible: true });
    await waitFor(() => expect(within(documentRow('Loan-contract-K7M2QX.pdf')).getByRole('switch')).toBeChecked());
    expect(screen.getByTestId('contract-latest-loan_contract')).toHaveTextContent('visible to the customer');
  });

  it('says that generating needs the final pricing, before the click', async () => {
    await openCase(buildCase({ status: 'Pricing' }), { tab: 'documents' });
    expect(screen.getByTestId('contracts-no-pricing')).toHaveTextContent(
      'Generating a contract needs the final pricing',
    );
    expect(within(contractOf('Loan contract')).getByRole('button', { name: 'Generate loan contract' })).toBeDisabled();
    expect(
      within(contractOf('Loan contract')).getByRole('button', { name: 'Upload PDF: Loan contract' }),
    ).toBeEnabled();
    expect(contractOf('Guarantee agreement')).toHaveTextContent('None yet.');
  });

  it('generates a contract, and explains a refusal beside it', async () => {
    const user = userEvent.setup();
    const { api } = await openCase(buildCase({ status: 'Pricing', final_pricing: pricing }), {
      tab: 'documents',
      api: {
        [`POST ${CASE_PATH}/contracts/:kind/generate`]: ({ path }) =>
          path.includes('guarantor_contract')
            ? { status: 409, body: errorBody('err_no_signatories') }
            : { body: { case: buildCase({ status: 'Pricing', final_pricing: pricing, documents: [contract] }) } },
      },
    });
    await user.click(
      within(contractOf('Guarantee agreement')).getByRole('button', { name: 'Generate guarantee agreement' }),
    );
    const refusal = await within(contractOf('Guarantee agreement')).findByRole('alert', {});
    expect(refusal).toHaveTextContent('Not done: Guarantee agreement');
    expect(refusal).toHaveTextContent('No one gives a guarantee: none of the representatives is a guarantor.');
    await user.click(within(contractOf('Loan contract')).getByRole('button', { name: 'Generate loan contract' }));
    expect(
      await screen.findByText('Loan contract generated. It stays hidden from the customer until you show it.', {}),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${CASE_PATH}/contracts/:kind/generate`).map((c) => c.path)).toEqual([
      `${CASE_PATH}/contracts/guarantor_contract/generate`,
      `${CASE_PATH}/contracts/loan_contract/generate`,
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('contract-latest-loan_contract')).toHaveTextContent('Latest: Loan-contract-K7M2QX.pdf'),
    );
    expect(documentRow('Loan-contract-K7M2QX.pdf')).toBeDefined();
  });

  it('checks an upload in the browser (PDF, not empty, at most 15 MB) and sends the PDF itself', async () => {
    const user = userEvent.setup({ applyAccept: false });
    let reply: { status?: number; body: unknown } = {
      status: 400,
      body: errorBody({ code: 'err_file_content_mismatch', field: 'file' }),
    };
    const { api } = await openCase(buildCase({ status: 'Signature', allowed_transitions: ['Final_Review'] }), {
      tab: 'documents',
      api: { [`PUT ${CASE_PATH}/contracts/:kind`]: () => reply },
    });
    const card = contractOf('Loan contract');
    await user.upload(fileInput(card), new File(['hello'], 'Vertrag.docx', { type: 'application/msword' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Please choose a PDF file.');
    await user.upload(fileInput(card), new File([], 'Leer.pdf', { type: 'application/pdf' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('The file is empty.');
    const huge = pdf('Riesig.pdf');
    Object.defineProperty(huge, 'size', { value: CONTRACT_MAX_BYTES + 1 });
    await user.upload(fileInput(card), huge);
    expect(within(card).getByRole('alert')).toHaveTextContent('The file is too large: at most 15 MB.');
    await user.upload(fileInput(card), pdf('Umbenannt.pdf', 'PK\u0003\u0004 a zip file'));
    expect(
      await within(card).findByText(/This file is not a PDF, even though its name says so/, {}),
    ).toBeInTheDocument();
    expect(api.callsTo(`PUT ${CASE_PATH}/contracts/:kind`)).toHaveLength(0);

    // The API's own check (content) is explained the same way.
    await user.upload(fileInput(card), pdf());
    await waitFor(() => expect(api.callsTo(`PUT ${CASE_PATH}/contracts/:kind`)).toHaveLength(1));
    expect(
      await within(card).findByText(/This file is not a PDF, even though its name says so/, {}),
    ).toBeInTheDocument();
    const call = api.callsTo(`PUT ${CASE_PATH}/contracts/:kind`)[0]!;
    expect(call.path).toBe(`${CASE_PATH}/contracts/loan_contract`);
    expect(call.query.get('file_name')).toBe('Darlehensvertrag unterschrieben.pdf');
    expect(new Headers(call.init!.headers).get('content-type')).toBe('application/pdf');
    expect(call.init!.body).toBeInstanceOf(File);
    expect((call.init!.body as File).name).toBe('Darlehensvertrag unterschrieben.pdf');

    reply = {
      body: {
        case: buildCase({
          status: 'Signature',
          documents: [
            { ...contract, document_name: 'Darlehensvertrag unterschrieben.pdf', virus_scan_status: 'scanning' },
          ],
        }),
      },
    };
    await user.upload(fileInput(card), pdf());
    expect(
      await screen.findByText('Loan contract uploaded. It stays hidden from the customer until you show it.', {}),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('contract-latest-loan_contract')).toHaveTextContent(
      'Latest: Darlehensvertrag unterschrieben.pdf',
    );
  });

  it('offers no contract work outside review and signature', async () => {
    await openCase(buildCase({ status: 'Approved', allowed_transitions: [], documents: [statement] }), {
      tab: 'documents',
    });
    expect(screen.getByTestId('contracts-closed')).toHaveTextContent(
      'Contracts are made while the case is in review or waiting for signatures.',
    );
    expect(screen.queryByRole('button', { name: /Generate/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
  });

  it('shows the documents read-only to someone without the permissions to change them', async () => {
    // The server sends the capabilities of this person's role (contracts caseCapabilities).
    await openCase(buildCase({ documents: [statement], capabilities: caseCapabilities(['cases.read'], 'Submitted') }), {
      tab: 'documents',
      staff: buildStaffProfile({ permissions: ['cases.read'] }),
    });
    expect(sectionOf('Contracts')).toHaveTextContent('You may not make or upload contracts.');
    const row = documentRow('Jahresabschluss 2024.pdf');
    expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Yes');
    expect(within(row).queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Download Jahresabschluss 2024.pdf' })).toBeInTheDocument();
  });
});
