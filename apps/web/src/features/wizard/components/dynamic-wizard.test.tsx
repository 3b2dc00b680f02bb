import { dynamicFormConfig, type DynamicFormConfig, type FieldUi } from '@finportal/contracts/dynamic-forms';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody } from '../../../test/api-mock';
import { buildDynamicForm } from '../../../test/dynamic-form-fixture';
import { buildCompanySearchResult, buildCreatedApplication, buildPartnerConfig } from '../../../test/factories';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';
import { wizardStore } from '../model/wizard-state';

// The first test loads the lazy route: on a busy machine that takes longer than findBy's default second.
const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

const APP: RenderAppOptions['app'] = {
  is_dynamic_form: true,
  countries: ['AT', 'DE'],
  currencies: { supported: ['EUR', 'CHF'], default: 'EUR' },
  company_types: { supported: ['GMBH', 'AG'], default: 'GMBH' },
  loan_purposes: { items: [], by_loan_type: { working_capital_loan: ['operating_expenses', 'other'] } },
};

function openDynamic(options: RenderAppOptions = {}) {
  return renderApp({
    path: '/application/new',
    app: APP,
    ...options,
    api: {
      'GET /dynamic_forms_config': { body: buildDynamicForm() },
      'GET /company_search': {
        body: {
          our_companies: [],
          external_provider_companies: [
            buildCompanySearchResult({ land: 'AT', plz: '1010', ort: 'Wien', foundation_date: '2015-03-01' }),
          ],
        },
      },
      ...options.api,
    },
  });
}

const next = () => screen.getByRole('button', { name: 'Next' });

describe('dynamic wizard', () => {
  it('uses a valid form configuration (contract schema)', () => {
    expect(dynamicFormConfig.safeParse(buildDynamicForm()).success).toBe(true);
  });

  it('opens the first configured step with one stepper entry per step, plus account and result for guests', async () => {
    const { location, api } = await openDynamic();
    await heading('Financing');
    expect(location.current?.pathname).toBe('/application/new/financing');
    expect(api.callsTo('GET /dynamic_forms_config')[0]?.query.get('dynamic_forms_name')).toBe('application');
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Financing (current step)', '2Company', '3Details', '4Account', '5Result']);
    // Defaults: the loan type, the sliders.
    expect(screen.getByRole('combobox', { name: /^Type of financing/ })).toHaveValue('working_capital_loan');
    expect(screen.getByRole('slider', { name: 'Amount' })).toHaveValue('100000');
    expect(screen.getByRole('slider', { name: 'Duration in years' })).toHaveAttribute('max', '5');
    expect(screen.getByRole('slider', { name: 'Duration in years' })).toHaveValue('4');
  });

  it('validates with the shared validator on Next; Back keeps values without validating', async () => {
    const user = userEvent.setup();
    const { location } = await openDynamic();
    await heading('Financing');
    await user.click(next());
    const purpose = screen.getByRole('combobox', { name: /^Purpose/ });
    expect(purpose).toHaveAccessibleDescription('This field is required.');
    expect(purpose).toHaveFocus();
    expect(location.current?.pathname).toBe('/application/new/financing');

    await user.selectOptions(purpose, 'other');
    fireEvent.change(screen.getByRole('slider', { name: 'Duration in years' }), { target: { value: '3' } });
    await user.click(next());
    await heading('Company');

    const postcode = screen.getByRole('textbox', { name: /^Postcode/ });
    await user.type(postcode, '12');
    await user.click(next());
    expect(postcode).toHaveAccessibleDescription('The entry does not have the expected format.');
    expect(screen.getByRole('textbox', { name: /^Date of foundation/ })).toHaveAccessibleDescription(
      'This field is required.',
    );

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await heading('Financing');
    expect(screen.getByRole('combobox', { name: /^Purpose/ })).toHaveValue('other');
    expect(screen.getByRole('slider', { name: 'Duration in years' })).toHaveValue('3');
    expect(wizardStore('demo').get().dynamic.values.companyPostCode).toBe('12');
  });

  it('sends a step opened out of order back to the first step', async () => {
    const { location } = await openDynamic({ path: '/application/new/details' });
    await heading('Financing');
    expect(location.current?.pathname).toBe('/application/new/financing');
  });

  it('shows the generic error view when the form configuration cannot be loaded (no toast)', async () => {
    await openDynamic({ api: { 'GET /dynamic_forms_config': { status: 500, body: errorBody('err_internal') } } });
    expect(await heading('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText('An unexpected error occurred. Please try again later.')).not.toBeInTheDocument();
  });

  it('loads the form configuration again when the wizard is opened again after a failure', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { api } = await openDynamic({
      api: {
        'GET /dynamic_forms_config': () =>
          ++calls === 1 ? { status: 503, body: errorBody('err_internal') } : { body: buildDynamicForm() },
      },
    });
    await heading('Something went wrong');
    expect(screen.getByText('Error code: 503')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /go to home page/ }));
    await heading('Financing');
    expect(api.callsTo('GET /dynamic_forms_config')).toHaveLength(2);
    // The next steps use the loaded form: no third request.
    await user.selectOptions(screen.getByRole('combobox', { name: /^Purpose/ }), 'other');
    await user.click(next());
    await heading('Company');
    expect(api.callsTo('GET /dynamic_forms_config')).toHaveLength(2);
  });

  it('fills the form, creates the account and sends standard fields, custom fields and converted values', async () => {
    const user = userEvent.setup();
    const { api, location } = await openDynamic({
      api: {
        'POST /user/users': { status: 201, body: { ok: true } },
        'POST /user/account/login': { body: { ok: true } },
        'POST /user/applications': {
          status: 201,
          body: { application: buildCreatedApplication({ loanDuration: 36, display_duration_unit: 'years' }) },
        },
      },
    });
    await heading('Financing');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Purpose/ }), 'operating_expenses');
    fireEvent.change(screen.getByRole('slider', { name: 'Duration in years' }), { target: { value: '3' } });
    await user.click(next());

    await heading('Company');
    await user.type(await screen.findByRole('textbox', { name: /^Company name/ }), 'Musterbau');
    await user.click(await screen.findByRole('button', { name: /Musterbau Schmidt GmbH/ }));
    expect(screen.getByRole('textbox', { name: /^Postcode/ })).toHaveValue('1010');
    expect(screen.getByRole('textbox', { name: /^Date of foundation/ })).toHaveValue('01.03.2015');
    expect(screen.getByRole('combobox', { name: /^Legal form/ })).toHaveValue('GMBH');
    await user.click(next());

    await heading('Details');
    await user.type(screen.getByRole('textbox', { name: /^Equity ratio/ }), '12,5');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Industry/ }), 'trade');
    await user.click(next());
    const consent = screen.getByRole('checkbox', { name: /I agree to the credit check/ });
    expect(consent).toHaveAccessibleDescription('Without your consent we cannot make an offer.');
    // A label without an English text falls back to German.
    expect(screen.getByRole('radiogroup', { name: /Bestehen Leasingverträge/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(consent);
    await user.click(next());

    await heading('Create account');
    expect(location.current?.pathname).toBe('/application/new/account-creation');
    await user.type(screen.getByLabelText(/^E-mail address/), 'alpen@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Create account and show result' }));

    await screen.findByRole('heading', { level: 2, name: 'Your indicative offer' });
    expect(location.current?.pathname).toBe('/application/new/application-result');
    expect(screen.getByText('Duration').nextElementSibling).toHaveTextContent('3 years');
    const body = api.callsTo('POST /user/applications')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      allBanksLoanPurpose: 'working_capital_loan',
      loanSize: 100000,
      loanDuration: 36,
      display_duration_unit: 'years',
      currency: 'EUR',
      purposeSelect: 'operating_expenses',
      companyCountry: 'AT',
      companyName: 'Musterbau Schmidt GmbH',
      companyType: 'GMBH',
      companyPostCode: '1010',
      foundation_date: '2015-03-01',
      external_provider_company_id: 'reg-1001',
      dynamic_form: true,
    });
    expect(body.custom_fields_list).toEqual([
      { field_id: 'equity_ratio', field_value: 0.125 },
      { field_id: 'industry', field_value: 'trade' },
      { field_id: 'existing_leasing', field_value: true },
      { field_id: 'consent_credit_check', field_value: true },
    ]);
    expect(body).not.toHaveProperty('purposeDescription');
    await waitFor(() => expect(wizardStore('demo').get().dynamic.lastFinishedStep).toBe(-1));
  });
});

/** The fixture form with a revenue amount (a decimal custom field in EUR) in its first step. */
function formWithRevenue(): DynamicFormConfig {
  const form = buildDynamicForm();
  form.ui_config.loan_purposes.working_capital_loan!.steps[0]!.fields.push({
    id: 'annual_revenue',
    ui_type: 'input_number',
    unit: 'currency',
    label: { de: 'Umsatz', en: 'Revenue' },
    validation: [{ kind: 'required' }, { kind: 'max', value: 999999999 }],
  } as FieldUi);
  form.definitions.fields.push({ id: 'annual_revenue', field_type: 'custom', value_type: 'decimal', scope: 'company' });
  form.definitions.loan_purposes[0]!.fields.push('annual_revenue');
  return form;
}

const ENTITLED = {
  entitlements: [...buildPartnerConfig().entitlements, 'customized_application_amounts'],
} as Parameters<typeof buildPartnerConfig>[0];

describe('dynamic wizard: numbers in the user language (finding 4)', () => {
  it('reads German thousands separators and the decimal comma; the amount is not multiplied', async () => {
    const user = userEvent.setup();
    await openDynamic({ partner: ENTITLED, api: { 'GET /dynamic_forms_config': { body: formWithRevenue() } } });
    await heading('Financing');
    await act(() => i18n.changeLanguage('de'));
    await heading('Finanzierung');
    const amount = screen.getByRole('textbox', { name: /^Betrag/ });
    expect(amount).toHaveValue('100.000');
    await user.clear(amount);
    await user.type(amount, '250.000');
    await user.tab();
    expect(amount).toHaveValue('250.000');
    expect(screen.getByRole('slider', { name: 'Betrag' })).toHaveValue('250000');
    const revenue = screen.getByRole('textbox', { name: /^Umsatz/ });
    await user.type(revenue, '12.345,67');
    await user.tab();
    expect(revenue).toHaveValue('12.345,67');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Verwendungszweck/ }), 'other');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await heading('Unternehmen');
    expect(wizardStore('demo').get().dynamic.values).toMatchObject({ loanSize: 250000, annual_revenue: 12345.67 });
  });

  it('refuses malformed numbers with a message instead of guessing', async () => {
    const user = userEvent.setup();
    await openDynamic({ partner: ENTITLED, api: { 'GET /dynamic_forms_config': { body: formWithRevenue() } } });
    await heading('Financing');
    await act(() => i18n.changeLanguage('de'));
    await heading('Finanzierung');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Verwendungszweck/ }), 'other');
    const revenue = screen.getByRole('textbox', { name: /^Umsatz/ });
    await user.type(revenue, '1.2.3,4');
    // An amount (int) with a fraction is no whole amount.
    const amount = screen.getByRole('textbox', { name: /^Betrag/ });
    await user.clear(amount);
    await user.type(amount, '250.000,50');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(revenue).toHaveAccessibleDescription('Dieser Wert ist ungültig.');
    expect(revenue).toHaveValue('1.2.3,4');
    expect(amount).toHaveAccessibleDescription('Dieser Wert ist ungültig.');
    expect(screen.getByRole('heading', { level: 1, name: 'Finanzierung' })).toBeInTheDocument();
  });
});

describe('dynamic wizard: the amount and the entitlement (finding 6)', () => {
  it('without customized_application_amounts the amount input is disabled (the slider chooses)', async () => {
    await openDynamic();
    await heading('Financing');
    const amount = screen.getByRole('textbox', { name: /^Amount/ });
    expect(amount).toBeDisabled();
    expect(amount).toHaveAccessibleDescription('Please choose the amount with the slider.');
    expect(screen.getByRole('slider', { name: 'Amount' })).toBeEnabled();
  });

  it('the amount input is read out with its currency', async () => {
    await openDynamic({ partner: ENTITLED });
    await heading('Financing');
    expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveAccessibleName('Amount Euro');
  });

  it('says the maximum in the user language and currency', async () => {
    const user = userEvent.setup();
    await openDynamic({ partner: ENTITLED });
    await heading('Financing');
    await act(() => i18n.changeLanguage('de'));
    await heading('Finanzierung');
    const amount = screen.getByRole('textbox', { name: /^Betrag/ });
    await user.clear(amount);
    await user.type(amount, '600.000');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Verwendungszweck/ }), 'other');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(amount).toHaveAccessibleDescription('Der Wert darf höchstens 500.000\u00a0€ betragen.');
  });
});
