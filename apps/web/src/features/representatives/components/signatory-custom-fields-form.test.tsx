import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildSignatory } from '../../../test/factories';

import {
  POST,
  PATCH,
  FORM_CONFIG,
  renderTab,
  field,
  incomeField,
  pepGroup,
  status,
  card,
  enter,
  answer,
  fillPerson,
  openAdd,
  openEdit,
  ANSWERED,
} from '../../../test/signatory-form-fixture';

// The representative form holds two selects of every ISO country (issue 26): jsdom renders and
// queries ~500 options per change, which takes its time on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe('signatory custom fields in the add form', () => {
  it('shows one section per step, lists the required PEP question as missing and sends the converted answers', async () => {
    const saved = buildSignatory({ signatory_id: 'sig-9', is_main_contact: false });
    const { user, api } = await renderTab([], { api: { [POST]: { status: 201, body: { signatory: saved } } } });
    expect(api.callsTo(FORM_CONFIG)[0]?.query.get('dynamic_forms_name')).toBe('signatory');
    const dialog = await openAdd(user);
    const compliance = within(dialog).getByRole('region', { name: 'Compliance' });
    expect(within(compliance).getByRole('radiogroup', { name: 'Politically exposed person' })).toBeInTheDocument();
    const finances = within(dialog).getByRole('region', { name: 'Personal finances' });
    expect(within(finances).getByLabelText(/^Net monthly income/, { selector: 'input' })).toBeInTheDocument();
    expect(within(finances).getByLabelText('Resident since (optional)', { selector: 'input' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Share of factored sales/)).not.toBeInTheDocument();
    expect(status(dialog)).toHaveTextContent(/Still missing: First name, .*, and Politically exposed person$/);

    await fillPerson(user, dialog);
    expect(status(dialog)).toHaveTextContent(/^Still missing: Politically exposed person$/);
    await answer(user, dialog, 'Politically exposed person', true);
    expect(status(dialog)).toHaveTextContent('All required details are filled in.');
    await enter(user, dialog, /^Net monthly income/, '2500.5');
    expect(incomeField(dialog)).toHaveValue('2,500.50');
    await enter(user, dialog, 'Resident since (optional)', '01032015');
    expect(field(dialog, 'Resident since (optional)')).toHaveValue('01.03.2015');

    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('The person has been added.')).toBeInTheDocument();
    const [sent] = (api.callsTo(POST)[0]?.body as { data: Record<string, unknown>[] }).data;
    expect(sent).toMatchObject({ first_name: 'Ben', last_name: 'Kraus', birthdate: '1975-05-03' });
    expect(sent?.custom_fields_list).toEqual([
      { field_id: 'pep', field_value: true },
      { field_id: 'net_monthly_income', field_value: 2500.5 },
      { field_id: 'resident_since', field_value: '2015-03-01' },
    ]);
  });

  it('blocks saving while a custom value is invalid, focuses it and sends nothing', async () => {
    const { user, api } = await renderTab([]);
    const dialog = await openAdd(user);
    await fillPerson(user, dialog);
    await answer(user, dialog, 'Politically exposed person', true);
    await enter(user, dialog, /^Net monthly income/, 'a lot');
    expect(incomeField(dialog)).toHaveAccessibleDescription('This value is invalid.');
    await enter(user, dialog, 'Resident since (optional)', '01012099');
    expect(field(dialog, 'Resident since (optional)')).toHaveAccessibleDescription(
      /^The date must not be after \d{2}\.\d{2}\.\d{4}\.$/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(incomeField(dialog)).toHaveFocus();
    expect(api.callsTo(POST)).toHaveLength(0);

    // Income fixed: the future date still blocks and is focused next.
    await enter(user, dialog, /^Net monthly income/, '-5');
    expect(incomeField(dialog)).toHaveAccessibleDescription(/at least/);
    await enter(user, dialog, /^Net monthly income/, '1800');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(field(dialog, 'Resident since (optional)')).toHaveFocus();
    expect(api.callsTo(POST)).toHaveLength(0);
  });

  it('shows the required message at the unanswered PEP question on save and then sends only the answer', async () => {
    const saved = buildSignatory({ signatory_id: 'sig-9', is_main_contact: false });
    const { user, api } = await renderTab([], { api: { [POST]: { status: 201, body: { signatory: saved } } } });
    const dialog = await openAdd(user);
    await fillPerson(user, dialog);
    expect(pepGroup(dialog)).not.toHaveAccessibleDescription(/required/);
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(pepGroup(dialog)).toHaveAccessibleDescription(/This field is required\./);
    expect(within(pepGroup(dialog)).getByRole('radio', { name: 'Yes' })).toHaveFocus();
    expect(api.callsTo(POST)).toHaveLength(0);

    // Answered "no", the optional questions left empty: only the answer is sent.
    await answer(user, dialog, 'Politically exposed person', false);
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    const [sent] = (api.callsTo(POST)[0]?.body as { data: Record<string, unknown>[] }).data;
    expect(sent?.custom_fields_list).toEqual([{ field_id: 'pep', field_value: false }]);
  });
});

describe('signatory custom fields in the edit form', () => {
  it('starts with the stored answers and sends only the changed custom fields (an emptied one as null)', async () => {
    const { user, api } = await renderTab([buildSignatory({ custom_fields_list: ANSWERED })], {
      api: { [PATCH]: { body: { signatory: buildSignatory() } } },
    });
    const dialog = await openEdit(user);
    expect(within(pepGroup(dialog)).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(incomeField(dialog)).toHaveValue('2,500');
    expect(field(dialog, 'Resident since (optional)')).toHaveValue('01.03.2015');

    await enter(user, dialog, /^Net monthly income/, '3000');
    await user.clear(field(dialog, 'Resident since (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)).toHaveLength(1);
    expect(api.callsTo(PATCH)[0]?.body).toEqual({
      custom_fields_list: [
        { field_id: 'net_monthly_income', field_value: 3000 },
        { field_id: 'resident_since', field_value: null },
      ],
    });
  });

  it('sends no custom fields when only a standard field changed, and nothing when nothing changed', async () => {
    const { user, api } = await renderTab([buildSignatory({ custom_fields_list: ANSWERED })], {
      api: { [PATCH]: { body: { signatory: buildSignatory() } } },
    });
    let dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(PATCH)).toHaveLength(0);

    dialog = await openEdit(user);
    await enter(user, dialog, 'City', 'Potsdam');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ location: 'Potsdam' });
  });

  it('shows a server error of a custom field at the field and keeps the modal open', async () => {
    const { user, api } = await renderTab([buildSignatory({ custom_fields_list: ANSWERED })], {
      api: {
        [PATCH]: { status: 400, body: errorBody({ code: 'err_invalid_value', field: 'custom_fields_list.pep' }) },
      },
    });
    const dialog = await openEdit(user);
    await answer(user, dialog, 'Politically exposed person', true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(pepGroup(dialog)).toHaveAccessibleDescription('This value is invalid.'));
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ custom_fields_list: [{ field_id: 'pep', field_value: true }] });
    expect(screen.getByRole('dialog', { name: 'Edit Anna Berger' })).toBeInTheDocument();
    expect(within(pepGroup(dialog)).getByRole('radio', { name: 'Yes' })).toBeChecked();
    // The server's message goes as soon as the answer changes.
    await answer(user, dialog, 'Politically exposed person', false);
    expect(pepGroup(dialog)).not.toHaveAccessibleDescription('This value is invalid.');
  });

  it('disables the custom fields without the signatory group and never blocks or sends them', async () => {
    const { user, api } = await renderTab([buildSignatory({ custom_fields_list: [] })], {
      application: { allowed_updates: ['signatory_other', 'signatory_tin', 'signatory_contact'] },
      api: { [PATCH]: { body: { signatory: buildSignatory() } } },
    });
    const dialog = await openEdit(user);
    for (const radio of within(pepGroup(dialog)).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(incomeField(dialog)).toBeDisabled();
    expect(field(dialog, 'Resident since (optional)')).toBeDisabled();
    // Anna has no PEP answer, but this user cannot give it: it is neither missing nor blocking.
    expect(status(dialog)).toHaveTextContent('All required details are filled in.');

    await enter(user, dialog, 'E-mail', 'anna@berger.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ email: 'anna@berger.example' });
  });
});

describe('a partner without a signatory form', () => {
  it('shows no custom fields and sends no custom_fields_list', async () => {
    const saved = buildSignatory({ signatory_id: 'sig-9', is_main_contact: false });
    const { user, api } = await renderTab([buildSignatory()], {
      form: null,
      api: { [POST]: { status: 201, body: { signatory: saved } } },
    });
    expect(api.callsTo(FORM_CONFIG)).toHaveLength(1);
    expect(within(card('Anna Berger')).queryByText('Politically exposed person')).not.toBeInTheDocument();
    expect(screen.queryByText(/Some details of/)).not.toBeInTheDocument();

    const dialog = await openAdd(user);
    expect(within(dialog).queryByRole('region', { name: 'Compliance' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Politically exposed person')).not.toBeInTheDocument();
    await fillPerson(user, dialog);
    expect(status(dialog)).toHaveTextContent('All required details are filled in.');
    await user.click(within(dialog).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(api.callsTo(POST)).toHaveLength(1));
    const [sent] = (api.callsTo(POST)[0]?.body as { data: Record<string, unknown>[] }).data;
    expect(sent).toMatchObject({ first_name: 'Ben', last_name: 'Kraus' });
    expect(sent).not.toHaveProperty('custom_fields_list');
  });
});
