/**
 * A partner's signatory form and the Representatives tab around it, for the tests of the signatory
 * custom fields (issue 10): on the form (signatory-custom-fields-form.test.tsx) and on the cards
 * (signatory-custom-fields-cards.test.tsx).
 */
import type { Application } from '@finportal/contracts/applications';
import type { FieldUi } from '@finportal/contracts/dynamic-forms';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import type { SignatoryFormConfig } from '@finportal/contracts/signatory-custom-fields';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, type MockRoute } from './api-mock';
import { buildApplication } from './factories';
import { renderComponent } from './render-component';
import { RepresentativesTab } from '../features/representatives/components/representatives-tab';

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/signatories`;
const REGISTER = `GET /user/applications/${ID}/register_persons`;
export const POST = `POST /user/applications/${ID}/signatories`;
export const PATCH = `PATCH /user/applications/${ID}/signatories/:signatoryId`;
export const FORM_CONFIG = 'GET /dynamic_forms_config';

type User = ReturnType<typeof userEvent.setup>;

// The partner's signatory form: working capital loans ask three questions in two steps, factoring another one.
const pep: FieldUi = {
  id: 'pep',
  ui_type: 'radio',
  label: { en: 'Politically exposed person', de: 'Politisch exponierte Person' },
  options: [
    { value: 'true', label: { en: 'Yes', de: 'Ja' } },
    { value: 'false', label: { en: 'No', de: 'Nein' } },
  ],
  validation: [{ kind: 'required' }],
};
const income: FieldUi = {
  id: 'net_monthly_income',
  ui_type: 'input_number',
  label: { en: 'Net monthly income', de: 'Monatliches Nettoeinkommen' },
  unit: 'currency',
  min: 0,
  validation: [],
};
const residentSince: FieldUi = {
  id: 'resident_since',
  ui_type: 'date',
  label: { en: 'Resident since', de: 'Wohnhaft seit' },
  validation: [{ kind: 'date_to', value: 'today' }],
};
const factoringShare: FieldUi = {
  id: 'factoring_share',
  ui_type: 'input',
  label: { en: 'Share of factored sales', de: 'Anteil am Factoring' },
  validation: [],
};
const FORM: SignatoryFormConfig = {
  ui_config: {
    loan_purposes: {
      working_capital_loan: {
        steps: [
          { id: 'compliance', title: { en: 'Compliance', de: 'Compliance' }, fields: [pep] },
          { id: 'finances', title: { en: 'Personal finances', de: 'Finanzen' }, fields: [income, residentSince] },
        ],
      },
      factoring: { steps: [{ id: 'factoring', title: { en: 'Factoring details' }, fields: [factoringShare] }] },
    },
  },
  definitions: {
    fields: [
      { id: 'pep', field_type: 'custom', value_type: 'boolean', scope: 'signatory' },
      { id: 'net_monthly_income', field_type: 'custom', value_type: 'decimal', scope: 'signatory' },
      { id: 'resident_since', field_type: 'custom', value_type: 'date', scope: 'signatory' },
      { id: 'factoring_share', field_type: 'custom', value_type: 'text', scope: 'signatory' },
    ],
    loan_purposes: [
      { name: 'working_capital_loan', fields: ['pep', 'net_monthly_income', 'resident_since'], currencies: ['EUR'] },
      { name: 'factoring', fields: ['factoring_share'], currencies: ['EUR'] },
    ],
  },
};

/** The form answers only `dynamic_forms_name=signatory`; `form: null` is a partner without one (404). */
const formRoute =
  (form: SignatoryFormConfig | null): MockRoute =>
  ({ query }) =>
    form && query.get('dynamic_forms_name') === 'signatory'
      ? { body: form }
      : { status: 404, body: errorBody('err_not_found') };

export async function renderTab(
  signatories: Signatory[],
  {
    application = {},
    api = {},
    form = FORM,
    heading = 'Representatives',
  }: {
    application?: Partial<Application>;
    api?: Record<string, MockRoute>;
    form?: SignatoryFormConfig | null;
    heading?: string;
  } = {},
) {
  const app = buildApplication({ applicationId: ID, allBanksLoanPurpose: 'working_capital_loan', ...application });
  const user = userEvent.setup();
  const rendered = await renderComponent(<RepresentativesTab application={app} />, {
    app: { countries: ['DE', 'AT'] },
    api: {
      [LIST]: { body: { signatories, guarantees_required: false } },
      [REGISTER]: { body: { source: null, persons: [] } },
      [FORM_CONFIG]: formRoute(form),
      ...api,
    },
  });
  await screen.findByRole('heading', { level: 2, name: heading });
  return { user, ...rendered };
}

export const field = (dialog: HTMLElement, label: string | RegExp) =>
  within(dialog).getByLabelText(label, { selector: 'input' });
export const incomeField = (dialog: HTMLElement) => field(dialog, /^Net monthly income/);
export const pepGroup = (dialog: HTMLElement) =>
  within(dialog).getByRole('radiogroup', { name: 'Politically exposed person' });
export const status = (dialog: HTMLElement) => within(dialog).getByRole('status');
export const card = (name: string) => screen.getByRole('article', { name });
export const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

/** Pastes the value into the field and leaves it. */
export async function enter(user: User, dialog: HTMLElement, label: string | RegExp, value: string) {
  const input = field(dialog, label);
  await user.clear(input);
  await user.paste(value);
  await user.tab();
}

export async function answer(user: User, dialog: HTMLElement, question: string, yes: boolean) {
  const group = within(dialog).getByRole('radiogroup', { name: question });
  await user.click(within(group).getByRole('radio', { name: yes ? 'Yes' : 'No' }));
}

/** The standard fields of a person who neither owns nor represents the company. */
export async function fillPerson(user: User, dialog: HTMLElement) {
  await enter(user, dialog, 'First name', 'Ben');
  await enter(user, dialog, 'Last name', 'Kraus');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Nationality' }), 'Germany');
  await enter(user, dialog, 'Date of birth', '03051975');
  await enter(user, dialog, 'Street', 'Ringweg');
  await enter(user, dialog, 'House number', '4');
  await enter(user, dialog, 'Postcode', '10117');
  await enter(user, dialog, 'City', 'Berlin');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Country of residence' }), 'Germany');
  await answer(user, dialog, 'Is this person a beneficial owner?', false);
  await answer(user, dialog, 'Does this person legally represent the company?', false);
}

export async function openAdd(user: User) {
  await user.click(screen.getByRole('button', { name: 'Add person' }));
  return screen.findByRole('dialog', { name: 'Add person' });
}

export async function openEdit(user: User, name = 'Anna Berger') {
  await user.click(screen.getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

export const ANSWERED = [
  { field_id: 'pep', field_value: false },
  { field_id: 'net_monthly_income', field_value: 2500 },
  { field_id: 'resident_since', field_value: '2015-03-01' },
];
