import type { Application } from '@finportal/contracts/applications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { errorBody, type MockRoute } from '../../../test/api-mock';
import { buildApplication } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { applicationKeys } from '../../applications/api/query-keys';
import { BankInfoCard } from './bank-info-card';

const ID = 'app-1';
const PATCH = `PATCH /user/applications/${ID}/bankinfo`;

async function renderCard(
  overrides: Partial<Application> = {},
  options: { path?: string; api?: Record<string, MockRoute> } = {},
) {
  const application = buildApplication({ applicationId: ID, ...overrides });
  const user = userEvent.setup();
  const rendered = await renderComponent(<BankInfoCard application={application} />, options);
  await screen.findByRole('heading', { level: 2, name: 'Bank information' });
  return { user, application, ...rendered };
}

const card = () => screen.getByRole('region', { name: 'Bank information' });

describe('bank information card', () => {
  it('shows an empty state with an add button', async () => {
    await renderCard();
    expect(card()).toHaveAttribute('id', 'bank-info');
    expect(within(card()).getByText(/You have not added any bank details yet/)).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Add bank details' })).toBeEnabled();
    expect(within(card()).queryByText('IBAN')).not.toBeInTheDocument();
  });

  it('shows bank name and the full IBAN in groups of four, with a change button', async () => {
    await renderCard({ bankName: 'Berliner Sparkasse', iban: 'DE89370400440532013000' });
    expect(within(card()).getByText('Berliner Sparkasse')).toBeInTheDocument();
    expect(within(card()).getByText('DE89 3704 0044 0532 0130 00')).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Change bank details' })).toBeEnabled();
  });

  it('disables adding and changing without the bankinfo permission, and says why', async () => {
    const first = await renderCard({ allowed_updates: ['signatory'] });
    const add = within(card()).getByRole('button', { name: 'Add bank details' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(/can no longer be changed/);
    first.unmount();

    await renderCard(
      { allowed_updates: [], bankName: 'Berliner Sparkasse', iban: 'DE89370400440532013000' },
      { path: `/dashboard/applications/${ID}?modal=bankinfo` },
    );
    expect(within(card()).getByRole('button', { name: 'Change bank details' })).toBeDisabled();
    // The link of a pending item does not open the modal either.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens with ?modal=bankinfo, prefilled, and removes the parameter when closed', async () => {
    const { user, location } = await renderCard(
      { bankName: 'Berliner Sparkasse', iban: 'DE89370400440532013000' },
      { path: `/dashboard/applications/${ID}?tab=overview&modal=bankinfo` },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change bank details' });
    expect(within(dialog).getByLabelText(/^Bank name/)).toHaveValue('Berliner Sparkasse');
    expect(within(dialog).getByLabelText(/^IBAN/)).toHaveValue('DE89 3704 0044 0532 0130 00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location.current?.search).toBe('?tab=overview');
  });

  it('refuses an invalid IBAN, placeholder underscores and a too long bank name', async () => {
    const { user, api } = await renderCard({}, { api: { [PATCH]: { status: 500 } } });
    await user.click(screen.getByRole('button', { name: 'Add bank details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank details' });
    const bankName = within(dialog).getByLabelText(/^Bank name/);
    const iban = within(dialog).getByLabelText(/^IBAN/);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bankName).toHaveAccessibleDescription('This field is required.'));
    expect(iban).toHaveAccessibleDescription(/This field is required\./);

    await user.type(bankName, 'B'.repeat(101));
    await user.type(iban, 'DE89 3704 0044 0532 0130 01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bankName).toHaveAccessibleDescription('Please enter no more than 100 characters.'));
    expect(iban).toHaveAccessibleDescription(/Please enter a valid IBAN\./);

    await user.clear(iban);
    await user.type(iban, 'DE89 3704 0044 0532 0130 __');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(iban).toHaveAccessibleDescription(/Please enter a valid IBAN\./));
    expect(api.callsTo(PATCH)).toHaveLength(0);
  });

  it('saves normalised values, updates and invalidates the application, closes with a toast', async () => {
    const saved = buildApplication({
      applicationId: ID,
      bankName: 'Berliner Sparkasse',
      iban: 'DE89370400440532013000',
    });
    const { user, api } = await renderCard({}, { api: { [PATCH]: { body: { application: saved } } } });
    queryClient.setQueryData(applicationKeys.list(), []);
    await user.click(screen.getByRole('button', { name: 'Add bank details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank details' });
    await user.type(within(dialog).getByLabelText(/^Bank name/), '  Berliner Sparkasse ');
    // Pasted with spaces and in small letters.
    await user.click(within(dialog).getByLabelText(/^IBAN/));
    await user.paste('de89 3704 0044 0532 0130 00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ bankName: 'Berliner Sparkasse', iban: 'DE89370400440532013000' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryData(applicationKeys.detail(ID))).toEqual(saved);
    expect(queryClient.getQueryState(applicationKeys.list())?.isInvalidated).toBe(true);
  });

  it('puts server field errors on the fields and keeps what was typed', async () => {
    const { user } = await renderCard(
      {},
      {
        api: {
          [PATCH]: { status: 400, body: errorBody({ code: 'err_invalid_iban', field: 'iban' }) },
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Add bank details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank details' });
    await user.type(within(dialog).getByLabelText(/^Bank name/), 'Berliner Sparkasse');
    await user.type(within(dialog).getByLabelText(/^IBAN/), 'DE89370400440532013000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^IBAN/)).toHaveAccessibleDescription(/Please enter a valid IBAN\./),
    );
    expect(within(dialog).getByLabelText(/^Bank name/)).toHaveValue('Berliner Sparkasse');
    expect(within(dialog).getByLabelText(/^IBAN/)).toHaveValue('DE89370400440532013000');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows "something went wrong" for other failures and keeps the modal open', async () => {
    const { user } = await renderCard({}, { api: { [PATCH]: { status: 403, body: errorBody('err_no_permission') } } });
    await user.click(screen.getByRole('button', { name: 'Add bank details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add bank details' });
    await user.type(within(dialog).getByLabelText(/^Bank name/), 'Berliner Sparkasse');
    await user.type(within(dialog).getByLabelText(/^IBAN/), 'DE89370400440532013000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^IBAN/)).toHaveValue('DE89370400440532013000');
  });
});
