import type { CaseDetail } from '@finportal/contracts/backoffice';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildCase, buildStaffProfile } from '../../../test/factories';
import { buildColleague, findTitle, renderBackoffice } from './backoffice-test-setup';

const ID = '3f7c1a52-8d4e-4a7b-9a61-0c2d5e6f7a81';
const CASE = `/backoffice/applications/${ID}`;

async function openCase(detail: CaseDetail, api: Record<string, MockRoute> = {}, staff = buildStaffProfile()) {
  const rendered = await renderBackoffice(CASE, {
    staff,
    api: { [`GET ${CASE}`]: { body: { case: detail } }, 'GET /backoffice/audit': { body: { entries: [] } }, ...api },
  });
  await findTitle('K7M2QX · Muster Maschinenbau GmbH');
  return rendered;
}

const moveCard = () => screen.getByRole('heading', { name: 'Move status' }).closest('section') as HTMLElement;
const pricingCard = () => screen.getByRole('heading', { name: 'Final pricing' }).closest('section') as HTMLElement;
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('back-office case page', () => {
  const pricing = {
    interest_rate: 5.25,
    transaction_fee: 1250,
    monthly_payment: 2780.5,
    set_at: '2026-03-05T10:00:00.000Z',
  };
  it('shows the case head, the borrower data and a way back to the queue with its filters', async () => {
    await renderBackoffice(CASE, {
      api: { [`GET ${CASE}`]: { body: { case: buildCase() } } },
    });
    await findTitle('K7M2QX · Muster Maschinenbau GmbH');
    expect(document.title).toBe('K7M2QX · Muster Maschinenbau GmbH - Demo Finanz');
    expect(screen.getByText(/In review · in this status for 3 days/)).toBeInTheDocument();
    expect(screen.getByText('DE89 3704 0044 0532 0130 00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the queue/ })).toHaveAttribute('href', '/backoffice');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers only the allowed moves, asks for a reason and a confirmation, then moves the case', async () => {
    const user = userEvent.setup();
    const moved = buildCase({ status: 'PreCheck' });
    const { api } = await openCase(buildCase(), { [`PATCH ${CASE}/status`]: { body: { case: moved } } });
    const select = within(moveCard()).getByLabelText(/New status/);
    expect(optionsOf(select)).toEqual([
      'Please choose',
      'Pre-check',
      'Screening',
      'Sales pre-check',
      'Internal review',
      'Open',
      'Rejected',
    ]);
    await user.click(within(moveCard()).getByRole('button', { name: 'Move status …' }));
    expect(within(moveCard()).getByText('Please choose the new status.')).toBeInTheDocument();
    await user.selectOptions(select, 'Pre-check');
    await user.type(within(moveCard()).getByLabelText(/Reason/), 'ok');
    await user.click(within(moveCard()).getByRole('button', { name: 'Move status …' }));
    expect(within(moveCard()).getByText('Please enter at least 3 characters.')).toBeInTheDocument();
    await user.type(within(moveCard()).getByLabelText(/Reason/), ' – documents complete');
    await user.click(within(moveCard()).getByRole('button', { name: 'Move status …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move case K7M2QX?' });
    expect(dialog).toHaveTextContent('The case moves from Submitted to Pre-check.');
    // The keyboard lands on the confirmation.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Move to Pre-check' })).toHaveFocus());
    expect(api.callsTo(`PATCH ${CASE}/status`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Move to Pre-check' }));
    expect(await screen.findByText('The case is now in status Pre-check.', {})).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${CASE}/status`)[0]!.body).toEqual({
      status: 'PreCheck',
      reason: 'ok – documents complete',
    });
    await waitFor(() => expect(optionsOf(within(moveCard()).getByLabelText(/New status/))).toContain('Screening'));
    expect(within(moveCard()).getByLabelText(/Reason/)).toHaveValue('');
  });

  it('shows a refused move in the card and keeps the reason typed', async () => {
    const user = userEvent.setup();
    await openCase(
      buildCase({
        status: 'Pricing',
        final_pricing: { ...pricing, set_by: { id: 'staff-2', email: 'ben@bank.example' } },
      }),
      {
        [`PATCH ${CASE}/status`]: {
          status: 409,
          body: errorBody({ code: 'err_status_change_not_allowed', field: 'status' }),
        },
      },
    );
    await user.selectOptions(within(moveCard()).getByLabelText(/New status/), 'Offer available');
    await user.type(within(moveCard()).getByLabelText(/Reason/), 'Offer ready for the customer');
    await user.click(within(moveCard()).getByRole('button', { name: 'Move status …' }));
    await user.click(await screen.findByRole('button', { name: 'Move to Offer available' }));
    const alert = await within(moveCard()).findByRole('alert', {});
    expect(alert).toHaveTextContent('The status was not changed');
    expect(alert).toHaveTextContent('This status change is not possible.');
    expect(within(moveCard()).getByLabelText(/Reason/)).toHaveValue('Offer ready for the customer');
    expect(within(moveCard()).getByLabelText(/New status/)).toHaveValue('Offer_Available');
  });

  it('shows the moves the server blocks, but not to be chosen, with the server’s reason', async () => {
    await openCase(buildCase({ status: 'Pricing' }));
    const select = within(moveCard()).getByLabelText(/New status/);
    const offer = within(select).getByRole('option', { name: 'Offer available (not possible yet)' });
    expect(offer).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Submitted to the bank' })).toBeEnabled();
    expect(select).toHaveAccessibleDescription(
      'Offer available: Set the final pricing first: the case cannot move to this status without it.',
    );
  });

  it('renders the server’s verdict and re-derives none: signing not complete, four eyes over every writer', async () => {
    // At Signature the server blocks Final_Review until every signer is done (finding 1).
    await openCase(
      buildCase({
        status: 'Signature',
        final_pricing: { ...pricing, set_by: { id: 'staff-2', email: 'ben@bank.example' } },
        transitions: [
          { to: 'Final_Review', blocked_by: 'err_signatures_incomplete' },
          { to: 'Rejected', blocked_by: null },
        ],
      }),
    );
    const select = within(moveCard()).getByLabelText(/New status/);
    expect(within(select).getByRole('option', { name: 'Final review (not possible yet)' })).toBeDisabled();
    expect(select).toHaveAccessibleDescription(/Final review: Not everyone has signed yet/);
  });

  it('shows four eyes when the server says so, though another colleague wrote the pricing last (finding 2)', async () => {
    await openCase(
      buildCase({
        status: 'Final_Review',
        final_pricing: { ...pricing, set_by: { id: 'staff-2', email: 'ben@bank.example' } },
        transitions: [
          { to: 'Approved', blocked_by: 'err_approve_require_different_user' },
          { to: 'Signature', blocked_by: null },
          { to: 'Rejected', blocked_by: null },
        ],
      }),
    );
    expect(within(moveCard()).getByText('A colleague must approve')).toBeInTheDocument();
    expect(optionsOf(within(moveCard()).getByLabelText(/New status/))).toEqual([
      'Please choose',
      'Signature',
      'Rejected',
    ]);
  });

  const finalReview = { status: 'Final_Review' };

  it('explains four eyes instead of offering Approved to whoever set the pricing', async () => {
    await openCase(
      buildCase({
        ...finalReview,
        final_pricing: { ...pricing, set_by: { id: 'staff-1', email: 'clara.kredit@bank.example' } },
      }),
    );
    expect(within(moveCard()).getByText('A colleague must approve')).toBeInTheDocument();
    expect(optionsOf(within(moveCard()).getByLabelText(/New status/))).toEqual([
      'Please choose',
      'Signature',
      'Rejected',
    ]);
    expect(within(pricingCard()).getByTestId('pricing-set-by')).toHaveTextContent(/^Set by you on /);
  });

  it('offers Approved to a colleague who did not set the pricing', async () => {
    await openCase(
      buildCase({
        ...finalReview,
        final_pricing: { ...pricing, set_by: { id: 'staff-2', email: 'ben@bank.example' } },
      }),
    );
    expect(within(moveCard()).queryByText('A colleague must approve')).not.toBeInTheDocument();
    expect(optionsOf(within(moveCard()).getByLabelText(/New status/))).toContain('Approved');
    expect(within(pricingCard()).getByTestId('pricing-set-by')).toHaveTextContent(/^Set by ben@bank.example on /);
  });

  it('checks the pricing like the API does, and puts the server errors on their fields', async () => {
    const user = userEvent.setup();
    const { api } = await openCase(buildCase({ status: 'Pricing' }), {
      [`PUT ${CASE}/pricing`]: {
        status: 400,
        body: errorBody({
          code: 'err_transaction_fee_out_of_bounds',
          field: 'transaction_fee',
          values: { max: 50000 },
        }),
      },
    });
    expect(pricingCard()).toHaveTextContent('interest rate from 1.00% to 15.00%, transaction fee up to €50,000');
    const rate = within(pricingCard()).getByLabelText(/Interest rate/);
    const fee = within(pricingCard()).getByLabelText(/Transaction fee/);
    await user.click(within(pricingCard()).getByRole('button', { name: 'Set pricing' }));
    expect(within(pricingCard()).getByText('Please enter the interest rate.')).toBeInTheDocument();
    expect(within(pricingCard()).getByText('Please enter the transaction fee.')).toBeInTheDocument();
    expect(rate).toHaveFocus();
    await user.type(rate, '20');
    expect(await within(pricingCard()).findByText('The interest rate must be between 1% and 15%.')).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '5.1234');
    expect(await within(pricingCard()).findByText('Please enter no more than 3 decimal places.')).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '5.125');
    await user.type(fee, '1500');
    expect(api.callsTo(`PUT ${CASE}/pricing`)).toHaveLength(0);
    await user.click(within(pricingCard()).getByRole('button', { name: 'Set pricing' }));
    expect(
      await within(pricingCard()).findByText('The transaction fee may be at most 50,000.', {}),
    ).toBeInTheDocument();
    expect(api.callsTo(`PUT ${CASE}/pricing`)[0]!.body).toEqual({ interest_rate: 5.125, transaction_fee: 1500 });
    expect(fee).toHaveValue('1,500');
  });

  it('shows the pricing read-only once the case has left the review', async () => {
    await openCase(buildCase({ status: 'Signature' }));
    expect(
      within(pricingCard()).getByText(
        'The pricing is set while the case is in review and the customer has not accepted the offer yet.',
      ),
    ).toBeInTheDocument();
    expect(within(pricingCard()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the case does not exist or is not visible', async () => {
    await renderBackoffice(CASE, {
      api: { [`GET ${CASE}`]: { status: 404, body: errorBody('err_entity_not_found') } },
    });
    await findTitle('Case not found');
    expect(screen.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute('href', '/backoffice');
  });

  it('lists the pending items with the borrower’s action names, and the audit trail in its tab', async () => {
    const user = userEvent.setup();
    await openCase(
      buildCase({
        pending: {
          next_status: null,
          pending_actions: [
            {
              action: 'required_documents',
              step: 'documents',
              errors: [{ code: 'err_required_documents_missing', values: ['bank_statement'] }],
              next_status: null,
            },
          ],
        },
      }),
      {
        'GET /backoffice/audit': {
          body: {
            entries: [
              {
                id: 7,
                action: 'application.status_changed',
                actor: { kind: 'staff', email: 'ben@bank.example' },
                entity: 'application',
                entity_id: ID,
                before: { status: 'Submitted' },
                after: { status: 'PreCheck' },
                data: null,
                created_at: '2026-03-05T10:00:00.000Z',
              },
            ],
          },
        },
      },
    );
    await user.click(screen.getByRole('tab', { name: /Pending items/ }));
    const pending = await screen.findByRole('heading', { level: 2, name: 'Pending items' });
    expect(pending.closest('section')).toHaveTextContent('Bank statement');
    await user.click(screen.getByRole('tab', { name: 'Audit trail' }));
    const row = await screen.findByRole('row', { name: /application.status_changed/ });
    expect(row).toHaveTextContent('ben@bank.example (staff)');
    expect(row).toHaveTextContent('status: Submitted → PreCheck');
  });

  it('gives the case to a colleague who sees its partner (not to oneself or who has it now)', async () => {
    const user = userEvent.setup();
    const ben = buildColleague();
    const dora = buildColleague({ id: '7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', email: 'dora.dahl@bank.example' });
    const { api } = await openCase(buildCase({ assignee: { id: dora.id, email: dora.email } }), {
      'GET /backoffice/staff': {
        body: { staff: [ben, buildColleague({ id: 'staff-1', email: 'clara.kredit@bank.example' }), dora] },
      },
      [`POST ${CASE}/assign`]: { body: { case: buildCase({ assignee: { id: ben.id, email: ben.email } }) } },
    });
    const head = screen.getByText(/^Assigned to:/).closest('.fp-bo-assignee') as HTMLElement;
    expect(head).toHaveTextContent('Assigned to: dora.dahl@bank.example');
    const select = within(head).getByLabelText('Give to a colleague');
    await waitFor(() => expect(select).toBeEnabled());
    expect(optionsOf(select)).toEqual(['Please choose', 'ben.berater@bank.example']);
    expect(api.callsTo('GET /backoffice/staff')[0]!.query.get('partner')).toBe('demo');
    await user.click(within(head).getByRole('button', { name: 'Assign' }));
    expect(within(head).getByText('Please choose a colleague.')).toBeInTheDocument();
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'ben.berater@bank.example');
    await user.click(within(head).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Case K7M2QX is now assigned to ben.berater@bank.example.', {})).toBeInTheDocument();
    expect(api.callsTo(`POST ${CASE}/assign`)[0]!.body).toEqual({ assignee: ben.id });
    await waitFor(() => expect(head).toHaveTextContent('Assigned to: ben.berater@bank.example'));
    expect(within(head).getByRole('button', { name: 'Assign to me' })).toBeInTheDocument();
  });

  it('says so when the colleague can no longer take the case', async () => {
    const user = userEvent.setup();
    await openCase(buildCase(), {
      [`POST ${CASE}/assign`]: { status: 404, body: errorBody({ code: 'err_entity_not_found', field: 'assignee' }) },
    });
    const head = screen.getByText(/^Assigned to:/).closest('.fp-bo-assignee') as HTMLElement;
    const select = within(head).getByLabelText('Give to a colleague');
    await waitFor(() => expect(select).toBeEnabled());
    await user.selectOptions(select, 'ben.berater@bank.example');
    await user.click(within(head).getByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText(/This colleague cannot take the case: the account is no longer active/, {}),
    ).toBeInTheDocument();
    expect(head).toHaveTextContent('Assigned to: Unassigned');
  });
});
