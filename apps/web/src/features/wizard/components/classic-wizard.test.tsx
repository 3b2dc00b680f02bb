import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, type MockReply, type MockRequest } from '../../../test/api-mock';
import {
  buildApplication,
  buildCompanySearchResult,
  buildCreatedApplication,
  buildNextStatus,
} from '../../../test/factories';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';
import { resetCreationForTests } from '../model/creation';
import { EMPTY_VALUES, forgetWizardStores, wizardStore, type ClassicValues } from '../model/wizard-state';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

const PURPOSES: RenderAppOptions['app'] = {
  countries: ['DE'],
  company_types: { supported: ['GMBH', 'UG', 'GBR'], default: 'GMBH' },
  loan_purposes: {
    items: [],
    by_loan_type: {
      working_capital_loan: ['operating_expenses', 'inventory_expansion', 'other'],
      event_driven_financing_loan: ['other'],
      factoring: [],
    },
  },
};

const LOAN_INFO: Partial<ClassicValues> = {
  companyCountry: 'DE',
  allBanksLoanPurpose: 'working_capital_loan',
  loanSize: 100000,
  loanDuration: 48,
  currency: 'EUR',
};

const COMPANY: Partial<ClassicValues> = {
  companyName: 'Musterbau Schmidt GmbH',
  street: 'Hauptstraße',
  houseNumber: '12',
  companyPostCode: '10115',
  companyLocation: 'Berlin',
  companyType: 'GMBH',
  businessPurpose: 'Hoch- und Tiefbau',
  purposeSelect: 'operating_expenses',
};

/** The wizard as a previous visit left it in localStorage. */
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
  // A fresh page load: nothing in memory.
  forgetWizardStores();
  resetCreationForTests();
}

describe('company search (step 2)', () => {
  it('searches from 4 characters after a 500 ms pause, shows the hits and fills the details with the picked one', async () => {
    preset(LOAN_INFO, { loanInfo: true });
    const user = userEvent.setup();
    const searches: MockRequest[] = [];
    const { location } = await renderApp({
      path: '/application/company-name',
      app: PURPOSES,
      api: {
        'GET /company_search': (request) => {
          searches.push(request);
          return {
            body: {
              our_companies: [
                buildCompanySearchResult({
                  id: 'co-7',
                  isInternal: true,
                  name: 'Muster Bau AG',
                  companyType: 'AG',
                  credit_provider_id: null,
                  external_provider_company_id: null,
                  external_provider_name: null,
                }),
              ],
              external_provider_companies: [buildCompanySearchResult()],
            },
          };
        },
      },
    });
    await heading('Your company');
    const input = screen.getByRole('textbox', { name: /^Company name/ });
    expect(screen.getByText('Enter at least 4 characters to search.')).toBeInTheDocument();

    await user.type(input, 'Mus');
    await new Promise((r) => setTimeout(r, 700));
    expect(searches).toHaveLength(0);

    await user.type(input, 'terbau');
    // Typed in one go: one search, for the whole name, after the pause.
    expect(searches).toHaveLength(0);
    await screen.findByText('Companies found: 2. Please select your company.');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query.get('name')).toBe('Musterbau');
    expect(searches[0]!.query.get('country')).toBe('DE');

    const results = screen.getByRole('list', { name: 'Search results' });
    const ours = within(results).getByRole('button', { name: /Muster Bau AG/ });
    expect(ours).toHaveTextContent('Known to us');
    const registry = within(results).getByRole('button', { name: /Musterbau Schmidt GmbH/ });
    expect(registry).toHaveTextContent('Company register');
    expect(registry).toHaveTextContent('Hauptstraße 12, 10115 Berlin');
    expect(registry).toHaveTextContent('Legal form: GmbH');

    await user.click(registry);
    await heading('Company details');
    expect(location.current?.pathname).toBe('/application/company-details');
    expect(screen.getByRole('textbox', { name: /^Company name/ })).toHaveValue('Musterbau Schmidt GmbH');
    expect(screen.getByRole('textbox', { name: /^Street/ })).toHaveValue('Hauptstraße');
    expect(screen.getByRole('textbox', { name: /^House number/ })).toHaveValue('12');
    expect(screen.getByRole('textbox', { name: /^Postcode/ })).toHaveValue('10115');
    expect(screen.getByRole('textbox', { name: /^City/ })).toHaveValue('Berlin');
    expect(screen.getByRole('combobox', { name: /^Legal form/ })).toHaveValue('GMBH');
    expect(screen.getByRole('textbox', { name: /^Country/ })).toHaveValue('Germany');
    expect(wizardStore('demo').get().values).toMatchObject({
      external_provider_company_id: 'reg-1001',
      companyCreditProviderId: 'reg-1001',
      company_id: null,
    });
  });

  it('shows the empty and the error state, and continues manually with the typed name', async () => {
    preset(LOAN_INFO, { loanInfo: true });
    const user = userEvent.setup();
    let fail = false;
    const { location } = await renderApp({
      path: '/application/company-name',
      app: PURPOSES,
      api: {
        'GET /company_search': () =>
          fail
            ? { status: 500, body: errorBody('err_internal') }
            : { body: { our_companies: [], external_provider_companies: [] } },
      },
    });
    await heading('Your company');
    const input = screen.getByRole('textbox', { name: /^Company name/ });
    await user.type(input, 'Nirgendwo KG');
    expect(
      await screen.findByText('No company found. Please check the name or enter your details manually.'),
    ).toBeInTheDocument();

    fail = true;
    await user.type(input, 'x');
    expect(await screen.findByText('The search is not available')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Enter details manually' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/Please enter at least 4 characters\./));

    await user.type(input, 'd GmbH');
    await user.click(screen.getByRole('button', { name: 'Enter details manually' }));
    await heading('Company details');
    expect(location.current?.pathname).toBe('/application/company-details');
    expect(screen.getByRole('textbox', { name: /^Company name/ })).toHaveValue('abcd GmbH');
  });
});

describe('company details (step 3)', () => {
  const purposeSelect = () => screen.queryByRole('combobox', { name: /^Purpose of the financing/ });
  const description = () => screen.queryByRole('textbox', { name: /^Description of the purpose/ });

  it('asks for the purpose with more than one, and for the description only for "other"', async () => {
    preset({ ...LOAN_INFO, companyName: 'Musterbau' }, { loanInfo: true, companyName: true });
    const user = userEvent.setup();
    await renderApp({ path: '/application/company-details', app: PURPOSES });
    await heading('Company details');
    expect(purposeSelect()).toBeInTheDocument();
    expect([...purposeSelect()!.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Please choose',
      'Operating expenses',
      'Inventory expansion',
      'Other',
    ]);
    expect(description()).not.toBeInTheDocument();
    await user.selectOptions(purposeSelect()!, 'other');
    expect(description()).toBeInTheDocument();
    await user.selectOptions(purposeSelect()!, 'inventory_expansion');
    expect(description()).not.toBeInTheDocument();
  });

  it('shows only the description when "other" is the only purpose, and neither for factoring', async () => {
    preset(
      { ...LOAN_INFO, allBanksLoanPurpose: 'event_driven_financing_loan', companyName: 'Musterbau' },
      { loanInfo: true, companyName: true },
    );
    const first = await renderApp({ path: '/application/company-details', app: PURPOSES });
    await heading('Company details');
    expect(purposeSelect()).not.toBeInTheDocument();
    expect(description()).toBeInTheDocument();
    first.unmount();

    preset(
      { ...LOAN_INFO, allBanksLoanPurpose: 'factoring', companyName: 'Musterbau' },
      { loanInfo: true, companyName: true },
    );
    await renderApp({ path: '/application/company-details', app: PURPOSES });
    await heading('Company details');
    expect(purposeSelect()).not.toBeInTheDocument();
    expect(description()).not.toBeInTheDocument();
  });

  it('validates with the contract rules and goes on to the account creation (guests)', async () => {
    preset({ ...LOAN_INFO, companyName: 'Musterbau' }, { loanInfo: true, companyName: true });
    const user = userEvent.setup();
    const { location } = await renderApp({ path: '/application/company-details', app: PURPOSES });
    await heading('Company details');
    await user.type(screen.getByRole('textbox', { name: /^House number/ }), '12#');
    await user.type(screen.getByRole('textbox', { name: /^Postcode/ }), '10115');
    await user.type(screen.getByRole('textbox', { name: /^Tax number/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Street/ })).toHaveAccessibleDescription('This field is required.'),
    );
    expect(screen.getByRole('textbox', { name: /^House number/ })).toHaveAccessibleDescription(
      'The entry contains invalid characters.',
    );
    expect(screen.getByRole('textbox', { name: /^Tax number/ })).toHaveAccessibleDescription(
      /Please enter a German tax number/,
    );
    expect(screen.getByRole('combobox', { name: /^Purpose of the financing/ })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('textbox', { name: /^Street/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /^Street/ }), 'Hauptstraße');
    await user.clear(screen.getByRole('textbox', { name: /^House number/ }));
    await user.type(screen.getByRole('textbox', { name: /^House number/ }), '12a');
    await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Berlin');
    await user.clear(screen.getByRole('textbox', { name: /^Tax number/ }));
    await user.type(screen.getByRole('textbox', { name: /^Business purpose/ }), 'Hoch- und Tiefbau');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Purpose of the financing/ }), 'other');
    await user.type(screen.getByRole('textbox', { name: /^Description of the purpose/ }), 'Zu kurz');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Description of the purpose/ })).toHaveAccessibleDescription(
        /Please enter at least 30 characters\./,
      ),
    );
    await user.type(
      screen.getByRole('textbox', { name: /^Description of the purpose/ }),
      ': neue Baumaschinen für den Tiefbau',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Create account');
    expect(location.current?.pathname).toBe('/application/account-creation');
    expect(wizardStore('demo').get()).toMatchObject({ companyDetailsFinished: true });
  });
});

describe('persistence and guards', () => {
  it('keeps every value across a reload (remount) and in a new tab', async () => {
    const user = userEvent.setup();
    const first = await renderApp({ path: '/application/loan-info', app: PURPOSES });
    await heading('Your financing request');
    const duration = screen.getByRole('textbox', { name: /^Duration/ });
    await user.clear(duration);
    await user.type(duration, '30');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Your company');
    await user.type(screen.getByRole('textbox', { name: /^Company name/ }), 'Halbfertig GmbH');
    first.unmount();

    // A reload: the in-memory state is gone, localStorage stays.
    forgetWizardStores();
    const { location } = await renderApp({ path: '/application/company-name', app: PURPOSES });
    await heading('Your company');
    expect(screen.getByRole('textbox', { name: /^Company name/ })).toHaveValue('Halbfertig GmbH');
    await user.click(screen.getByRole('link', { name: /Financing/ }));
    await heading('Your financing request');
    expect(location.current?.pathname).toBe('/application/loan-info');
    expect(screen.getByRole('textbox', { name: /^Duration/ })).toHaveValue('30');
  });

  it.each([
    ['/application/company-name', {}, '/application/loan-info'],
    ['/application/company-details', { loanInfo: true }, '/application/company-name'],
    ['/application/account-creation', { loanInfo: true, companyName: true }, '/application/company-details'],
  ])('sends %s back to the first unfinished step', async (path, flags, target) => {
    preset({ ...LOAN_INFO, companyName: 'Musterbau' }, flags);
    const { location } = await renderApp({ path, app: PURPOSES });
    await waitFor(() => expect(location.current?.pathname).toBe(target));
  });

  it('resets the state and opens the dashboard when the result is opened without a finished wizard', async () => {
    preset(LOAN_INFO, { loanInfo: true });
    const { location, api } = await renderApp({ path: '/application/application-result', authenticated: true });
    await heading('My loans');
    expect(location.current?.pathname).toBe('/dashboard/applications');
    expect(api.callsTo('POST /user/applications')).toHaveLength(0);
    expect(wizardStore('demo').get().loanInfoFinished).toBe(false);
  });

  it('shows the stepper with account creation only for guests', async () => {
    await renderApp({ path: '/application/loan-info', app: PURPOSES });
    await heading('Your financing request');
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Financing (current step)', '2Company', '3Details', '4Account', '5Result']);
  });
});

describe('account creation and result', () => {
  const application = (overrides = {}) => ({ status: 201, body: { application: buildCreatedApplication(overrides) } });

  it('registers the guest, logs in and creates the application with every value', async () => {
    preset(
      {
        ...LOAN_INFO,
        ...COMPANY,
        external_provider_company_id: 'reg-1001',
        companyCreditProviderId: 'reg-1001',
        external_provider_name: 'demo_registry',
      },
      { loanInfo: true, companyName: true, details: true },
    );
    window.localStorage.setItem(
      'fp:demo:referral',
      JSON.stringify({ data: { ref: 'newsletter', utm_source: 'mail' }, expires_at: Date.now() + 86_400_000 }),
    );
    const user = userEvent.setup();
    const { api, location } = await renderApp({
      path: '/application/account-creation',
      app: PURPOSES,
      api: {
        'POST /user/users': { status: 201, body: { ok: true } },
        'POST /user/account/login': { body: { ok: true } },
        'POST /user/applications': application(),
      },
    });
    await heading('Create account');
    await user.type(screen.getByLabelText(/^E-mail address/), 'neu@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Create account and show result' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Your indicative offer' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/application/application-result');
    expect(api.callsTo('POST /user/users')).toHaveLength(1);
    const [created] = api.callsTo('POST /user/applications');
    expect(created?.body).toEqual({
      allBanksLoanPurpose: 'working_capital_loan',
      loanSize: 100000,
      loanDuration: 48,
      display_duration_unit: 'months',
      currency: 'EUR',
      companyName: 'Musterbau Schmidt GmbH',
      companyType: 'GMBH',
      street: 'Hauptstraße',
      houseNumber: '12',
      companyPostCode: '10115',
      companyLocation: 'Berlin',
      companyCountry: 'DE',
      businessPurpose: 'Hoch- und Tiefbau',
      companyCreditProviderId: 'reg-1001',
      company_id: null,
      external_provider_company_id: 'reg-1001',
      external_provider_name: 'demo_registry',
      purposeSelect: 'operating_expenses',
      purposeDescription: null,
      purpose_key: 'operating_expenses',
      factoring_limit: null,
      has_international_customers: null,
      annual_sales_previous_year: null,
      dynamic_form: false,
      referrer: 'newsletter',
      referral_data: { ref: 'newsletter', utm_source: 'mail' },
    });
    // Cleared after the creation.
    expect(wizardStore('demo').get().loanInfoFinished).toBe(false);
    expect(JSON.parse(window.localStorage.getItem('fp:demo:wizard')!).values.companyName).toBe('');
  });

  it('shows the offer: id, amount, duration, rate, monthly rate, fee; Complete application opens it', async () => {
    preset({ ...LOAN_INFO, ...COMPANY }, { loanInfo: true, companyName: true, details: true });
    const user = userEvent.setup();
    const { location } = await renderApp({
      path: '/application/application-result',
      authenticated: true,
      app: PURPOSES,
      api: {
        'POST /user/applications': application(),
        // The dashboard the link opens (its page is checked by its own tests; here it only loads).
        'GET /user/applications/:id': {
          body: { application: buildApplication({ applicationId: 'app-0001', shortApplicationId: 'FP-1A2B3C' }) },
        },
        'GET /user/applications/:id/next_status_validate': { body: buildNextStatus() },
        'GET /user/applications/:id/signatories': { body: { signatories: [], guarantees_required: false } },
        'GET /user/applications/:id/register_persons': { body: { source: null, persons: [] } },
        'GET /user/applications/:id/documents': { body: { result: [] } },
        'GET /user/applications/:id/requests': { body: { requests: [], can_answer: true } },
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Your indicative offer' });
    const figures = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(figures('Offer ID')).toBe('FP-1A2B3C');
    expect(figures('Loan amount')).toBe('€100,000');
    expect(figures('Duration')).toBe('48 months');
    expect(figures('Indicative interest rate (p.a.)')).toBe('5.75%');
    expect(figures('Indicative monthly rate')).toBe('€2,337.12');
    expect(figures('Transaction fee (financing costs)')).toBe('€2,000');
    await user.click(screen.getByRole('link', { name: 'Complete application' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/dashboard/applications/app-0001'));
    // The page it opened has loaded the application (a test that ends while it loads races it).
    expect(await screen.findByRole('heading', { level: 1, name: /FP-1A2B3C/ })).toBeInTheDocument();
  });

  it('shows ranges when the offer is a range, and the factoring limit and fee', async () => {
    preset({ ...LOAN_INFO, ...COMPANY }, { loanInfo: true, companyName: true, details: true });
    const range = application({
      pricing: {
        ...buildCreatedApplication().pricing!,
        offer_rate_low: 5.5,
        offer_rate_high: 6.5,
        offer_representative_monthly_rate_low: 2325.65,
        offer_representative_monthly_rate_high: 2371.54,
        offer_is_range: true,
      },
    });
    const first = await renderApp({
      path: '/application/application-result',
      authenticated: true,
      app: PURPOSES,
      api: { 'POST /user/applications': range },
    });
    await screen.findByRole('heading', { level: 2, name: 'Your indicative offer' });
    expect(screen.getByText('Indicative interest rate (p.a.)').nextElementSibling).toHaveTextContent('5.50% – 6.50%');
    expect(screen.getByText('Indicative monthly rate').nextElementSibling).toHaveTextContent('€2,325.65 – €2,371.54');
    first.unmount();

    preset(
      {
        ...LOAN_INFO,
        ...COMPANY,
        allBanksLoanPurpose: 'factoring',
        factoring_limit: 250000,
        annual_sales_previous_year: 1200000,
        has_international_customers: false,
      },
      { loanInfo: true, companyName: true, details: true },
    );
    const { api } = await renderApp({
      path: '/application/application-result',
      authenticated: true,
      app: PURPOSES,
      api: {
        'POST /user/applications': application({
          allBanksLoanPurpose: 'factoring',
          loanSize: null,
          loanDuration: null,
          // As the API answers factoring: no loan pricing, the fee on the limit.
          pricing: null,
          factoring: {
            factoring_limit: 250000,
            factoring_fee_rate: 1.8,
            annual_factoring_fee: 4500,
            annual_sales_previous_year: 1200000,
            annual_sales_previous_year_abroad: null,
          },
        }),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Your indicative offer' });
    expect(screen.getByText('Factoring limit').nextElementSibling).toHaveTextContent('€250,000');
    expect(screen.getByText('Factoring fee').nextElementSibling).toHaveTextContent(
      '1.80% of the limit per year (€4,500)',
    );
    expect(screen.queryByText('Loan amount')).not.toBeInTheDocument();
    expect(api.callsTo('POST /user/applications')[0]?.body).toMatchObject({
      loanSize: null,
      loanDuration: null,
      factoring_limit: 250000,
      has_international_customers: false,
      annual_sales_previous_year: 1200000,
      purposeSelect: null,
      purposeDescription: null,
    });
  });

  it('shows no figures without pricing, only that the application was received', async () => {
    preset({ ...LOAN_INFO, ...COMPANY }, { loanInfo: true, companyName: true, details: true });
    await renderApp({
      path: '/application/application-result',
      authenticated: true,
      app: PURPOSES,
      api: { 'POST /user/applications': application({ pricing: null }) },
    });
    await screen.findByRole('heading', { level: 2, name: 'Your application has been received' });
    expect(screen.queryByText('Indicative interest rate (p.a.)')).not.toBeInTheDocument();
    expect(screen.queryByText('Loan amount')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete application' })).toBeInTheDocument();
  });

  it('shows a rejection with the reason, the support contacts and a way back to the website', async () => {
    preset({ ...LOAN_INFO, ...COMPANY, companyType: 'GBR' }, { loanInfo: true, companyName: true, details: true });
    await renderApp({
      path: '/application/application-result',
      authenticated: true,
      app: PURPOSES,
      api: {
        'POST /user/applications': application({
          status: 'Rejected',
          pricing: null,
          rejection_reason: 'err_company_type_not_allowed',
        }),
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Unfortunately, we cannot make you an offer' });
    expect(screen.getByRole('heading', { level: 1, name: 'Your application' })).toBeInTheDocument();
    expect(screen.getByText('Unfortunately we cannot offer financing for this legal form.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Phone: +49 30 1234 5678' })).toHaveAttribute('href', 'tel:+493012345678');
    expect(screen.getByRole('link', { name: 'E-mail: support@demo-finanz.example' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to website' })).toHaveAttribute(
      'href',
      'https://demo-finanz.example',
    );
    expect(screen.queryByRole('link', { name: 'Complete application' })).not.toBeInTheDocument();
  });

  it('keeps every value on failure and sends field errors back to their step', async () => {
    preset({ ...LOAN_INFO, ...COMPANY }, { loanInfo: true, companyName: true, details: true });
    const user = userEvent.setup();
    let reply: MockReply = { status: 400, body: errorBody({ code: 'err_invalid_postcode', field: 'companyPostCode' }) };
    const { location, api } = await renderApp({
      path: '/application/application-result',
      authenticated: true,
      app: PURPOSES,
      api: { 'POST /user/applications': () => reply },
    });
    expect(await screen.findByText('Your application could not be submitted')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid postcode.')).toBeInTheDocument();
    expect(wizardStore('demo').get().values.companyName).toBe('Musterbau Schmidt GmbH');

    await user.click(screen.getByRole('link', { name: 'Correct entries' }));
    await heading('Company details');
    expect(location.current?.pathname).toBe('/application/company-details');
    const postcode = screen.getByRole('textbox', { name: /^Postcode/ });
    expect(postcode).toHaveAccessibleDescription('Please enter a valid postcode.');
    expect(postcode).toHaveValue('10115');

    reply = application();
    await user.clear(postcode);
    await user.type(postcode, '10117');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Your indicative offer' });
    expect(api.callsTo('POST /user/applications')).toHaveLength(2);
    expect(api.callsTo('POST /user/applications')[1]?.body).toMatchObject({ companyPostCode: '10117' });
  });
});
