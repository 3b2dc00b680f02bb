import { documentTypeConfig, resolveDocumentCategories, type Document } from '@finportal/contracts/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildApplication } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { DocumentsTab } from './documents-tab';

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/documents`;
const POST = `POST /user/applications/${ID}/documents`;
const DELETE = `DELETE /user/applications/${ID}/documents/:documentId`;

const categories = resolveDocumentCategories(
  [
    {
      name: 'financials',
      document_types: [
        documentTypeConfig.parse({ document_type: 'annual_statement_2024', is_required: true, weight: 1 }),
        documentTypeConfig.parse({ document_type: 'bank_statement', weight: 2 }),
      ],
    },
  ],
  ['pdf', 'jpg', 'png'],
);

const stored = (overrides: Partial<Document> = {}): Document => ({
  document_id: 'doc-1',
  document_name: 'Jahresabschluss 2024.pdf',
  document_type: 'annual_statement_2024',
  as_of_date: null,
  entity_kind: 'application',
  entity_id: ID,
  is_client_visible: true,
  upload_status: 'success',
  virus_scan_status: 'not_infected',
  content_type: 'application/pdf',
  size_bytes: 832_000,
  created_at: '2026-06-01T10:00:00.000Z',
  ...overrides,
});

async function renderTab(documents: Document[], application: Parameters<typeof buildApplication>[0] = {}) {
  const user = userEvent.setup();
  const rendered = await renderComponent(
    <DocumentsTab
      application={buildApplication({
        applicationId: ID,
        document_configurations: { document_categories: categories },
        ...application,
      })}
    />,
    { api: { [LIST]: { body: { result: documents } }, [DELETE]: { status: 204 } } },
  );
  await screen.findByRole('heading', { level: 2, name: 'Documents' });
  return { user, ...rendered };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('the Documents tab', () => {
  it('shows each type with its marks and rules before a file is picked, in weight order', async () => {
    await renderTab([]);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Financial documents', 'Annual financial statement 2024', 'Bank statement']);
    const annual = card('Annual financial statement 2024');
    expect(annual).toHaveTextContent('Required');
    expect(annual).toHaveTextContent('Accepted: PDF, JPG, PNG · up to 20 MB');
    const bank = card('Bank statement');
    expect(bank).toHaveTextContent('Document date required');
    expect(bank).toHaveTextContent('not older than 90 days');
    expect(within(bank).getByText('Please enter the date of the document first.')).toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: 'Choose files for Bank statement' })).toBeDisabled();
  });

  it('refuses a file type the document does not take, saying which ones it does; nothing is sent', async () => {
    const { api } = await renderTab([]);
    const annual = card('Annual financial statement 2024');
    const input = annual.querySelector('input[type="file"]') as HTMLInputElement;
    // As a drop would: the file as it is, whatever the picker's filter.
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(
      await within(annual).findByText(
        'setup.exe was not uploaded: This file type is not accepted here. Allowed: PDF, JPG, PNG.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(POST)).toHaveLength(0);
  });

  it('lists the files with their check, and deletes one after confirmation', async () => {
    const { user, api } = await renderTab([
      stored(),
      stored({ document_id: 'doc-2', document_name: 'old.pdf', virus_scan_status: 'infected' }),
    ]);
    const files = screen.getByRole('list', { name: 'Files for Annual financial statement 2024' });
    expect(within(files).getByText('Checked: clean')).toBeInTheDocument();
    expect(within(files).getByText('Infected: removed')).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'Download Jahresabschluss 2024.pdf' })).toBeInTheDocument();
    expect(within(files).queryByRole('button', { name: 'Download old.pdf' })).not.toBeInTheDocument();

    await user.click(within(files).getByRole('button', { name: 'Delete Jahresabschluss 2024.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The file has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(DELETE)).toHaveLength(1));
  });

  it('after submission: files can be viewed, not deleted; uploads stay possible', async () => {
    await renderTab([stored()], { status: 'Submitted' });
    const files = screen.getByRole('list', { name: 'Files for Annual financial statement 2024' });
    expect(within(files).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose files for Annual financial statement 2024' })).toBeEnabled();
  });

  it('a closed application: nothing to upload, a plain explanation', async () => {
    await renderTab([stored()], { status: 'Rejected' });
    expect(screen.getByText('You can view and download the documents of this application here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Choose files/ })).not.toBeInTheDocument();
  });
});
