import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
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

  it('puts a wrong current password on its field, in its own words', async () => {
    const { user } = await openSettings({
      api: {
        'POST /user/account/change_password': {
          status: 400,
          body: errorBody({ code: 'err_invalid_current_password', field: 'old_password' }),
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
        'The current password is incorrect.',
      ),
    );
    expect(screen.queryByText(/e-mail address or password/)).not.toBeInTheDocument();
  });

  it('says at the form that the password waits for a confirmed e-mail, keeping the page and what was typed', async () => {
    const { user, api } = await openSettings({
      profile: { emailVerified: false, is_email_confirmed: false },
      api: {
        'POST /user/account/change_password': { status: 403, body: errorBody('err_email_not_confirmed') },
        'POST /user/account/resend_conf_email': { body: { ok: true } },
      },
    });
    const form = card('Change password');
    await user.type(within(form).getByLabelText(/^Current password/), 'Old#Pass1');
    await user.type(within(form).getByLabelText(/^New password/), 'New#Pass1');
    await user.type(within(form).getByLabelText(/^Repeat new password/), 'New#Pass1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This needs a confirmed e-mail address: please use the link in our e-mail first.');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { level: 1, name: 'Please confirm your e-mail address' }),
    ).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('Old#Pass1');
    expect(within(form).getByLabelText(/^New password/)).toHaveValue('New#Pass1');
    expect(within(form).getByLabelText(/^Repeat new password/)).toHaveValue('New#Pass1');

    await user.click(within(alert).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('We have sent you a new verification e-mail.')).toBeInTheDocument();
    expect(api.callsTo('POST /user/account/resend_conf_email')).toHaveLength(1);
  });

  it('withdraws the marketing consent with an unconfirmed e-mail; a refusal is said at the switch', async () => {
    let refuse = false;
    const { user, api } = await openSettings({
      profile: { emailVerified: false, is_email_confirmed: false, marketing_consent_accepted: true },
      app: { public_features: [{ name: 'marketing_opt_in', is_active: true }] },
      api: {
        'POST /user/account/update_marketing_preferences': ({ body }) =>
          refuse ? { status: 403, body: errorBody('err_email_not_confirmed') } : { body },
      },
    });
    const marketing = card('Marketing communication');
    const toggle = within(marketing).getByRole('switch');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('POST /user/account/update_marketing_preferences')[0]?.body).toEqual({
      marketing_consent_accepted: false,
    });
    expect(within(marketing).queryByRole('alert')).not.toBeInTheDocument();

    refuse = true;
    await user.click(toggle);
    expect(await within(marketing).findByRole('alert')).toHaveTextContent('This needs a confirmed e-mail address');
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
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
