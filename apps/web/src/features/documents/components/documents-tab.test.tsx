import type { DataRequest } from '@finportal/contracts/data-requests';
import { documentConfigurationsOf, documentTypeConfig, type Document } from '@finportal/contracts/documents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildApplication, buildDataRequest, buildDocument } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { DocumentsTab } from './documents-tab';

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/documents`;
const POST = `POST /user/applications/${ID}/documents`;
const DELETE = `DELETE /user/applications/${ID}/documents/:documentId`;
const BASE_YEAR = `PATCH /user/applications/${ID}/annual_statement_base_year`;
const REQUESTS = `GET /user/applications/${ID}/requests`;

const configurations = documentConfigurationsOf(
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
  null,
);

const stored = (overrides: Partial<Document> = {}): Document => buildDocument({ entity_id: ID, ...overrides });

async function renderTab(
  documents: Document[],
  application: Parameters<typeof buildApplication>[0] = {},
  requests: DataRequest[] = [],
) {
  const user = userEvent.setup();
  const rendered = await renderComponent(
    <DocumentsTab
      application={buildApplication({
        applicationId: ID,
        document_configurations: configurations,
        ...application,
      })}
    />,
    {
      api: {
        [LIST]: { body: { result: documents } },
        [REQUESTS]: { body: { requests } },
        [DELETE]: { status: 204 },
        [BASE_YEAR]: ({ body }) => ({
          body: {
            document_configurations: documentConfigurationsOf([], [], null),
            removed_document_ids: (body as { base_year: number }).base_year === 2023 ? ['doc-1'] : [],
          },
        }),
      },
    },
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

  it('the base-year switch names the files it deletes and asks first; cancelling keeps everything', async () => {
    const { user, api } = await renderTab([
      stored(),
      stored({ document_id: 'doc-3', document_type: 'bank_statement', document_name: 'konto.pdf' }),
    ]);
    const select = screen.getByRole('combobox', { name: 'Base year of the annual statements' });
    expect(select).toHaveValue('2024');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2024', '2023', '2022', '2021', '2020']);

    await user.selectOptions(select, '2023');
    let dialog = await screen.findByRole('dialog', { name: 'Switch the base year to 2023?' });
    expect(dialog).toHaveTextContent('This file of a year no longer asked for will be deleted:');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Jahresabschluss 2024.pdf');
    expect(dialog).not.toHaveTextContent('konto.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the current year' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(BASE_YEAR)).toHaveLength(0);

    await user.selectOptions(select, '2023');
    dialog = await screen.findByRole('dialog', { name: 'Switch the base year to 2023?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch to 2023 and delete' }));
    await waitFor(() => expect(api.callsTo(BASE_YEAR)).toHaveLength(1));
    expect(api.callsTo(BASE_YEAR)[0]!.body).toEqual({ base_year: 2023 });
  });

  it('the base-year switch without files to delete is immediate', async () => {
    const { user, api } = await renderTab([]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Base year of the annual statements' }), '2022');
    await waitFor(() => expect(api.callsTo(BASE_YEAR)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('after submission the base year is shown, not changeable', async () => {
    await renderTab([stored()], { status: 'Submitted' });
    const select = screen.getByRole('combobox', { name: 'Base year of the annual statements' });
    expect(select).toBeDisabled();
    expect(screen.getByText('The base year can only be changed while the application is open.')).toBeInTheDocument();
  });

  describe('what the back office asks for (issue 13)', () => {
    const REASON = 'The pages with the balance sheet are missing. Please upload a complete copy.';
    const rejected = stored({ rejected_at: '2026-06-03T08:00:00.000Z', rejection_reason: REASON });
    const reopened = buildDataRequest({
      id: 'req-rejected',
      kind: 'document',
      document_type: 'annual_statement_2024',
      message: REASON,
      rejected_document_id: 'doc-1',
      created_at: '2026-06-03T08:00:00.000Z',
    });

    it('a rejected file says so with the reason, no longer counts, and its type takes a new file', async () => {
      await renderTab([rejected], { status: 'Submitted' }, [reopened]);
      const annual = card('Annual financial statement 2024');
      expect(within(annual).getByText('New file needed')).toBeInTheDocument();
      const files = within(annual).getByRole('list', { name: 'Files for Annual financial statement 2024' });
      expect(within(files).getByText('Rejected')).toBeInTheDocument();
      expect(within(files).getByText(`Rejected on 03.06.2026: ${REASON}`)).toBeInTheDocument();
      expect(within(files).queryByText('Checked: clean')).not.toBeInTheDocument();
      // The reason is said once, beside the file (the request it opened repeats it).
      expect(within(annual).getAllByText(REASON, { exact: false })).toHaveLength(1);
      expect(
        within(annual).getByRole('button', { name: 'Choose files for Annual financial statement 2024' }),
      ).toBeEnabled();
      // The tab lists what is awaited, each type linking to its card.
      const awaited = screen.getByRole('note', { name: 'Your advisor is waiting for documents' });
      expect(within(awaited).getByRole('link', { name: 'Annual financial statement 2024' })).toHaveAttribute(
        'href',
        '#document-type-annual_statement_2024',
      );
      expect(annual).toHaveAttribute('id', 'document-type-annual_statement_2024');
      expect(card('Bank statement')).not.toHaveTextContent('New file needed');
    });

    it('a rejected file without a replacement needs a new file even when the requests cannot be loaded', async () => {
      await renderComponent(
        <DocumentsTab application={buildApplication({ applicationId: ID, document_configurations: configurations })} />,
        { api: { [LIST]: { body: { result: [rejected] } }, [REQUESTS]: { status: 500, body: {} } } },
      );
      const annual = await screen.findByRole('region', { name: 'Annual financial statement 2024' });
      expect(await within(annual).findByText(`Rejected on 03.06.2026: ${REASON}`)).toBeInTheDocument();
      expect(within(annual).getByText('New file needed')).toBeInTheDocument();
    });

    it('once a new file has arrived, the type is complete again; the rejected file keeps its reason', async () => {
      await renderTab(
        [stored({ document_id: 'doc-2', document_name: 'Jahresabschluss 2024 komplett.pdf' }), rejected],
        {},
        [{ ...reopened, status: 'fulfilled', closed_at: '2026-06-04T08:00:00.000Z' }],
      );
      const annual = card('Annual financial statement 2024');
      expect(within(annual).queryByText('New file needed')).not.toBeInTheDocument();
      expect(within(annual).getByText(`Rejected on 03.06.2026: ${REASON}`)).toBeInTheDocument();
      expect(within(annual).getByText('Checked: clean')).toBeInTheDocument();
      expect(screen.queryByRole('note', { name: 'Your advisor is waiting for documents' })).not.toBeInTheDocument();
    });

    it('a requested type shows the advisor’s message, even with no file rejected', async () => {
      await renderTab([], {}, [
        buildDataRequest({
          kind: 'document',
          document_type: 'bank_statement',
          message: 'Please send the statements of the last three months.',
        }),
      ]);
      const bank = card('Bank statement');
      const note = within(bank).getByRole('note', { name: 'Requested by your advisor on 02.06.2026' });
      expect(note).toHaveTextContent('Please send the statements of the last three months.');
      expect(within(bank).getByText('Requested')).toBeInTheDocument();
      expect(bank).not.toHaveTextContent('New file needed');
      expect(card('Annual financial statement 2024')).not.toHaveTextContent('Requested');
    });
  });
});
