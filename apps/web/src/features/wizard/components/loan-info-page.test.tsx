import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';
import { wizardStore } from '../model/wizard-state';

const DEMO_PARTNER: RenderAppOptions['partner'] = {
  parameters: {
    user_application_types: ['working_capital_loan', 'event_driven_financing_loan', 'factoring'],
    supported_application_types_by_country: {
      DE: ['working_capital_loan', 'event_driven_financing_loan', 'factoring'],
      AT: ['working_capital_loan'],
    },
  } as never,
};
const DEMO_APP: RenderAppOptions['app'] = {
  countries: ['DE', 'AT'],
  currencies: { supported: ['EUR', 'CHF'], default: 'EUR' },
};

async function openLoanInfo(options: RenderAppOptions = {}) {
  const user = userEvent.setup();
  const rendered = await renderApp({
    path: '/application/loan-info',
    partner: DEMO_PARTNER,
    app: DEMO_APP,
    ...options,
  });
  await screen.findByRole('heading', { level: 1, name: 'Your financing request' });
  return { user, ...rendered };
}

const amountInput = () => screen.getByRole('textbox', { name: /^Loan amount/ });
const amountSlider = () => screen.getByRole('slider', { name: 'Loan amount' });
const durationSlider = () => screen.getByRole('slider', { name: 'Duration' });
const loanType = () => screen.getByRole('combobox', { name: /^Type of financing/ });

describe('loan info: amount and duration limits', () => {
  it('takes the slider limits of the product of the loan type', async () => {
    const { user } = await openLoanInfo();
    // working capital loan → general_liquidity: 15,000 to 500,000; 12 to 60 months.
    expect(amountSlider()).toHaveAttribute('min', '15000');
    expect(amountSlider()).toHaveAttribute('max', '500000');
    expect(amountSlider()).toHaveAttribute('step', '5000');
    expect(amountSlider()).toHaveValue('100000');
    expect(durationSlider()).toHaveAttribute('min', '12');
    expect(durationSlider()).toHaveAttribute('max', '60');
    expect(durationSlider()).toHaveValue('48');

    // event-driven financing → project: minimum 50,000.
    await user.selectOptions(loanType(), 'event_driven_financing_loan');
    expect(amountSlider()).toHaveAttribute('min', '50000');

    // factoring: a limit, last year's sales and the international question instead.
    await user.selectOptions(loanType(), 'factoring');
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Desired factoring limit/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Annual turnover in the previous year/ })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /Do you also have customers abroad/ })).toBeInTheDocument();
  });

  it('clamps the amount into the new limits when the loan type changes', async () => {
    const { user } = await openLoanInfo();
    fireEvent.change(amountSlider(), { target: { value: '20000' } });
    expect(amountSlider()).toHaveValue('20000');
    await user.selectOptions(loanType(), 'event_driven_financing_loan');
    expect(amountSlider()).toHaveValue('50000');
    expect(amountInput()).toHaveValue('50,000');
  });

  it('disables the typed amount without the customized_application_amounts entitlement', async () => {
    await openLoanInfo();
    expect(amountInput()).toBeDisabled();
    expect(screen.getByText('Please choose the amount with the slider.')).toBeInTheDocument();
  });

  it('lets the entitled partner type amounts above the slider maximum', async () => {
    const { user, location } = await openLoanInfo({
      partner: { ...DEMO_PARTNER, entitlements: ['whitelabeled_user_branding', 'customized_application_amounts'] },
    });
    expect(amountInput()).toBeEnabled();
    await user.clear(amountInput());
    await user.type(amountInput(), '100000001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(amountInput()).toHaveAccessibleDescription('Please choose an amount between €15,000 and €100,000,000.');
    expect(location.current?.pathname).toBe('/application/loan-info');

    await user.clear(amountInput());
    await user.type(amountInput(), '2500000');
    await user.tab();
    expect(amountInput()).toHaveValue('2,500,000');
    expect(amountSlider()).toHaveValue('500000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/application/company-name'));
    expect(wizardStore('demo').get().values).toMatchObject({ loanSize: 2500000, loanDuration: 48 });
  });

  it('restricts loan types per country (per-country list ∩ user application types)', async () => {
    const { user } = await openLoanInfo();
    expect([...loanType().querySelectorAll('option')].map((o) => o.value)).toEqual([
      'working_capital_loan',
      'event_driven_financing_loan',
      'factoring',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Country of your company/ }), 'AT');
    expect([...loanType().querySelectorAll('option')].map((o) => o.value)).toEqual(['working_capital_loan']);
  });

  it('validates the factoring questions (greater than 0, required answer)', async () => {
    const { user } = await openLoanInfo();
    await user.selectOptions(loanType(), 'factoring');
    const limit = screen.getByRole('textbox', { name: /^Desired factoring limit/ });
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(limit).toHaveAccessibleDescription(/Please enter an amount greater than 0\./);
    expect(screen.getByRole('textbox', { name: /^Annual turnover/ })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveAccessibleDescription('This field is required.');
  });
});

describe('loan info: entry link', () => {
  afterEach(() => vi.useRealTimers());

  it('prefills from the query, keeps the parameters (except amount and duration) for 30 days and drops them from the address', async () => {
    const now = Date.now();
    const { location } = await openLoanInfo({
      path: '/application/loan-info?loan_amount=150000&loan_duration=36&country=DE&loan_type=event_driven_financing_loan&currency=CHF&ref=newsletter&utm_source=mail',
    });
    expect(amountSlider()).toHaveValue('150000');
    expect(durationSlider()).toHaveValue('36');
    expect(loanType()).toHaveValue('event_driven_financing_loan');
    expect(screen.getByRole('combobox', { name: /^Currency/ })).toHaveValue('CHF');
    await waitFor(() => expect(location.current?.search).toBe('?utm_source=mail'));

    const stored = JSON.parse(window.localStorage.getItem('fp:demo:referral') ?? 'null') as {
      data: Record<string, string>;
      expires_at: number;
    };
    expect(stored.data).toEqual({
      country: 'DE',
      loan_type: 'event_driven_financing_loan',
      currency: 'CHF',
      ref: 'newsletter',
      utm_source: 'mail',
    });
    const days = (stored.expires_at - now) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  it('ignores parameters that the partner does not offer', async () => {
    await openLoanInfo({
      path: '/application/loan-info?country=PL&loan_type=bullet_loan&currency=PLN&loan_amount=abc',
    });
    expect(screen.getByRole('combobox', { name: /^Country of your company/ })).toHaveValue('DE');
    expect(loanType()).toHaveValue('working_capital_loan');
    expect(screen.getByRole('combobox', { name: /^Currency/ })).toHaveValue('EUR');
    expect(amountSlider()).toHaveValue('100000');
  });
});

describe('loan info: language', () => {
  it('loads the wizard texts of a language switched to on the way (lazy namespaces)', async () => {
    await openLoanInfo();
    await act(() => i18n.changeLanguage('de'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Finanzierungswunsch' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Kreditbetrag/ })).toHaveValue('100.000');
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeInTheDocument();
  });
});
