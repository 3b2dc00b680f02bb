import type { QueueItem, QueueResponse } from '@finportal/contracts/backoffice';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, type MockRequest } from '../../../test/api-mock';
import { buildCase, buildQueueItem, buildStaffProfile } from '../../../test/factories';
import { buildColleague, findTitle, renderBackoffice } from './backoffice-test-setup';

const queueOf = (items: QueueItem[], total = items.length, more: Partial<QueueResponse> = {}) => ({
  body: {
    items,
    total,
    total_exact: true,
    has_more: false,
    next_cursor: null,
    prev_cursor: null,
    ...more,
  } satisfies QueueResponse,
});

async function openQueue(path = '/backoffice', options: Parameters<typeof renderBackoffice>[1] = {}) {
  const rendered = await renderBackoffice(path, options);
  await findTitle('Queue');
  return rendered;
}

/** The query of the last queue call. */
const lastQuery = (calls: MockRequest[]) => Object.fromEntries(calls.at(-1)!.query.entries());

describe('back-office queue', () => {
  it('shows each case with id, company, partner, product, amount, status, time in status and assignee', async () => {
    await openQueue('/backoffice', {
      api: {
        'GET /backoffice/applications': queueOf([
          buildQueueItem(),
          buildQueueItem({
            id: 'c2',
            short_id: 'P9RT4A',
            partner_id: 'nordbank',
            status: 'Pricing',
            assignee: { id: 'staff-1', email: 'clara.kredit@bank.example' },
          }),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: '2 cases' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'K7M2QX' })).toHaveAttribute(
      'href',
      '/backoffice/applications/3f7c1a52-8d4e-4a7b-9a61-0c2d5e6f7a81',
    );
    for (const text of ['Muster Maschinenbau GmbH', 'Demo Finanz', 'General liquidity', '€120,000', '3 days'])
      expect(within(first!).getByText(text)).toBeInTheDocument();
    const tag = within(first!).getByText('Submitted');
    expect(tag.closest('[data-status-colour]')).toHaveAttribute('data-status-colour', 'processing');
    expect(within(first!).getByText('Unassigned')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Assign to me: K7M2QX' })).toBeInTheDocument();
    expect(within(second!).getByText('Nordbank')).toBeInTheDocument();
    expect(within(second!).getByText('You')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /to me/ })).not.toBeInTheDocument();
  });

  it('keeps the filters in the address and sends them to the API', async () => {
    const user = userEvent.setup();
    const { api, location } = await openQueue();
    await user.selectOptions(screen.getByLabelText('Stage'), 'In review');
    await user.selectOptions(screen.getByLabelText('Status'), 'Pricing');
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'Me');
    await user.selectOptions(screen.getByLabelText('In status for at least'), '7 days');
    await user.selectOptions(screen.getByLabelText('Partner'), 'Nordbank');
    await user.selectOptions(screen.getByLabelText('Product'), 'Factoring');
    expect(location.current!.search).toBe(
      '?group=in_review&status=Pricing&partner=nordbank&product=factoring&assignee=me&min_age_days=7',
    );
    await waitFor(() =>
      expect(lastQuery(api.callsTo('GET /backoffice/applications'))).toEqual({
        group: 'in_review',
        status: 'Pricing',
        partner: 'nordbank',
        product: 'factoring',
        assignee: 'me',
        min_age_days: '7',
        sort: '-status_since',
        page: '1',
        page_size: '25',
      }),
    );
    // A status of another stage is dropped with the stage.
    await user.selectOptions(screen.getByLabelText('Stage'), 'Paid out');
    expect(new URLSearchParams(location.current!.search).get('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(location.current!.search).toBe('');
  });

  it('reads the filters of the address (a reload keeps them) and searches once typing pauses', async () => {
    const user = userEvent.setup();
    const { api, location } = await openQueue('/backoffice?assignee=none&sort=-amount&page=2');
    expect(screen.getByLabelText('Assigned to')).toHaveValue('none');
    expect(lastQuery(api.callsTo('GET /backoffice/applications'))).toMatchObject({
      assignee: 'none',
      sort: '-amount',
      page: '2',
    });
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'K7M2');
    await waitFor(() => expect(new URLSearchParams(location.current!.search).get('q')).toBe('K7M2'));
    // One request for the whole word, and a new search starts at page 1.
    const searched = api.callsTo('GET /backoffice/applications').filter((c) => c.query.get('q'));
    expect(searched.map((c) => c.query.get('q'))).toEqual(['K7M2']);
    expect(searched[0]!.query.get('page')).toBe('1');
  });

  it('sorts by a column header and says so (aria-sort)', async () => {
    const user = userEvent.setup();
    const { api, location } = await openQueue();
    const amount = await screen.findByRole('columnheader', { name: /Amount/ });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /In status for/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(amount).getByRole('button'));
    expect(location.current!.search).toBe('?sort=amount');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    // From the keyboard too: the header's sort is a button.
    within(screen.getByRole('columnheader', { name: /Amount/ }))
      .getByRole('button')
      .focus();
    await user.keyboard('{Enter}');
    expect(location.current!.search).toBe('?sort=-amount');
    await waitFor(() => expect(lastQuery(api.callsTo('GET /backoffice/applications')).sort).toBe('-amount'));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages through the queue by the answers’ cursors, with the total shown', async () => {
    const user = userEvent.setup();
    const pageOf = (page: number) =>
      Array.from({ length: page < 3 ? 25 : 10 }, (_, i) =>
        buildQueueItem({ id: `p${page}-${i}`, short_id: `PAGE${page}X${i}` }),
      );
    const { api, location } = await openQueue('/backoffice', {
      api: {
        'GET /backoffice/applications': (request) => {
          const page =
            request.query.get('after') === 'after-1' ? 2 : request.query.get('before') === 'before-3' ? 2 : 1;
          return queueOf(pageOf(page), 60, {
            has_more: true,
            next_cursor: `after-${page}`,
            prev_cursor: page > 1 ? `before-${page}` : null,
          });
        },
      },
    });
    const pages = await screen.findByRole('navigation', { name: 'Pages of the queue' });
    expect(pages).toHaveTextContent('1–25 of 60 cases');
    expect(pages).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(location.current!.search).toBe('?page=2&after=after-1');
    expect(await screen.findByRole('link', { name: 'PAGE2X0' })).toBeInTheDocument();
    expect(lastQuery(api.callsTo('GET /backoffice/applications'))).toMatchObject({ page: '2', after: 'after-1' });
    expect(screen.getByRole('navigation', { name: 'Pages of the queue' })).toHaveTextContent('26–50 of 60 cases');

    // Back from page 2: before its first row; to page 1: no cursor at all.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(location.current!.search).toBe('');
    expect(await screen.findByRole('link', { name: 'PAGE1X0' })).toBeInTheDocument();
    expect(lastQuery(api.callsTo('GET /backoffice/applications'))).not.toHaveProperty('before');
  });

  it('says "more than 10,000" when the count stops, in the page’s language, and ends where the API says', async () => {
    const user = userEvent.setup();
    await openQueue('/backoffice?page=3&before=before-4', {
      api: {
        'GET /backoffice/applications': (request) =>
          queueOf([buildQueueItem({ short_id: 'DEEP0001' })], 10_000, {
            total_exact: false,
            has_more: request.query.get('before') === 'before-4',
            next_cursor: 'after-3',
            prev_cursor: 'before-3',
          }),
      },
    });
    const pages = await screen.findByRole('navigation', { name: 'Pages of the queue' });
    expect(pages).toHaveTextContent('51–51 of more than 10,000 cases');
    expect(pages).toHaveTextContent('Page 3');
    expect(pages).not.toHaveTextContent('Page 3 of');
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('navigation', { name: 'Seiten der Vorgangsliste' })).toHaveTextContent(
      '76–76 von mehr als 10.000 Vorgängen',
    );
  });

  it('shows an empty state that offers to reset the filters, and an error state that retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    await openQueue('/backoffice?assignee=me', {
      api: {
        'GET /backoffice/applications': (request) =>
          fail
            ? { status: 500, body: errorBody('err_internal') }
            : queueOf(request.query.get('assignee') ? [] : [buildQueueItem()]),
      },
    });
    expect(await screen.findByText('The queue could not be loaded', {})).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No cases found', {})).toBeInTheDocument();
    expect(screen.getByText('No case matches these filters. Change or reset them.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' }).at(-1)!);
    expect(await screen.findByRole('link', { name: 'K7M2QX' })).toBeInTheDocument();
  });

  it('offers no partner filter to someone who sees one partner, and takes a case with "Assign to me"', async () => {
    const user = userEvent.setup();
    const taken = buildCase({ assignee: { id: 'staff-1', email: 'clara.kredit@bank.example' } });
    const { api } = await openQueue('/backoffice', {
      staff: buildStaffProfile({ kind: 'puser', partners: [{ key: 'demo', display_name: 'Demo Finanz' }] }),
      api: { 'POST /backoffice/applications/:id/assign': { body: { case: taken } } },
    });
    expect(screen.queryByLabelText('Partner')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Partner' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Assign to me: K7M2QX' }));
    expect(await screen.findByText('Case K7M2QX is now assigned to you.', {})).toBeInTheDocument();
    expect(api.callsTo('POST /backoffice/applications/:id/assign')[0]!.body).toEqual({ assignee: 'me' });
  });

  it('filters by a colleague, by e-mail', async () => {
    const user = userEvent.setup();
    const ben = buildColleague();
    const { api, location } = await openQueue('/backoffice?partner=demo');
    const select = screen.getByLabelText('Assigned to');
    const colleagues = await within(select).findByRole('group', { name: 'Colleagues' });
    // Oneself is "Me", not a colleague.
    expect(
      within(colleagues)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([ben.email]);
    expect(api.callsTo('GET /backoffice/staff')[0]!.query.get('partner')).toBe('demo');
    await user.selectOptions(select, ben.email);
    expect(location.current!.search).toBe(`?partner=demo&assignee=${ben.id}`);
    await waitFor(() => expect(lastQuery(api.callsTo('GET /backoffice/applications')).assignee).toBe(ben.id));
  });

  it('keeps a colleague of the address who is not in the list, and says so', async () => {
    const { api } = await openQueue('/backoffice?assignee=0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D');
    const select = screen.getByLabelText('Assigned to');
    await waitFor(() => expect(select).toHaveDisplayValue('A colleague not in this list'));
    expect(lastQuery(api.callsTo('GET /backoffice/applications')).assignee).toBe(
      '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    );
  });

  it('downloads the filtered queue as CSV (every page, the same filters and sort)', async () => {
    await openQueue('/backoffice?group=in_review&assignee=me&q=Muster&sort=-amount&page=3');
    const link = screen.getByRole('link', { name: /Download CSV/ });
    expect(link).toHaveAttribute('download');
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/backoffice/applications.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      group: 'in_review',
      assignee: 'me',
      q: 'Muster',
      sort: '-amount',
    });
  });
});
