import type { DebitorImportResponse, DebitorImportRow } from '@finportal/contracts/debitors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildDebitor, buildList, renderFactoringTab, ROUTES } from './factoring-test-setup';

const CSV = [
  'company_name;country;register_id;annual_sales;currency',
  'Beispiel Handel GmbH;DE;HRB 99887;250.000,00;EUR',
  'Beispiel Handel GmbH;DE;HRB 99887;10,00;EUR',
  'Musterbau Schmidt GmbH;DE;HRB 123456 B;90.000;EUR',
  'Ohne Umsatz KG;DE;HRA 4711;;EUR',
].join('\n');

const values = (company_name: string, register_id: string, sales: number | null) => ({
  company_name,
  country: 'DE',
  register_id,
  register_id_type: 'hr_number' as const,
  annual_sales_previous_year: sales,
  currency: 'EUR',
});

const rows = (stored: boolean): DebitorImportRow[] => [
  {
    line: 2,
    status: 'ok',
    values: values('Beispiel Handel GmbH', 'HRB 99887', 250_000),
    errors: [],
    duplicate_of: null,
    company: { match: 'new', company_id: null, company_name: 'Beispiel Handel GmbH' },
    debitor_id: stored ? 'deb-new' : null,
  },
  {
    line: 3,
    status: 'duplicate',
    values: values('Beispiel Handel GmbH', 'HRB 99887', 10),
    errors: [],
    duplicate_of: { line: 2, debitor_id: null },
    company: null,
    debitor_id: null,
  },
  {
    line: 4,
    status: 'duplicate',
    values: values('Musterbau Schmidt GmbH', 'HRB 123456 B', 90_000),
    errors: [],
    duplicate_of: { line: null, debitor_id: 'deb-1' },
    company: null,
    debitor_id: null,
  },
  {
    line: 5,
    status: 'error',
    values: values('Ohne Umsatz KG', 'HRA 4711', null),
    errors: [{ field: 'annual_sales_previous_year', code: 'err_required' }],
    duplicate_of: null,
    company: null,
    debitor_id: null,
  },
];

const answer = (confirm: boolean): DebitorImportResponse => ({
  separator: ';',
  rows: rows(confirm),
  summary: { ok: 1, duplicate: 2, error: 1 },
  stored: confirm ? 1 : 0,
  max_debitors: 5,
});

async function openImport(api: Record<string, MockRoute> = {}) {
  const rendered = await renderFactoringTab({ list: buildList([buildDebitor()]), api });
  await rendered.user.click(screen.getByRole('button', { name: 'Import from CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import debtors from a CSV file' });
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...rendered, dialog, input };
}

describe('the CSV import of debtors', () => {
  it('explains the columns and offers an example file', async () => {
    const { dialog } = await openImport();
    expect(within(dialog).getByText('register_id')).toBeInTheDocument();
    const example = within(dialog).getByRole('link', { name: 'Download an example file' });
    expect(example).toHaveAttribute('download', 'debtors-example.csv');
    expect(decodeURIComponent(example.getAttribute('href')!)).toContain(
      'company_name,country,register_id,annual_sales,currency',
    );
  });

  it('previews the rows (a duplicate, an error) without storing anything, and imports only when asked', async () => {
    const { user, api, dialog, input } = await openImport({
      [ROUTES.import]: ({ body }) => ({ body: answer((body as { confirm: boolean }).confirm) }),
    });
    await user.upload(input, new File([CSV], 'debitoren.csv', { type: 'text/csv' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview of the file' });
    expect(
      within(dialog).getByText(
        /4 rows: 1 ready to import, 2 duplicates, 1 with errors\. Nothing has been stored yet\./,
      ),
    ).toBeInTheDocument();
    const line = (n: number) =>
      within(preview)
        .getByRole('cell', { name: String(n) })
        .closest('tr')!;
    expect(line(2)).toHaveTextContent('Beispiel Handel GmbHGermanyHRB 99887Commercial register number€250,000EURReady');
    expect(line(2)).toHaveTextContent('New company: Beispiel Handel GmbH');
    expect(line(3)).toHaveTextContent('DuplicateSame company as line 2.');
    expect(line(4)).toHaveTextContent('DuplicateAlready one of your debtors (Musterbau Schmidt GmbH).');
    expect(line(5)).toHaveTextContent('ErrorSales last year: This field is required.');
    expect(api.callsTo(ROUTES.import)).toHaveLength(1);
    expect(api.callsTo(ROUTES.import)[0]!.body).toEqual({ content: CSV, confirm: false });

    await user.click(within(dialog).getByRole('button', { name: 'Import 1 debtor' }));
    expect(await screen.findByText('1 debtor has been imported.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.import)[1]!.body).toEqual({ content: CSV, confirm: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reads a file Excel wrote in Windows-1252 (umlauts) and shows what the server could not read', async () => {
    const { user, api, dialog, input } = await openImport({
      [ROUTES.import]: {
        status: 400,
        body: errorBody({ code: 'err_csv_columns_missing', field: 'content', values: { columns: 'currency' } }),
      },
    });
    // "Müller" in Windows-1252: ü is one byte (0xFC), which is no UTF-8.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('company_name;country\nM'),
      0xfc,
      ...new TextEncoder().encode('ller;DE\n'),
    ]);
    await user.upload(input, new File([bytes], 'alt.csv', { type: 'text/csv' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('These columns are missing in the file: currency.');
    expect((api.callsTo(ROUTES.import)[0]!.body as { content: string }).content).toContain('Müller;DE');
    expect(within(dialog).queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });
});
