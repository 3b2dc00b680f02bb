import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildAppConfig } from '../../../test/factories';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';
import { resetCreationForTests } from '../model/creation';
import { EMPTY_VALUES, forgetWizardStores, wizardStore, type ClassicValues } from '../model/wizard-state';

/**
 * Issue 9, findings 1 and 3: the wizard shows and enforces the partner's own limits and says,
 * before account creation, what the partner refuses for certain; a change of loan type clears
 * what no longer applies.
 */
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

const PARTNER: RenderAppOptions['partner'] = {
  entitlements: ['whitelabeled_user_branding', 'customized_application_amounts'],
  parameters: {
    user_application_types: ['working_capital_loan', 'event_driven_financing_loan', 'factoring'],
    supported_application_types_by_country: {
      DE: ['working_capital_loan', 'event_driven_financing_loan', 'factoring'],
    },
  } as never,
};

/** Demo's rules: 15,000 to 1,000,000 typed, 12 to 84 months, no GbR; nordbank starts at 25,000. */
const APP: RenderAppOptions['app'] = {
  countries: ['DE'],
  company_types: { supported: ['GMBH', 'GBR'], default: 'GMBH' },
  loan_purposes: {
    items: [],
    by_loan_type: {
      working_capital_loan: ['operating_expenses', 'other'],
      event_driven_financing_loan: ['business_expansion', 'machinery_or_equipment', 'other'],
      factoring: [],
    },
  },
  eligibility: {
    ...buildAppConfig().eligibility,
    excluded_company_types: ['GBR'],
    amount_ranges: { working_capital_loan: { min: 15_000, max: 1_000_000 } },
    duration_ranges: { working_capital_loan: { min: 12, max: 84 } },
  },
};

const LOAN_INFO: Partial<ClassicValues> = {
  companyCountry: 'DE',
  allBanksLoanPurpose: 'working_capital_loan',
  loanSize: 100_000,
  loanDuration: 48,
  currency: 'EUR',
};
const COMPANY: Partial<ClassicValues> = {
  companyName: 'Musterbau Schmidt GbR',
  street: 'Hauptstraße',
  houseNumber: '12',
  companyPostCode: '10115',
  companyLocation: 'Berlin',
  companyType: 'GMBH',
  businessPurpose: 'Hoch- und Tiefbau',
  purposeSelect: 'operating_expenses',
};

function preset(
  values: Partial<ClassicValues>,
  flags: { loanInfo?: boolean; companyName?: boolean; details?: boolean },
) {
  window.localStorage.setItem(
    'fp:demo:wizard',
    JSON.stringify({
      version: 1,
      values: { ...EMPTY_VALUES, ...values },
      loanInfoFinished: !!flags.loanInfo,
      companyNameFinished: !!flags.companyName,
      companyDetailsFinished: !!flags.details,
      dynamic: { values: {}, lastFinishedStep: -1, loanType: null, company: null },
    }),
  );
  forgetWizardStores();
  resetCreationForTests();
}

const next = () => screen.getByRole('button', { name: 'Next' });

describe("finding 1: the partner's limits on the loan-info step", () => {
  it('the slider starts at the partner minimum (nordbank: 25,000, not the product 15,000)', async () => {
    await renderApp({
      path: '/application/loan-info',
      app: {
        ...APP,
        eligibility: { ...APP!.eligibility!, amount_ranges: { working_capital_loan: { min: 25_000, max: 500_000 } } },
      },
    });
    await heading('Your financing request');
    const slider = screen.getByRole('slider', { name: 'Loan amount' });
    expect(slider).toHaveAttribute('min', '25000');
    expect(screen.getByText('€25,000')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '0' } });
    expect(slider).toHaveValue('25000');
  });

  it('a typed duration above the partner maximum is refused at the field, with the partner and its limits', async () => {
    const user = userEvent.setup();
    const { location } = await renderApp({ path: '/application/loan-info', partner: PARTNER, app: APP });
    await heading('Your financing request');
    const duration = screen.getByRole('textbox', { name: /^Duration/ });
    await user.clear(duration);
    await user.type(duration, '240');
    await user.click(next());
    await waitFor(() =>
      expect(duration).toHaveAccessibleDescription('Demo Finanz finances durations between 12 and 84 months.'),
    );
    expect(location.current?.pathname).toBe('/application/loan-info');

    const amount = screen.getByRole('textbox', { name: /^Loan amount/ });
    await user.clear(amount);
    await user.type(amount, '1,500,000');
    await user.clear(duration);
    await user.type(duration, '84');
    await user.click(next());
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Demo Finanz finances amounts between €15,000 and €1,000,000.'),
    );
    expect(duration).not.toHaveAccessibleDescription(/finances/);
    expect(location.current?.pathname).toBe('/application/loan-info');
  });

  it('reads a German amount with decimals as such (12.345,67 is no whole amount, not 1,234,567)', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/application/loan-info', partner: PARTNER, app: APP });
    await heading('Your financing request');
    await act(() => i18n.changeLanguage('de'));
    await heading('Ihr Finanzierungswunsch');
    const amount = screen.getByRole('textbox', { name: /^Kreditbetrag/ });
    await user.clear(amount);
    await user.type(amount, '12.345,67');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription('Bitte geben Sie einen Betrag ohne Nachkommastellen ein.'),
    );
    expect(wizardStore('demo').get().values.loanSize).toBe(12_345.67);
  });
});

describe('finding 1: what the partner refuses, before account creation', () => {
  it('a GbR is told at once that the partner does not finance it, and cannot go on', async () => {
    preset({ ...LOAN_INFO, ...COMPANY }, { loanInfo: true, companyName: true });
    const user = userEvent.setup();
    const { location } = await renderApp({ path: '/application/company-details', partner: PARTNER, app: APP });
    await heading('Company details');
    const legalForm = screen.getByRole('combobox', { name: /^Legal form/ });
    await user.selectOptions(legalForm, 'GBR');
    const refusal =
      'Demo Finanz does not finance companies with the legal form GbR, so an application with this legal form is not possible here.';
    expect(legalForm).toHaveAccessibleDescription(refusal);
    await user.click(next());
    await waitFor(() => expect(legalForm).toHaveFocus());
    expect(location.current?.pathname).toBe('/application/company-details');
    expect(wizardStore('demo').get().companyDetailsFinished).toBe(false);
  });

  it('account creation sends a refused application back to its step instead of asking for an account', async () => {
    preset({ ...LOAN_INFO, ...COMPANY, companyType: 'GBR' }, { loanInfo: true, companyName: true, details: true });
    const { location } = await renderApp({ path: '/application/account-creation', partner: PARTNER, app: APP });
    await heading('Company details');
    expect(location.current?.pathname).toBe('/application/company-details');
    expect(screen.queryByRole('textbox', { name: /^E-mail/ })).not.toBeInTheDocument();
    expect(wizardStore('demo').get()).toMatchObject({ loanInfoFinished: true, companyDetailsFinished: false });
  });
});

describe('finding 3: a change of loan type clears what no longer applies', () => {
  it('a purpose of the old loan type is gone, and no "invalid value" waits on the details step', async () => {
    preset(
      {
        ...LOAN_INFO,
        ...COMPANY,
        allBanksLoanPurpose: 'event_driven_financing_loan',
        purposeSelect: 'machinery_or_equipment',
      },
      { loanInfo: true, companyName: true, details: true },
    );
    const user = userEvent.setup();
    await renderApp({ path: '/application/loan-info', partner: PARTNER, app: APP });
    await heading('Your financing request');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Type of financing/ }), 'working_capital_loan');
    expect(wizardStore('demo').get().values).toMatchObject({ purposeSelect: '', purposeDescription: '' });
    await user.click(next());
    await heading('Your company');
    await user.click(screen.getByRole('button', { name: 'Enter details manually' }));
    await heading('Company details');
    const purpose = screen.getByRole('combobox', { name: /^Purpose of the financing/ });
    expect(purpose).toHaveValue('');
    expect(purpose).not.toHaveAccessibleDescription(/invalid/);
    await user.click(next());
    await waitFor(() => expect(purpose).toHaveAccessibleDescription('This field is required.'));
  });

  it('factoring clears amount and duration; a loan clears the factoring answers', async () => {
    preset({ ...LOAN_INFO, purposeSelect: 'operating_expenses' }, { loanInfo: true });
    const user = userEvent.setup();
    await renderApp({ path: '/application/loan-info', partner: PARTNER, app: APP });
    await heading('Your financing request');
    const loanType = screen.getByRole('combobox', { name: /^Type of financing/ });
    await user.selectOptions(loanType, 'factoring');
    expect(wizardStore('demo').get().values).toMatchObject({ loanSize: null, loanDuration: null, purposeSelect: '' });
    await user.type(screen.getByRole('textbox', { name: /^Desired factoring limit/ }), '200000');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(loanType, 'working_capital_loan');
    expect(wizardStore('demo').get().values).toMatchObject({
      factoring_limit: null,
      has_international_customers: null,
      loanSize: 100_000,
      loanDuration: 48,
    });
  });
});
