import type { AppointmentConfig } from '@finportal/contracts/appointments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildApplication, buildPendingAction } from '../../../test/factories';
import { findLoadedOverview, openOverview, type OpenOverviewOptions } from '../../../test/open-overview';

/**
 * The overview of a closed application (why it closed, nothing to do) and the indicative offer
 * on the overview (issue 9, findings 8 and 9).
 */

/** Lazy chunks can take longer than a second on a busy machine. */
const APPOINTMENTS: AppointmentConfig = {
  meeting_types: [{ value: 'telephone', label: { en: 'Phone call' } }],
  days_of_week_allowed: ['mon'],
  end_date_in_days: 30,
  start_time: '09:00',
  end_time: '17:00',
  minute_step: 15,
  meeting_duration_minutes: 45,
  address: null,
  meeting_url: null,
  advisor: null,
  time_zone: 'Europe/Berlin',
  holiday_region: { country: 'DE' },
};

const PRICING = {
  offer_rate_low: 5.75,
  offer_rate_high: 6.25,
  offer_representative_monthly_rate_low: 2337.12,
  offer_representative_monthly_rate_high: 2390.5,
  offer_is_range: true,
  monthly_payment: 2337.12,
  total_transaction_fee: 2400,
  is_final_interest_rate: false,
  is_final_transaction_fee: false,
};

async function open(options: OpenOverviewOptions) {
  const rendered = await openOverview({ app: { appointment_config: APPOINTMENTS }, ...options });
  await findLoadedOverview();
  await screen.findByRole('region', { name: 'Company information' });
  return rendered;
}

describe('a closed application', () => {
  // Even if the server sent pending items, a closed application asks for nothing.
  const closed: OpenOverviewOptions = {
    application: {
      status: 'Rejected',
      rejection_reason: 'err_company_type_not_allowed',
      allowed_updates: [],
      pricing: PRICING,
    },
    nextStatus: { pending_actions: [buildPendingAction()], next_status: null },
  };

  it('shows the status and why it closed, with whom to ask', async () => {
    await open(closed);
    expect(screen.getByText('Closed').closest('[data-status-colour]')).toHaveAttribute('data-status-colour', 'default');
    const notice = screen.getByRole('region', { name: 'This application is closed' });
    expect(within(notice).getByText('Reason')).toBeInTheDocument();
    expect(
      within(notice).getByText('Unfortunately we cannot offer financing for this legal form.'),
    ).toBeInTheDocument();
    expect(within(notice).getByText('There is nothing more for you to do here.')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: /support@demo-finanz\.example/ })).toHaveAttribute(
      'href',
      'mailto:support@demo-finanz.example',
    );
  });

  it('lists no pending items, offers no appointment, asks for no bank data or tax number, shows no offer', async () => {
    await open(closed);
    expect(screen.queryByRole('region', { name: 'Open items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal consultation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book appointment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bank information' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /bank details/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /company tax number/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/can no longer be changed/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your indicative offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
  });

  it('keeps bank data it has (without actions); a general text without a reason code', async () => {
    await open({
      ...closed,
      application: {
        ...closed.application,
        rejection_reason: null,
        bankName: 'Musterbank',
        iban: 'DE89370400440532013000',
      },
    });
    const notice = screen.getByRole('region', { name: 'This application is closed' });
    expect(within(notice).getByText('This application has been closed.')).toBeInTheDocument();
    expect(within(notice).queryByText('Reason')).not.toBeInTheDocument();
    const bank = screen.getByRole('region', { name: 'Bank information' });
    expect(within(bank).getByText('Musterbank')).toBeInTheDocument();
    expect(within(bank).queryByRole('button')).not.toBeInTheDocument();
    expect(within(bank).queryByText(/can no longer be changed/)).not.toBeInTheDocument();
  });

  it('an application that is not closed has no closing notice and still its pending items and appointment', async () => {
    await open({ nextStatus: { pending_actions: [buildPendingAction()] } });
    expect(screen.queryByRole('region', { name: 'This application is closed' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Open items' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Personal consultation' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bank information' })).toBeInTheDocument();
  });
});

describe('the indicative offer on the overview', () => {
  const figures = (region: HTMLElement) =>
    Object.fromEntries(
      within(region)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );

  it('a loan: amount, duration, interest rate, monthly rate and fee, as on the result page', async () => {
    await open({ application: { status: 'Submitted', pricing: PRICING, loanSize: 120_000, loanDuration: 48 } });
    const offer = screen.getByRole('region', { name: 'Your indicative offer' });
    expect(figures(offer)).toEqual({
      'Loan amount': '€120,000',
      Duration: '48 months',
      'Indicative interest rate (p.a.)': '5.75% – 6.25%',
      'Indicative monthly rate': '€2,337.12 – €2,390.50',
      'Transaction fee (financing costs)': '€2,400',
    });
    expect(within(offer).getByText(/offer ID K7QX2M4P/)).toBeInTheDocument();
    expect(within(offer).getByText(/indicative and non-binding/)).toBeInTheDocument();
  });

  it('a duration chosen in years is shown in years', async () => {
    await open({ application: { pricing: PRICING, loanDuration: 36, display_duration_unit: 'years' } });
    const offer = screen.getByRole('region', { name: 'Your indicative offer' });
    expect(figures(offer).Duration).toBe('3 years');
  });

  it('factoring: the limit and the annual fee', async () => {
    await open({
      application: {
        allBanksLoanPurpose: 'factoring',
        product: { product_id: 'factoring' },
        amount: 250_000,
        loanSize: null,
        loanDuration: null,
        pricing: null,
        factoring: {
          factoring_limit: 250_000,
          has_international_customers: false,
          annual_sales_previous_year: 1_500_000,
          annual_sales_previous_year_abroad: null,
          factoring_fee_rate: 1.2,
          annual_factoring_fee: 3000,
        },
      },
    });
    const offer = screen.getByRole('region', { name: 'Your indicative offer' });
    expect(figures(offer)).toEqual({
      'Factoring limit': '€250,000',
      'Factoring fee': '1.20% of the limit per year (€3,000)',
    });
  });

  it('no card without an offer (the partner shows none)', async () => {
    await open({ application: { pricing: null } });
    expect(screen.queryByRole('region', { name: 'Your indicative offer' })).not.toBeInTheDocument();
  });
});

describe('the final offer (issue 24, finding 9)', () => {
  const FINAL = {
    interest_rate: 5.25,
    transaction_fee: 990,
    monthly_payment: 2313.47,
    annual_factoring_fee: null,
    is_final_interest_rate: true as const,
    is_final_transaction_fee: true as const,
    accepted_at: null,
  };

  it('replaces the indicative offer, marked final, and is accepted after a confirmation naming the figures', async () => {
    const offered = { status: 'Offer_Available', pricing: PRICING, final_offer: FINAL };
    const acceptedApp = {
      ...offered,
      status: 'Offer_Accepted',
      final_offer: { ...FINAL, accepted_at: '2026-11-20T10:00:00.000Z' },
      actions: [],
    };
    const { user, api, location } = await open({
      application: offered,
      api: {
        'PATCH /user/applications/:id/status': () => ({
          body: { application: { ...buildApplication({ applicationId: 'app-1' }), ...acceptedApp } },
        }),
      },
    });
    const card = await screen.findByTestId('final-offer-card', {});
    expect(within(card).getByRole('heading', { name: 'Your final offer' })).toBeInTheDocument();
    expect(card).toHaveTextContent('5.25%');
    expect(card).toHaveTextContent('€2,313.47');
    expect(card).toHaveTextContent('€990');
    expect(card).toHaveTextContent('The interest rate and the fee are final.');
    expect(screen.queryByText('Your indicative offer')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Accept the offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the offer?' });
    expect(dialog).toHaveTextContent('5.25% interest p.a., monthly rate €2,313.47, fee €990');
    expect(api.callsTo('PATCH /user/applications/:id/status')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept now' }));
    expect(await screen.findByTestId('result-notice', {})).toHaveTextContent('you accepted the final offer');
    expect(api.callsTo('PATCH /user/applications/:id/status')[0]!.body).toEqual({ status: 'Offer_Accepted' });
    expect(location.current?.search).toContain('result=success');
    expect(await screen.findByTestId('offer-accepted', {})).toHaveTextContent('You accepted this offer on 20.11.2026.');
    expect(screen.queryByRole('button', { name: 'Accept the offer' })).not.toBeInTheDocument();
  });

  it('offers no accept button where the server gives the borrower no such action', async () => {
    // A co-signer reads the final offer; only the applicant accepts it (the server's actions).
    await open({ application: { status: 'Offer_Available', final_offer: FINAL, is_owner: false, actions: [] } });
    const card = await screen.findByTestId('final-offer-card', {});
    expect(within(card).queryByRole('button', { name: 'Accept the offer' })).not.toBeInTheDocument();
  });
});
