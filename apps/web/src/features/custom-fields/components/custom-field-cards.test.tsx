import type { Application } from '@finportal/contracts/applications';
import type { DynamicFormConfig, FieldDefinition, FieldUi } from '@finportal/contracts/dynamic-forms';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildDynamicForm } from '../../../test/dynamic-form-fixture';
import { buildApplication } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { applicationKeys } from '../../applications/api/query-keys';
import { CustomFieldCards } from './custom-field-cards';

const ID = 'app-1';
const CONFIG = 'GET /dynamic_forms_config';
const PATCH = `PATCH /user/applications/${ID}/custom_field_list`;

/**
 * The fixture form plus a custom field in the company step and, in the details step, a duration
 * in years, a date without a configured format and a signatory-scope field (never shown here).
 */
function buildForm(): DynamicFormConfig {
  const form = buildDynamicForm();
  const steps = form.ui_config.loan_purposes.working_capital_loan!.steps;
  const add = (
    stepId: string,
    field: Partial<FieldUi> & Pick<FieldUi, 'id' | 'ui_type'>,
    def: Partial<FieldDefinition>,
  ) => {
    steps
      .find((s) => s.id === stepId)!
      .fields.push({ label: { de: field.id, en: field.id }, validation: [], ...field } as FieldUi);
    form.definitions.fields.push({
      id: field.id,
      field_type: 'custom',
      value_type: 'text',
      scope: 'application',
      ...def,
    });
  };
  add(
    'company',
    { id: 'employees', ui_type: 'input_number', label: { de: 'Mitarbeitende', en: 'Employees' } },
    { value_type: 'int', scope: 'company' },
  );
  add(
    'details',
    { id: 'term', ui_type: 'input_number', unit: 'years', label: { de: 'Laufzeit', en: 'Term' } },
    { value_type: 'int' },
  );
  add('details', { id: 'start_date', ui_type: 'date', label: { de: 'Beginn', en: 'Start' } }, { value_type: 'date' });
  add('details', { id: 'signatory_role', ui_type: 'input', label: { en: 'Role' } }, { scope: 'signatory' });
  return form;
}

const FILLED: Partial<Application> = {
  is_dynamic_form: true,
  company_custom_fields: [
    { field_id: 'equity_ratio', field_value: 0.125 },
    { field_id: 'industry', field_value: 'trade' },
    { field_id: 'employees', field_value: 42 },
  ],
  custom_fields_list: [
    { field_id: 'existing_leasing', field_value: false },
    { field_id: 'consent_credit_check', field_value: true },
    { field_id: 'term', field_value: 48 },
    { field_id: 'start_date', field_value: '2027-03-01' },
  ],
};

async function renderCards(
  overrides: Partial<Application> = FILLED,
  api: Record<string, MockRoute> = {},
  form: DynamicFormConfig = buildForm(),
) {
  const application = buildApplication({ applicationId: ID, ...overrides });
  const user = userEvent.setup();
  const rendered = await renderComponent(<CustomFieldCards application={application} />, {
    api: { [CONFIG]: { body: form }, ...api },
  });
  return { user, application, ...rendered };
}

const card = (name: string) => screen.getByRole('region', { name });

/** The value shown under a label of a card. */
function shown(region: HTMLElement, label: string): string | null {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

async function openEditor(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  return screen.findByRole('dialog', { name: `Edit ${title}` });
}

describe('custom field cards', () => {
  it('render nothing without a dynamic form, or when the loan type has no custom fields', async () => {
    const first = await renderCards({ is_dynamic_form: false });
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(first.api.callsTo(CONFIG)).toHaveLength(0);
    first.unmount();

    const second = await renderCards({ ...FILLED, allBanksLoanPurpose: 'factoring' });
    await waitFor(() => expect(second.api.callsTo(CONFIG)).toHaveLength(1));
    expect(second.api.callsTo(CONFIG)[0]?.query.get('dynamic_forms_name')).toBe('application');
    await waitFor(() => expect(screen.queryByText('loading')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(queryClient.getQueryState(['dynamic_forms_config', 'application'])?.status).toBe('success'),
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('show one card per step with custom fields and format every value type', async () => {
    await renderCards();
    const details = await screen.findByRole('region', { name: 'Details' });
    const company = card('Company');
    expect(screen.queryByRole('region', { name: 'Financing' })).not.toBeInTheDocument();

    // Only custom fields: standard fields of the step (postcode, foundation date) are not listed.
    expect(within(company).queryByText('Postcode')).not.toBeInTheDocument();
    expect(shown(company, 'Employees')).toBe('42');

    expect(shown(details, 'Equity ratio in %')).toBe('12.5%');
    expect(shown(details, 'Industry')).toBe('Trade');
    // A radio shows its option label (German fallback when the language has none).
    expect(shown(details, 'Bestehen Leasingverträge?')).toBe('No');
    expect(shown(details, 'I agree to the credit check.')).toBe('Yes');
    expect(shown(details, 'Term')).toBe('4 years');
    expect(shown(details, 'Start')).toBe('01.03.2027');
    expect(within(details).queryByText('Role')).not.toBeInTheDocument();
    expect(within(details).queryByText('Your project')).not.toBeInTheDocument();
  });

  it('shows "not specified" for missing values and the configured date format', async () => {
    const form = buildForm();
    const start = form.ui_config.loan_purposes.working_capital_loan!.steps[2]!.fields.find(
      (f) => f.id === 'start_date',
    )!;
    start.date_format = 'YYYY/MM/DD';
    await renderCards(
      { is_dynamic_form: true, custom_fields_list: [{ field_id: 'start_date', field_value: '2027-03-01' }] },
      {},
      form,
    );
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(shown(details, 'Start')).toBe('2027/03/01');
    expect(shown(details, 'Equity ratio in %')).toBe('Not specified');
    expect(shown(details, 'Term')).toBe('Not specified');
  });

  it('disables editing without the custom_fields permission, and says why', async () => {
    await renderCards({ ...FILLED, allowed_updates: ['bankinfo'] });
    const edit = await screen.findByRole('button', { name: 'Edit Details' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(/can no longer be changed/);
    expect(screen.getByRole('button', { name: 'Edit Company' })).toBeDisabled();
  });

  it('edits a card: entered values converted (percent → decimal, years → months, date → YYYY-MM-DD)', async () => {
    const saved = buildApplication({ applicationId: ID, ...FILLED });
    const { user, api } = await renderCards(FILLED, { [PATCH]: { body: { application: saved } } });
    queryClient.setQueryData(applicationKeys.list(), []);
    const dialog = await openEditor(user, 'Details');

    // Prefilled as entered.
    expect(within(dialog).getByLabelText(/^Equity ratio in %/)).toHaveValue('12.5');
    expect(within(dialog).getByLabelText(/^Term/)).toHaveValue('4');
    expect(within(dialog).getByLabelText(/^Start/)).toHaveValue('01.03.2027');
    expect(within(dialog).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(within(dialog).getByLabelText(/^I agree to the credit check/)).toBeChecked();
    expect(within(dialog).queryByLabelText(/^Role/)).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Equity ratio in %/));
    await user.type(within(dialog).getByLabelText(/^Equity ratio in %/), '15,5');
    await user.clear(within(dialog).getByLabelText(/^Term/));
    await user.type(within(dialog).getByLabelText(/^Term/), '5');
    await user.clear(within(dialog).getByLabelText(/^Start/));
    await user.type(within(dialog).getByLabelText(/^Start/), '01062027');
    expect(within(dialog).getByLabelText(/^Start/)).toHaveValue('01.06.2027');
    await user.selectOptions(within(dialog).getByLabelText(/^Industry/), 'services');
    await user.click(within(dialog).getByRole('radio', { name: 'Yes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your details have been updated.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]?.body).toEqual({
      // Only what changed (the consent checkbox did not).
      custom_fields: [
        { field_id: 'equity_ratio', field_value: 0.155 },
        { field_id: 'industry', field_value: 'services' },
        { field_id: 'existing_leasing', field_value: true },
        { field_id: 'term', field_value: 60 },
        { field_id: 'start_date', field_value: '2027-06-01' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryData(applicationKeys.detail(ID))).toEqual(saved);
    expect(queryClient.getQueryState(applicationKeys.list())?.isInvalidated).toBe(true);
  });

  it('checks and sends only changed fields: an emptied one as null, an old start date does not block', async () => {
    const form = buildForm();
    const start = form.ui_config.loan_purposes.working_capital_loan!.steps[2]!.fields.find(
      (f) => f.id === 'start_date',
    )!;
    start.validation = [{ kind: 'required' }, { kind: 'date_from', value: 'today' }];
    const overrides = {
      ...FILLED,
      custom_fields_list: [...FILLED.custom_fields_list!.filter((c) => c.field_id !== 'start_date')],
    };
    overrides.custom_fields_list.push({ field_id: 'start_date', field_value: '2020-01-01' });
    const saved = buildApplication({ applicationId: ID, ...overrides });
    const { user, api } = await renderCards(overrides, { [PATCH]: { body: { application: saved } } }, form);

    // Saving without a change sends nothing.
    let dialog = await openEditor(user, 'Details');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(PATCH)).toHaveLength(0);

    dialog = await openEditor(user, 'Details');
    await user.clear(within(dialog).getByLabelText(/^Equity ratio in %/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details have been updated.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ custom_fields: [{ field_id: 'equity_ratio', field_value: null }] });
  });

  it('flags an untouched required field that is still empty and sends nothing', async () => {
    const overrides = {
      ...FILLED,
      company_custom_fields: FILLED.company_custom_fields!.filter((c) => c.field_id !== 'industry'),
    };
    const { user, api } = await renderCards(overrides, { [PATCH]: { status: 500 } });
    const dialog = await openEditor(user, 'Details');
    const term = within(dialog).getByLabelText(/^Term/);
    await user.clear(term);
    await user.type(term, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)).toHaveLength(0);
  });

  it('validates like the wizard and sends nothing while a field is wrong', async () => {
    const { user, api } = await renderCards(FILLED, { [PATCH]: { status: 500 } });
    const dialog = await openEditor(user, 'Details');
    const equity = within(dialog).getByLabelText(/^Equity ratio in %/);
    const start = within(dialog).getByLabelText(/^Start/);
    await user.clear(equity);
    await user.type(equity, '150');
    await user.clear(start);
    await user.type(start, '31022027');
    await user.click(within(dialog).getByLabelText(/^I agree to the credit check/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The bound in the field's unit and the user's format (finding 6).
    await waitFor(() => expect(equity).toHaveAccessibleDescription('The value must not exceed 100%.'));
    expect(start).toHaveAccessibleDescription('Please enter a valid date.');
    expect(within(dialog).getByText('Without your consent we cannot make an offer.')).toBeInTheDocument();
    expect(equity).toHaveFocus();
    expect(api.callsTo(PATCH)).toHaveLength(0);
  });

  it('puts server field errors on the fields, keeps what was typed, and toasts other failures', async () => {
    let reply: { status: number; body: unknown } = {
      status: 400,
      body: errorBody({ code: 'err_too_big', field: 'custom_fields.employees', values: { max: 100000 } }),
    };
    const { user } = await renderCards(FILLED, { [PATCH]: () => reply });
    const dialog = await openEditor(user, 'Company');
    const employees = within(dialog).getByLabelText(/^Employees/);
    await user.clear(employees);
    await user.type(employees, '250000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(employees).toHaveAccessibleDescription('The value must not exceed 100,000.'));
    // What was typed is kept, written in the user's format once the field is left.
    expect(employees).toHaveValue('250,000');

    reply = { status: 403, body: errorBody('err_no_permission') };
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(employees).toHaveValue('250,000');
  });
});

describe('custom field editor: numbers in the user language (finding 4)', () => {
  /** buildForm plus a revenue amount (decimal, EUR) in the company step. */
  function formWithRevenue(): DynamicFormConfig {
    const form = buildForm();
    form.ui_config.loan_purposes.working_capital_loan!.steps[1]!.fields.push({
      id: 'annual_revenue',
      ui_type: 'input_number',
      unit: 'currency',
      label: { de: 'Umsatz', en: 'Revenue' },
      validation: [],
    } as FieldUi);
    form.definitions.fields.push({
      id: 'annual_revenue',
      field_type: 'custom',
      value_type: 'decimal',
      scope: 'company',
    });
    return form;
  }

  it('shows stored numbers in German and reads German thousands separators and decimal commas', async () => {
    await act(() => i18n.changeLanguage('de'));
    const saved = buildApplication({ applicationId: ID, ...FILLED });
    const { user, api } = await renderCards(
      {
        ...FILLED,
        company_custom_fields: [...FILLED.company_custom_fields!, { field_id: 'annual_revenue', field_value: 1250000 }],
      },
      { [PATCH]: { body: { application: saved } } },
      formWithRevenue(),
    );
    await user.click(await screen.findByRole('button', { name: 'Unternehmen bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unternehmen bearbeiten' });
    const revenue = within(dialog).getByLabelText(/^Umsatz/);
    expect(revenue).toHaveValue('1.250.000');
    expect(within(dialog).getByLabelText(/^Mitarbeitende/)).toHaveValue('42');
    await user.clear(revenue);
    await user.type(revenue, '2.500.000,75');
    const employees = within(dialog).getByLabelText(/^Mitarbeitende/);
    await user.clear(employees);
    await user.type(employees, '1.200');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]?.body).toEqual({
      custom_fields: [
        { field_id: 'employees', field_value: 1200 },
        { field_id: 'annual_revenue', field_value: 2500000.75 },
      ],
    });
  });

  it('refuses more than two fraction digits and a fraction in a whole-number field', async () => {
    await act(() => i18n.changeLanguage('de'));
    const { user, api } = await renderCards(FILLED, {}, formWithRevenue());
    await user.click(await screen.findByRole('button', { name: 'Unternehmen bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unternehmen bearbeiten' });
    const revenue = within(dialog).getByLabelText(/^Umsatz/);
    // Not 12.345: more fraction digits than the precision of 2 (spec 1 section 9) are not guessed.
    await user.type(revenue, '12,345');
    const employees = within(dialog).getByLabelText(/^Mitarbeitende/);
    await user.clear(employees);
    await user.type(employees, '12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(revenue).toHaveAccessibleDescription('Dieser Wert ist ungültig.'));
    expect(revenue).toHaveValue('12,345');
    expect(employees).toHaveAccessibleDescription('Dieser Wert ist ungültig.');
    expect(api.callsTo(PATCH)).toHaveLength(0);
  });
});
