import type { Application } from '@finportal/contracts/applications';
import type { RegisterPerson } from '@finportal/contracts/representative-register';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildApplication, buildSignatory } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { RepresentativesTab } from './representatives-tab';

// The representative form holds two selects of every ISO country (issue 26): jsdom renders and
// queries ~500 options per change, which takes its time on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const ID = 'app-1';
const LIST = `GET /user/applications/${ID}/signatories`;
const REGISTER = `GET /user/applications/${ID}/register_persons`;
const POST = `POST /user/applications/${ID}/signatories`;
const PATCH = `PATCH /user/applications/${ID}/signatories/:signatoryId`;

type User = ReturnType<typeof userEvent.setup>;

async function renderTab(
  signatories: Signatory[],
  {
    application = {},
    api = {},
    persons = [],
  }: { application?: Partial<Application>; api?: Record<string, MockRoute>; persons?: RegisterPerson[] } = {},
) {
  const app = buildApplication({ applicationId: ID, ...application });
  const user = userEvent.setup();
  const rendered = await renderComponent(<RepresentativesTab application={app} />, {
    app: { countries: ['DE', 'AT'] },
    api: {
      [LIST]: { body: { signatories, guarantees_required: false } },
      [REGISTER]: { body: { source: persons.length ? 'demo_registry' : null, persons } },
      ...api,
    },
  });
  await screen.findByRole('heading', { level: 2, name: 'Representatives' });
  return { user, ...rendered };
}

const field = (dialog: HTMLElement, label: string | RegExp) =>
  within(dialog).getByLabelText(label, { selector: 'input' });

async function type(user: User, dialog: HTMLElement, label: string | RegExp, value: string) {
  const input = field(dialog, label);
  await user.clear(input);
  await user.type(input, value);
  await user.tab();
}

async function choose(user: User, dialog: HTMLElement, label: string | RegExp, option: string) {
  await user.selectOptions(within(dialog).getByRole('combobox', { name: label }), option);
}

async function answer(user: User, dialog: HTMLElement, question: string, yes: boolean) {
  const group = within(dialog).getByRole('radiogroup', { name: question });
  await user.click(within(group).getByRole('radio', { name: yes ? 'Yes' : 'No' }));
}

const status = (dialog: HTMLElement) => within(dialog).getByRole('status');

describe('add form', () => {
  it('shows what is missing while typing and sends the wire shape (share as a decimal)', async () => {
    const saved = buildSignatory({ signatory_id: 'sig-9', is_main_contact: false });
    const { user, api } = await renderTab([], { api: { [POST]: { status: 201, body: { signatory: saved } } } });
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    expect(status(dialog)).toHaveTextContent(
      'Still missing: First name, Last name, Nationality, Date of birth, Street, House number, Postcode, City, Country of residence, Beneficial owner, and Legal representative',
    );

    await type(user, dialog, 'First name', 'Anna');
    expect(status(dialog)).not.toHaveTextContent('First name');
    expect(status(dialog)).toHaveTextContent('Still missing: Last name,');
    await type(user, dialog, 'Last name', 'Berger');
    await choose(user, dialog, 'Nationality', 'Germany');
    await type(user, dialog, 'Date of birth', '12041980');
    expect(field(dialog, 'Date of birth')).toHaveValue('12.04.1980');
    await type(user, dialog, 'Street', 'Hauptstraße');
    await type(user, dialog, 'House number', '12a');
    await type(user, dialog, 'Postcode', '10115');
    await type(user, dialog, 'City', 'Berlin');
    await choose(user, dialog, 'Country of residence', 'Germany');
    expect(status(dialog)).toHaveTextContent('Still missing: Beneficial owner and Legal representative');

    // A beneficial owner gives the share; a legal representative answers the signing questions.
    await answer(user, dialog, 'Is this person a beneficial owner?', true);
    expect(status(dialog)).toHaveTextContent('Share in the company');
    expect(field(dialog, /^Share in the company/)).toBeRequired();
    await type(user, dialog, /^Share in the company/, '12.5');
    await answer(user, dialog, 'Does this person legally represent the company?', true);
    expect(status(dialog)).toHaveTextContent('Still missing: Willing to sign and Can sign alone');
    // Willing to sign: e-mail and phone become required (no longer "optional").
    expect(field(dialog, 'E-mail (optional)')).toBeInTheDocument();
    await answer(user, dialog, 'Will this person sign the contract?', true);
    await answer(user, dialog, 'Can this person sign for the company alone?', false);
    expect(status(dialog)).toHaveTextContent('Still missing: E-mail and Phone');
    await type(user, dialog, 'E-mail', 'anna.berger@example.com');
    await type(user, dialog, /^Phone/, '+49 30 1234567');
    expect(status(dialog)).toHaveTextContent('All required details are filled in.');

    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('The person has been added.')).toBeInTheDocument();
    expect(api.callsTo(POST)[0]?.body).toEqual({
      data: [
        {
          first_name: 'Anna',
          last_name: 'Berger',
          email: 'anna.berger@example.com',
          telephone: '+49 30 1234567',
          position: null,
          nationality: 'DE',
          birthdate: '1980-04-12',
          taxid: null,
          street: 'Hauptstraße',
          street_number: '12a',
          postcode: '10115',
          location: 'Berlin',
          country: 'DE',
          is_beneficial_owner: true,
          percentage_owned: 0.125,
          is_legal_signatory: true,
          is_contract_signatory: true,
          is_sole_signatory: false,
          is_main_contact: false,
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('add form validation', () => {
  it('shows a field message once the field is left, all of them on save, and sends nothing', async () => {
    const { user, api } = await renderTab([]);
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    const phone = field(dialog, /^Phone/);
    await user.type(phone, '030 1234567');
    expect(phone).not.toHaveAccessibleDescription(/must start with \+/);
    await user.tab();
    expect(phone).toHaveAccessibleDescription(/The phone number must start with \+ and the country code/);
    await user.clear(phone);
    await user.type(phone, '+49 30 1234567');
    expect(phone).not.toHaveAccessibleDescription(/must start with \+/);

    await type(user, dialog, 'Date of birth', '01012099');
    expect(field(dialog, 'Date of birth')).toHaveAccessibleDescription(/The date of birth must be in the past\./);

    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(field(dialog, 'First name')).toHaveAccessibleDescription('This field is required.');
    expect(field(dialog, 'First name')).toHaveFocus();
    expect(
      within(dialog).getByRole('radiogroup', { name: 'Is this person a beneficial owner?' }),
    ).toHaveAccessibleDescription(/This field is required\./);
    expect(api.callsTo(POST)).toHaveLength(0);
  });
});

describe('edit form', () => {
  it('sends only the changed fields and puts a server field error on its field, keeping what was typed', async () => {
    const { user, api } = await renderTab([buildSignatory()], {
      api: { [PATCH]: { status: 400, body: errorBody({ code: 'err_invalid_phone', field: 'telephone' }) } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Anna Berger' });
    expect(field(dialog, 'First name')).toHaveValue('Anna');
    expect(field(dialog, /^Share in the company/)).toHaveValue('60');
    await type(user, dialog, /^Phone/, '+49 30 7654321');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(field(dialog, /^Phone/)).toHaveAccessibleDescription(/The phone number must start with \+/),
    );
    expect(api.callsTo(PATCH)[0]).toMatchObject({
      path: `/user/applications/${ID}/signatories/sig-1`,
      body: { telephone: '+49 30 7654321' },
    });
    expect(field(dialog, /^Phone/)).toHaveValue('+49 30 7654321');
    expect(screen.getByRole('dialog', { name: 'Edit Anna Berger' })).toBeInTheDocument();
    // The server's message goes as soon as the field changes.
    await user.type(field(dialog, /^Phone/), '8');
    expect(field(dialog, /^Phone/)).not.toHaveAccessibleDescription(/must start with \+/);
  });

  it('shows the shares-above-100 refusal on the share field', async () => {
    const { user } = await renderTab([buildSignatory()], {
      api: {
        [PATCH]: {
          status: 400,
          body: errorBody({
            code: 'err_share_percentage_greater_then_100',
            field: 'percentage_owned',
            values: { total: 120, max: 100 },
          }),
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Anna Berger' });
    await type(user, dialog, /^Share in the company/, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(field(dialog, /^Share in the company/)).toHaveAccessibleDescription(
        /The ownership shares add up to more than 100 %\./,
      ),
    );
    expect(field(dialog, /^Share in the company/)).toHaveValue('80');
  });

  it('closes without a request when nothing changed', async () => {
    const { user, api } = await renderTab([buildSignatory()]);
    await user.click(screen.getByRole('button', { name: 'Edit Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Anna Berger' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(PATCH)).toHaveLength(0);
  });

  it('disables the fields of the groups this user may not change', async () => {
    const { user } = await renderTab([buildSignatory({ is_current_actor: true })], {
      application: { allowed_updates: ['signatory_contact'] },
    });
    await user.click(screen.getByRole('button', { name: 'Edit Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Anna Berger' });
    expect(within(dialog).getByText(/can no longer be changed/)).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Date of birth', 'Street', 'City']) {
      expect(field(dialog, label)).toBeDisabled();
    }
    expect(field(dialog, 'Personal tax ID (optional)')).toBeDisabled();
    expect(field(dialog, /^Share in the company/)).toBeDisabled();
    const owner = within(dialog).getByRole('radiogroup', { name: 'Is this person a beneficial owner?' });
    for (const radio of within(owner).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(field(dialog, 'E-mail')).toBeEnabled();
    expect(field(dialog, /^Phone/)).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Main contact for this application' })).toBeEnabled();
  });
});

describe('add from the register', () => {
  const persons: RegisterPerson[] = [
    {
      person_id: 'p-1',
      first_name: 'Anna',
      last_name: 'Berger',
      roles: ['managing_director', 'shareholder'],
      representation: 'jointly',
      birthdate: '1980-04-12',
      percentage_owned: 0.3,
      already_added: false,
    },
    {
      person_id: 'p-2',
      first_name: 'Ben',
      last_name: 'Kraus',
      roles: ['shareholder'],
      representation: null,
      birthdate: null,
      percentage_owned: 0.7,
      already_added: true,
    },
  ];

  it('lists the register people and prefills the add form with the chosen one, saving nothing', async () => {
    const { user, api } = await renderTab([], { persons });
    await user.click(screen.getByRole('button', { name: 'Add from the register' }));
    const list = await screen.findByRole('dialog', { name: 'Add from the register' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Anna Berger');
    expect(rows[0]).toHaveTextContent('Managing director');
    expect(rows[0]).toHaveTextContent('Represents the company jointly');
    expect(rows[0]).toHaveTextContent('Share: 30 %');
    expect(rows[1]).toHaveTextContent('Already added');
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Choose Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add person' });
    expect(within(dialog).getByText(/filled in what the company register knows/)).toBeInTheDocument();
    expect(field(dialog, 'First name')).toHaveValue('Anna');
    expect(field(dialog, 'Last name')).toHaveValue('Berger');
    expect(field(dialog, 'Date of birth')).toHaveValue('12.04.1980');
    expect(field(dialog, /^Share in the company/)).toHaveValue('30');
    const radio = (question: string, label: string) =>
      within(within(dialog).getByRole('radiogroup', { name: question })).getByRole('radio', { name: label });
    expect(radio('Is this person a beneficial owner?', 'Yes')).toBeChecked();
    expect(radio('Does this person legally represent the company?', 'Yes')).toBeChecked();
    expect(radio('Can this person sign for the company alone?', 'No')).toBeChecked();
    expect(radio('Will this person sign the contract?', 'Yes')).not.toBeChecked();
    expect(radio('Will this person sign the contract?', 'No')).not.toBeChecked();
    expect(status(dialog)).toHaveTextContent('Still missing: Nationality, Street');
    expect(api.callsTo(POST)).toHaveLength(0);
  });

  it('is offered only when the register knows people', async () => {
    await renderTab([]);
    expect(screen.getByRole('button', { name: 'Add person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add from the register' })).not.toBeInTheDocument();
  });
});
