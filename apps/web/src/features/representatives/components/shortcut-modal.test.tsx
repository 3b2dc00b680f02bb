import type { Application } from '@finportal/contracts/applications';
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
const PATCH = `PATCH /user/applications/${ID}/signatories/sig-1`;

async function renderTab(
  signatory: Signatory,
  { application = {}, api = {} }: { application?: Partial<Application>; api?: Record<string, MockRoute> } = {},
) {
  const user = userEvent.setup();
  const rendered = await renderComponent(
    <RepresentativesTab application={buildApplication({ applicationId: ID, ...application })} />,
    {
      api: {
        [LIST]: { body: { signatories: [signatory], guarantees_required: false } },
        [`GET /user/applications/${ID}/register_persons`]: { body: { source: null, persons: [] } },
        ...api,
      },
    },
  );
  await screen.findByRole('article', { name: 'Anna Berger' });
  return { user, ...rendered };
}

describe('e-mail, phone and tax id modals', () => {
  it('phone: pasted text is cleaned up and saved alone', async () => {
    const saved = buildSignatory({ telephone: '+49(30)123-45678' });
    const { user, api } = await renderTab(buildSignatory({ telephone: null, is_main_contact: false }), {
      api: { [PATCH]: { body: { signatory: saved } } },
    });
    await user.click(screen.getByRole('button', { name: 'Add phone number of Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone number of Anna Berger' });
    const phone = within(dialog).getByLabelText(/^Phone/);
    await user.click(phone);
    await user.paste('+49 (30) 123-456 78 abc');
    expect(phone).toHaveValue('+49(30)123-45678');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ telephone: '+49(30)123-45678' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tax id: judged by the German TIN rule before it is sent, then saved with its own message', async () => {
    const { user, api } = await renderTab(buildSignatory({ taxid: null }), {
      api: { [PATCH]: { body: { signatory: buildSignatory() } } },
    });
    await user.click(screen.getByRole('button', { name: 'Add tax ID of Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tax ID of Anna Berger' });
    const tin = within(dialog).getByLabelText(/^Personal tax ID/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(tin).toHaveAccessibleDescription(/This field is required\./);

    await user.type(tin, '86095742710');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(tin).not.toHaveAccessibleDescription(/This field is required\./);
    expect(tin).toHaveAccessibleDescription(/check digit/i);
    expect(api.callsTo(PATCH)).toHaveLength(0);

    await user.clear(tin);
    await user.type(tin, '86095742719');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tax ID has been updated.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ taxid: '86095742719' });
  });

  it('e-mail: a server field error stays in the modal with the typed value', async () => {
    const { user } = await renderTab(buildSignatory(), {
      api: { [PATCH]: { status: 400, body: errorBody({ code: 'err_invalid_email', field: 'email' }) } },
    });
    await user.click(screen.getByRole('button', { name: 'Change e-mail address of Anna Berger' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail address of Anna Berger' });
    const email = within(dialog).getByLabelText(/^E-mail/);
    expect(email).toHaveValue('anna.berger@example.com');
    await user.clear(email);
    await user.type(email, 'anna@berger.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/valid e-mail/i));
    expect(email).toHaveValue('anna@berger.example');
  });

  it('are not offered on another person without signatory_other', async () => {
    await renderTab(buildSignatory({ taxid: null }), {
      application: { allowed_updates: ['signatory', 'signatory_tin', 'signatory_contact'] },
    });
    const card = screen.getByRole('article', { name: 'Anna Berger' });
    expect(within(card).getByText('Tax ID missing')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
