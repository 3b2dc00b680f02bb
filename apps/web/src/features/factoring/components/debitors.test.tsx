import { COVER_STATUSES, type CoverStatus } from '@finportal/contracts/debitor-rules';
import type { Debitor } from '@finportal/contracts/debitors';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { COVER_POLL_MS } from '../api/get-debitors';
import {
  buildDebitor,
  buildDetails,
  buildHit,
  buildList,
  INSURER,
  renderFactoringTab,
  ROUTES,
} from './factoring-test-setup';

const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
const hits = (found: object[]) => ({ body: { our_companies: found, external_provider_companies: [] } });
const created = (body: unknown, id = 'c0a80101-0000-4000-8000-0000000000aa') => ({
  status: 201,
  body: { company_id: id, company_name: (body as { companyName: string }).companyName, company_country: 'DE' },
});
const addedDebitor = ({ body }: { body: unknown }) => ({
  status: 201,
  body: buildDebitor({ debitor_id: 'deb-new', ...(body as object) }),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the debtors table', () => {
  it('lists each debtor with its country, sales and cover, and the concentration of the receivables', async () => {
    const list = buildList([
      buildDebitor({
        debitor_id: 'd-1',
        company: { company_id: 'c1', company_name: 'Großkunde AG', company_country: 'AT' },
        annual_sales_previous_year: 750_000,
      }),
      buildDebitor({
        debitor_id: 'd-2',
        annual_sales_previous_year: 250_000,
        external_provider_company: null,
        can_request_cover: false,
      }),
      buildDebitor({
        debitor_id: 'd-3',
        company: { company_id: 'c3', company_name: 'Zürich Handel AG', company_country: 'CH' },
        currency: 'CHF',
        annual_sales_previous_year: 90_000,
      }),
    ]);
    await renderFactoringTab({ list });
    expect(row('Großkunde AG')).toHaveTextContent('Austria');
    expect(row('Großkunde AG')).toHaveTextContent('€750,000');
    expect(row('Zürich Handel AG')).toHaveTextContent('CHF 90,000');
    expect(within(row('Großkunde AG')).getByRole('button', { name: 'Request cover for Großkunde AG' })).toBeEnabled();
    expect(row('Musterbau Schmidt GmbH')).toHaveTextContent(
      'Not requestedCover can be requested only for companies known to the credit insurer.',
    );
    const figure = screen.getByRole('region', { name: 'Concentration of your receivables' });
    expect(figure).toHaveTextContent(
      'Großkunde AG is your largest debtor: 75.00% of the listed sales (€750,000 of €1,000,000, 2 debtors counted).',
    );
    expect(figure).toHaveTextContent('1 debtor with sales in another currency than EUR is not counted.');
  });

  it('links the company name to the company page when the partner asks for it, plain text otherwise', async () => {
    const debitor = buildDebitor();
    const rendered = await renderFactoringTab({ list: buildList([debitor], { company_link: true }) });
    expect(within(row('Musterbau Schmidt GmbH')).getByRole('link', { name: 'Musterbau Schmidt GmbH' })).toHaveAttribute(
      'href',
      `/dashboard/companies/${debitor.company.company_id}`,
    );
    rendered.unmount();
    await renderFactoringTab({ list: buildList([debitor], { company_link: false }) });
    expect(within(row('Musterbau Schmidt GmbH')).queryByRole('link')).not.toBeInTheDocument();
    expect(row('Musterbau Schmidt GmbH')).toHaveTextContent('Musterbau Schmidt GmbH');
  });

  it('shows every cover status of the insurer with its own text, the amount and its currency', async () => {
    const texts: Record<CoverStatus, RegExp> = {
      Pending: /^PendingThe credit insurer is checking the request/,
      Cover: /^CoveredThe credit insurer covers the amount requested\.Covered: €100,000/,
      Partial: /^Partly coveredThe credit insurer covers part of the amount requested\.Covered: CHF 40,000/,
      NoCover: /^No coverThe credit insurer does not cover this debtor\.Covered: €0/,
      CheckPolicy: /^Policy checkThe credit insurance policy must be checked first/,
      Rejected: /^RejectedThe credit insurer has rejected the request\./,
      Error: /^ErrorThe request could not be completed\. You can request cover again\.Request again/,
      Closed: /^ClosedThe cover has ended\./,
      Inactive: /^InactiveThe cover is not active\./,
    };
    const amounts: Partial<Record<CoverStatus, [number, string]>> = {
      Cover: [100_000, 'EUR'],
      Partial: [40_000, 'CHF'],
      NoCover: [0, 'EUR'],
    };
    const debitors = COVER_STATUSES.map((status, index) =>
      buildDebitor({
        debitor_id: `d-${index}`,
        company: { company_id: `c-${index}`, company_name: `Debtor ${status}`, company_country: 'DE' },
        insurance_cover: {
          cover_status: status,
          cover_amount: amounts[status]?.[0] ?? null,
          cover_currency: amounts[status]?.[1] ?? null,
          provider_data: status === 'Cover' ? { decision_id: 'DEMO-COVER-1' } : null,
        },
        can_request_cover: status === 'Error',
      }),
    );
    await renderFactoringTab({ list: buildList(debitors, { max_debitors: 10 }) });
    for (const status of COVER_STATUSES) {
      const cell = row(`^Debtor ${status} `).querySelectorAll('td')[1]!;
      expect(cell, status).toHaveTextContent(texts[status]);
    }
    expect(row('^Debtor Cover ')).toHaveTextContent("Insurer's decision no. DEMO-COVER-1");
    expect(screen.getByRole('button', { name: 'Request cover for Debtor Error again' })).toBeInTheDocument();
  });

  it('requests cover: Pending at once, then polled until the insurer’s answer arrives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let cover: Debitor['insurance_cover'] = null;
    let polls = 0;
    const current = () => buildDebitor({ insurance_cover: cover, can_request_cover: cover === null });
    const { user, api } = await renderFactoringTab({
      list: buildList([current()]),
      api: {
        [ROUTES.list]: () => {
          if (cover?.cover_status === 'Pending' && ++polls > 1) {
            cover = { cover_status: 'Cover', cover_amount: 250_000, cover_currency: 'EUR', provider_data: null };
          }
          return { body: buildList([current()]) };
        },
        [ROUTES.cover]: () => {
          cover = { cover_status: 'Pending', cover_amount: null, cover_currency: null, provider_data: null };
          return { status: 202, body: current() };
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Request cover for Musterbau Schmidt GmbH' }));
    expect(
      await screen.findByText('Cover for Musterbau Schmidt GmbH has been requested from the credit insurer.'),
    ).toBeInTheDocument();
    expect(row('Musterbau Schmidt GmbH')).toHaveTextContent(/Pending/);
    expect(api.callsTo(ROUTES.cover)[0]!.body).toEqual({});
    await act(() => vi.advanceTimersByTimeAsync(COVER_POLL_MS + 100));
    await waitFor(() => expect(row('Musterbau Schmidt GmbH')).toHaveTextContent('CoveredThe credit insurer covers'));
    expect(row('Musterbau Schmidt GmbH')).toHaveTextContent('Covered: €250,000');
    expect(screen.getByText("Credit insurer's answer for Musterbau Schmidt GmbH: Covered.")).toBeInTheDocument();
    // Decided: no more polling.
    const calls = api.callsTo(ROUTES.list).length;
    await act(() => vi.advanceTimersByTimeAsync(COVER_POLL_MS * 3));
    expect(api.callsTo(ROUTES.list)).toHaveLength(calls);
  });

  it('at the maximum: adding and importing are disabled and name the maximum', async () => {
    const debitors = [1, 2, 3, 4, 5].map((n) =>
      buildDebitor({
        debitor_id: `d-${n}`,
        company: { company_id: `c-${n}`, company_name: `Debtor ${n}`, company_country: 'DE' },
      }),
    );
    await renderFactoringTab({ list: buildList(debitors) });
    const message = 'You have added the maximum of 5 debtors. To add another, delete one first.';
    expect(screen.getByRole('button', { name: 'Add debtor' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add debtor' })).toHaveAccessibleDescription(message);
    expect(screen.getByRole('button', { name: 'Import from CSV' })).toBeDisabled();
  });

  it('read-only: no actions, and it says why', async () => {
    await renderFactoringTab({
      details: buildDetails({}, { is_editable: false }),
      list: buildList([buildDebitor({ can_request_cover: false })], { is_editable: false }),
    });
    expect(screen.getByText('The debtors you have listed.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Add debtor|Import|Edit|Delete|Request cover/ }),
    ).not.toBeInTheDocument();
    expect(row('Musterbau Schmidt GmbH')).toHaveTextContent('Not requested');
  });

  it('edits a debtor’s sales and currency with PATCH', async () => {
    const { user, api } = await renderFactoringTab({
      list: buildList([buildDebitor()]),
      api: { [ROUTES.update]: ({ body }) => ({ body: buildDebitor(body as object) }) },
    });
    await user.click(screen.getByRole('button', { name: 'Edit debtor Musterbau Schmidt GmbH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit debtor Musterbau Schmidt GmbH' });
    const sales = within(dialog).getByRole('textbox', { name: /^Sales with this debtor last year/ });
    expect(sales).toHaveValue('250,000');
    await user.clear(sales);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.update)).toHaveLength(0);
    await user.type(sales, '300,000');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Currency' }), 'CHF');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The debtor has been saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')!.path).toBe('/user/applications/app-1/factoring/debitors/deb-1');
    expect(api.callsTo(ROUTES.update)[0]!.body).toEqual({ annual_sales_previous_year: 300_000, currency: 'CHF' });
  });

  it('deletes a debtor after confirmation', async () => {
    const { user, api } = await renderFactoringTab({
      list: buildList([buildDebitor()]),
      api: { [ROUTES.remove]: { status: 204 } },
    });
    await user.click(screen.getByRole('button', { name: 'Delete debtor Musterbau Schmidt GmbH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete debtor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The debtor has been deleted.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.remove)).toHaveLength(1);
  });
});

describe('adding a debtor', () => {
  it('finds one of our companies by name and adds it with its sales', async () => {
    const hit = buildHit({
      id: 'c0a80101-0000-4000-8000-0000000000b1',
      name: 'Beispiel Handel GmbH',
      isInternal: true,
      external_provider_name: null,
    });
    const { user, api } = await renderFactoringTab({
      api: { [ROUTES.search]: hits([hit]), [ROUTES.add]: addedDebitor },
    });
    await user.click(screen.getByRole('button', { name: 'Add debtor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add debtor' });
    await user.click(within(dialog).getByRole('button', { name: 'Add debtor' }));
    expect(within(dialog).getByText(/Please choose a company from the search or add a new one/)).toBeInTheDocument();
    expect(api.callsTo(ROUTES.add)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Company name/ }), 'Beispiel');
    await user.click(await within(dialog).findByRole('button', { name: /Beispiel Handel GmbH/ }));
    expect(within(dialog).getByText('Selected: Beispiel Handel GmbH')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo(ROUTES.search)[0]!.query)).toEqual({
      purpose: 'company_cover',
      country: 'DE',
      page_size: '100',
      name: 'Beispiel',
    });
    await user.type(within(dialog).getByRole('textbox', { name: /^Sales with this debtor last year/ }), '120,000');
    await user.click(within(dialog).getByRole('button', { name: 'Add debtor' }));
    expect(await screen.findByText('The debtor has been added.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.companies)).toHaveLength(0);
    expect(api.callsTo(ROUTES.add)[0]!.body).toEqual({
      company_id: hit.id,
      annual_sales_previous_year: 120_000,
      currency: 'EUR',
    });
  });

  it('finds a company of the credit insurer by its register number: the company is made from the insurer’s entry first', async () => {
    const hit = buildHit({
      id: 'DCI-DE-000001',
      name: 'Musterbau Schmidt GmbH',
      external_provider_company_id: 'DCI-DE-000001',
      external_provider_name: INSURER,
    });
    const { user, api } = await renderFactoringTab({
      api: {
        [ROUTES.search]: { body: { our_companies: [], external_provider_companies: [hit] } },
        [ROUTES.companies]: ({ body }) => created(body, 'c0a80101-0000-4000-8000-0000000000c1'),
        [ROUTES.add]: addedDebitor,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add debtor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add debtor' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Search by' }), 'Commercial register number');
    await user.type(within(dialog).getByRole('textbox', { name: 'Commercial register number' }), 'HRB 123456 B');
    await user.click(await within(dialog).findByRole('button', { name: /Musterbau Schmidt GmbH/ }));
    expect(within(dialog).getByText(/The credit insurer knows this company/)).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo(ROUTES.search)[0]!.query)).toMatchObject({
      company_country_id_type: 'hr_number',
      company_country_id: 'HRB 123456 B',
    });
    await user.type(within(dialog).getByRole('textbox', { name: /^Sales with this debtor last year/ }), '250000');
    await user.click(within(dialog).getByRole('button', { name: 'Add debtor' }));
    expect(await screen.findByText('The debtor has been added.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.companies)[0]!.body).toEqual({
      address_country: 'DE',
      companyName: 'Musterbau Schmidt GmbH',
      companyType: 'GMBH',
      external_provider_company_id: 'DCI-DE-000001',
      external_provider_name: INSURER,
      searchType: 'hr_number',
      searchValue: 'HRB 123456 B',
    });
    expect(api.callsTo(ROUTES.add)[0]!.body).toMatchObject({ company_id: 'c0a80101-0000-4000-8000-0000000000c1' });
  });

  it('creates a company the search does not find; a company we know already is offered instead', async () => {
    let tries = 0;
    const known = 'c0a80101-0000-4000-8000-0000000000d1';
    const { user, api } = await renderFactoringTab({
      api: {
        [ROUTES.search]: hits([]),
        [ROUTES.companies]: ({ body }) =>
          ++tries === 1
            ? created(body)
            : { status: 409, body: errorBody({ code: 'err_company_exists', values: { company_id: known } }) },
        [ROUTES.add]: ({ body }) =>
          (body as { company_id: string }).company_id === known
            ? addedDebitor({ body })
            : { status: 409, body: errorBody({ code: 'err_factoring_debitors_max', values: { max: 5 } }) },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add debtor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add debtor' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Company name/ }), 'Nirgends Handel');
    expect(await within(dialog).findByText(/No company found/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enter the company yourself' }));
    expect(within(dialog).getByRole('textbox', { name: 'Company name' })).toHaveValue('Nirgends Handel');
    await user.type(within(dialog).getByRole('textbox', { name: 'Postcode (optional)' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Add debtor' }));
    expect(within(dialog).getByRole('combobox', { name: 'Legal form' })).toHaveFocus();
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(2);
    expect(api.callsTo(ROUTES.companies)).toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Legal form' }), 'GmbH');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Postcode (optional)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Sales with this debtor last year/ }), '50,000');
    // The company is created, the debtor refused (the maximum was reached meanwhile): the form stays.
    await user.click(within(dialog).getByRole('button', { name: 'Add debtor' }));
    expect(await screen.findByText('You can list at most 5 debtors: your largest ones.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.companies)[0]!.body).toMatchObject({
      companyName: 'Nirgends Handel',
      companyType: 'GMBH',
      address_country: 'DE',
      address_post_code: null,
      searchType: 'name',
      searchValue: 'Nirgends Handel',
    });
    // A changed company is a new one; the server knows it: it offers the known one.
    await user.type(within(dialog).getByRole('textbox', { name: 'Company name' }), ' GmbH');
    await user.click(within(dialog).getByRole('button', { name: 'Add debtor' }));
    const offer = await within(dialog).findByRole('alert', { name: 'This company is already known' });
    await user.click(within(offer).getByRole('button', { name: 'Add the known company' }));
    expect(await screen.findByText('The debtor has been added.')).toBeInTheDocument();
    expect(api.callsTo(ROUTES.add).at(-1)!.body).toEqual({
      company_id: known,
      annual_sales_previous_year: 50_000,
      currency: 'EUR',
    });
  });
});
