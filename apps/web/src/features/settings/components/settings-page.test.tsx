import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { buildProfile } from '../../../test/factories';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';

async function openSettings(options: RenderAppOptions = {}) {
  const user = userEvent.setup();
  const rendered = await renderApp({ path: '/dashboard/settings', authenticated: true, ...options });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await screen.findByRole('heading', { level: 2, name: 'E-mail address' });
  return { user, ...rendered };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('settings', () => {
  it('shows a verified e-mail with its tag, and a resend link otherwise', async () => {
    const first = await openSettings();
    expect(within(card('E-mail address')).getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).not.toBeInTheDocument();
    first.unmount();

    const { user, api } = await openSettings({
      profile: { emailVerified: false, is_email_confirmed: false },
      api: { 'POST /user/account/resend_conf_email': { body: { ok: true } } },
    });
    expect(within(card('E-mail address')).getByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('We have sent you a new verification e-mail.')).toBeInTheDocument();
    expect(api.callsTo('POST /user/account/resend_conf_email')[0]?.body).toEqual({});
  });

  it('changes the password: mismatch message, then success toast', async () => {
    const { user, api } = await openSettings({
      api: { 'POST /user/account/change_password': { body: { ok: true } } },
    });
    const form = card('Change password');
    await user.type(within(form).getByLabelText(/^Current password/), 'Old#Pass1');
    await user.type(within(form).getByLabelText(/^New password/), 'New#Pass1');
    await user.type(within(form).getByLabelText(/^Repeat new password/), 'New#Pass2');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Repeat new password/)).toHaveAccessibleDescription(
        'The passwords do not match',
      ),
    );
    expect(api.callsTo('POST /user/account/change_password')).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^Repeat new password/));
    await user.type(within(form).getByLabelText(/^Repeat new password/), 'New#Pass1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(api.callsTo('POST /user/account/change_password')[0]?.body).toEqual({
      old_password: 'Old#Pass1',
      new_password: 'New#Pass1',
    });
  });

  it('puts a wrong current password on its field', async () => {
    const { user } = await openSettings({
      api: {
        'POST /user/account/change_password': {
          status: 400,
          body: errorBody({ code: 'err_invalid_credentials', field: 'old_password' }),
        },
      },
    });
    const form = card('Change password');
    await user.type(within(form).getByLabelText(/^Current password/), 'Old#Pass1');
    await user.type(within(form).getByLabelText(/^New password/), 'New#Pass1');
    await user.type(within(form).getByLabelText(/^Repeat new password/), 'New#Pass1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Current password/)).toHaveAccessibleDescription(
        'The e-mail address or password is incorrect.',
      ),
    );
  });

  it('shows the e-mail-not-confirmed page when the API asks for a confirmed e-mail, and retries', async () => {
    let confirmed = false;
    const { user, api } = await openSettings({
      profile: { emailVerified: false, is_email_confirmed: false },
      api: {
        'POST /user/account/change_password': { status: 403, body: errorBody('err_email_not_confirmed') },
        'POST /user/account/resend_conf_email': { body: { ok: true } },
        'GET /user/profile': () => ({
          body: buildProfile({ emailVerified: confirmed, is_email_confirmed: confirmed }),
        }),
      },
    });
    const form = card('Change password');
    await user.type(within(form).getByLabelText(/^Current password/), 'Old#Pass1');
    await user.type(within(form).getByLabelText(/^New password/), 'New#Pass1');
    await user.type(within(form).getByLabelText(/^Repeat new password/), 'New#Pass1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please confirm your e-mail address' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Please confirm your e-mail address first.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(await screen.findByText('We have sent you a new verification e-mail.')).toBeInTheDocument();

    confirmed = true;
    await user.click(screen.getByRole('button', { name: 'Reload and try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(within(card('E-mail address')).getByText('Verified')).toBeInTheDocument());
    expect(api.callsTo('POST /user/account/resend_conf_email')).toHaveLength(1);
  });

  it('offers the marketing consent only with the marketing_opt_in feature', async () => {
    const first = await openSettings();
    expect(screen.queryByRole('region', { name: 'Marketing communication' })).not.toBeInTheDocument();
    first.unmount();

    const { user, api } = await openSettings({
      app: { public_features: [{ name: 'marketing_opt_in', is_active: true }] },
      api: {
        'POST /user/account/update_marketing_preferences': ({ body }) => ({ body }),
      },
    });
    const toggle = within(card('Marketing communication')).getByRole('switch');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.callsTo('POST /user/account/update_marketing_preferences')[0]?.body).toEqual({
      marketing_consent_accepted: true,
    });
  });

  it('points to support for deleting the account', async () => {
    await openSettings();
    const del = card('Delete account');
    expect(within(del).getByRole('link', { name: /support@demo-finanz\.example/ })).toHaveAttribute(
      'href',
      'mailto:support@demo-finanz.example',
    );
  });
});
