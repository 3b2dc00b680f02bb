import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildApplicationListItem } from '../../../test/factories';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';

/** Toasts, modals and lazy chunks can take longer than a second on a busy machine. */
const LIST = [
  buildApplicationListItem({ applicationId: 'app-open', shortApplicationId: 'OPEN0001', status: 'Open' }),
  buildApplicationListItem({ applicationId: 'app-sign', shortApplicationId: 'SIGN0002', status: 'Signature' }),
  buildApplicationListItem({ applicationId: 'app-subm', shortApplicationId: 'SUBM0003', status: 'Submitted' }),
  buildApplicationListItem({ applicationId: 'app-paid', shortApplicationId: 'PAID0004', status: 'Paid_Out' }),
  buildApplicationListItem({ applicationId: 'app-rej', shortApplicationId: 'REJE0005', status: 'Rejected' }),
];

async function openList(options: RenderAppOptions & { applications?: unknown[] } = {}) {
  const { applications = LIST, ...rest } = options;
  const rendered = await renderApp({
    path: '/dashboard/applications',
    authenticated: true,
    ...rest,
    api: { 'GET /user/applications': { body: { applications } }, ...rest.api },
  });
  await screen.findByRole('heading', { level: 1, name: 'My loans' });
  return rendered;
}

const region = (name: string) => screen.getByRole('region', { name });
const rowOf = (shortId: string) => screen.getByText(`ID ${shortId}`).closest('li') as HTMLElement;

describe('applications list (My loans)', () => {
  it('puts Open and Signature in the action-required card and the others in a second card', async () => {
    await openList();
    await screen.findByRole('region', { name: 'Action required' });
    const action = within(region('Action required')).getAllByTestId('application-row');
    const others = within(region('Other applications')).getAllByTestId('application-row');
    expect(action.map((r) => within(r).getByText(/^ID /).textContent)).toEqual(['ID OPEN0001', 'ID SIGN0002']);
    expect(others.map((r) => within(r).getByText(/^ID /).textContent)).toEqual([
      'ID SUBM0003',
      'ID PAID0004',
      'ID REJE0005',
    ]);
  });

  it('shows each status as its translated display group in its colour', async () => {
    await openList();
    await screen.findByRole('region', { name: 'Action required' });
    const expected: Array<[string, string, string]> = [
      ['OPEN0001', 'Not completed', 'error'],
      ['SIGN0002', 'Waiting for signatures', 'error'],
      ['SUBM0003', 'In review', 'processing'],
      ['PAID0004', 'Paid out', 'success'],
      ['REJE0005', 'Closed', 'default'],
    ];
    for (const [id, label, colour] of expected) {
      const badge = within(rowOf(id)).getByText(label);
      expect(badge.closest('[data-status-colour]')).toHaveAttribute('data-status-colour', colour);
    }
  });

  it('links every row to its overview: complete for Open, view otherwise; filled only for Open and Signature', async () => {
    await openList();
    await screen.findByRole('region', { name: 'Action required' });
    const cases: Array<[string, string, string]> = [
      ['OPEN0001', 'Complete application', 'filled'],
      ['SIGN0002', 'View', 'filled'],
      ['SUBM0003', 'View', 'outline'],
      ['PAID0004', 'View', 'outline'],
      ['REJE0005', 'View', 'outline'],
    ];
    for (const [id, name, variant] of cases) {
      const link = within(rowOf(id)).getByRole('link', { name });
      expect(link).toHaveAttribute('data-variant', variant);
      expect(link).toHaveAccessibleDescription(new RegExp(id));
    }
    expect(within(rowOf('OPEN0001')).getByRole('link')).toHaveAttribute('href', '/dashboard/applications/app-open');
  });

  it('opens the overview from the keyboard', async () => {
    const user = userEvent.setup();
    const { location } = await openList({
      applications: [LIST[0]],
      api: { 'GET /user/applications/:id': { status: 500, body: errorBody('err_internal') } },
      onCaughtError: () => {},
    });
    const link = await screen.findByRole('link', { name: 'Complete application' });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.current?.pathname).toBe('/dashboard/applications/app-open'));
  });

  it('shows amounts by the one cents rule (cents where the amount has them) and the created date of its UTC day', async () => {
    await openList({
      applications: [
        buildApplicationListItem({
          shortApplicationId: 'AMNT0001',
          amount: 99_999.6,
          currency: 'CHF',
          created: '2026-11-02T23:30:00.000-02:00',
          companyName: 'Alpen Holz AG',
        }),
      ],
    });
    const row = await screen.findByTestId('application-row');
    expect(within(row).getByText('CHF 99,999.60')).toBeInTheDocument();
    expect(within(row).getByText('Created on 03.11.2026')).toBeInTheDocument();
    expect(within(row).getByText('Alpen Holz AG')).toBeInTheDocument();
  });

  it('hides a card that would be empty', async () => {
    await openList({ applications: [LIST[2]] });
    await screen.findByRole('region', { name: 'Other applications' });
    expect(screen.queryByRole('region', { name: 'Action required' })).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no applications', async () => {
    await openList({ applications: [] });
    expect(await screen.findByText('You do not have any loan applications yet.', {})).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('offers New loan only with user_create_application, to the dynamic or the classic wizard', async () => {
    const first = await openList({ app: { user_create_application: false } });
    await screen.findByRole('region', { name: 'Action required' });
    expect(screen.queryByRole('link', { name: 'New loan' })).not.toBeInTheDocument();
    first.unmount();

    const second = await openList({ app: { user_create_application: true, is_dynamic_form: false } });
    expect(await screen.findByRole('link', { name: 'New loan' })).toHaveAttribute('href', '/application/loan-info');
    second.unmount();

    await openList({ app: { user_create_application: true, is_dynamic_form: true } });
    expect(await screen.findByRole('link', { name: 'New loan' })).toHaveAttribute('href', '/application/new');
  });

  it('shows a skeleton while loading', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await renderApp({
      path: '/dashboard/applications',
      authenticated: true,
      api: {
        'GET /user/applications': async () => {
          await gate;
          return { body: { applications: LIST } };
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'My loans' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    release();
    expect(await screen.findByRole('region', { name: 'Action required' })).toBeInTheDocument();
  });

  it("shows 'error fetching applications' and the error page when the list fails", async () => {
    const onCaughtError = vi.fn();
    await renderApp({
      path: '/dashboard/applications',
      authenticated: true,
      api: { 'GET /user/applications': { status: 500, body: errorBody('err_internal') } },
      onCaughtError,
    });
    expect(await screen.findByText('Error fetching applications. Please try again later.', {})).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Error code: 500')).toBeInTheDocument();
    expect(onCaughtError).toHaveBeenCalled();
  });

  it('confirms a confirmation_token first, then loads the list, then removes the parameters', async () => {
    const { api, location } = await openList({
      path: '/dashboard/applications?confirmation_token=tok-42&email_confirm_required=true&utm=mail',
      api: { 'POST /user/account/confirm_email/:token': { body: { ok: true, email: 'max@example.com' } } },
    });
    expect(await screen.findByText('Your e-mail address has been confirmed.', {})).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Action required' });
    await waitFor(() => expect(location.current?.search).toBe('?utm=mail'));

    const order = api.calls.map((c) => `${c.method} ${c.path}`);
    const confirmAt = order.indexOf('POST /user/account/confirm_email/tok-42');
    const listAt = order.indexOf('GET /user/applications');
    expect(confirmAt).toBeGreaterThanOrEqual(0);
    expect(listAt).toBeGreaterThan(confirmAt);
    expect(api.callsTo('POST /user/account/confirm_email/:token')).toHaveLength(1);
    // The profile is reloaded so that the e-mail shows as verified.
    await waitFor(() => expect(api.callsTo('GET /user/profile').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the translated error of a failed confirmation and still loads the list', async () => {
    const { location } = await openList({
      path: '/dashboard/applications?confirmation_token=tok-used',
      api: { 'POST /user/account/confirm_email/:token': { status: 400, body: errorBody('err_token_used') } },
    });
    expect(await screen.findByText('Something went wrong. Please try again.', {})).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Action required' });
    await waitFor(() => expect(location.current?.search).toBe(''));
  });
});
