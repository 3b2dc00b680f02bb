import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'sig-tok-1234567890abcdef';
const INFO = `GET /user/account/invite/${TOKEN}`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  body: {
    status: 'valid',
    email: 'anna@company.example',
    account_exists: false,
    company_name: 'Muster GmbH',
    short_application_id: 'AB12CD34',
    inviter_name: 'Olga Owner',
    expires_at: '2030-01-01T00:00:00.000Z',
    ...overrides,
  },
});

describe('signing invitation page', () => {
  it('says who invites for which company, keeps the e-mail read-only and lands on the application', async () => {
    const user = userEvent.setup();
    const { api, location } = await renderApp({
      path: `/user/account/invite/${TOKEN}`,
      api: {
        [INFO]: valid(),
        'POST /user/account/invite_accept': {
          body: { ok: true, email: 'anna@company.example', application_id: 'app-1' },
        },
      },
    });
    await screen.findByLabelText(/^Password/);
    expect(
      screen.getByText(
        /^Olga Owner invites you to sign the financing application AB12CD34 of Muster GmbH at .+\. Set a password/,
      ),
    ).toBeInTheDocument();
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveValue('anna@company.example');
    expect(email).toHaveAttribute('readonly');

    // The repeat must match; nothing is sent before.
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Secret#124');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(/passwords do not match|password.*repeat/i)).toBeInTheDocument();
    expect(api.callsTo('POST /user/account/invite_accept')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Repeat password/));
    await user.type(screen.getByLabelText(/^Repeat password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/dashboard/applications/app-1'));
    expect(api.callsTo('POST /user/account/invite_accept')[0]?.body).toMatchObject({
      password: 'Secret#123',
      token: TOKEN,
      accepted_terms: true,
    });
  });

  it('asks an existing account only for its password and the terms', async () => {
    const user = userEvent.setup();
    const { api, location } = await renderApp({
      path: `/user/account/invite/${TOKEN}`,
      api: {
        [INFO]: valid({ account_exists: true }),
        'POST /user/account/invite_accept': {
          body: { ok: true, email: 'anna@company.example', application_id: 'app-2' },
        },
      },
    });
    expect(
      await screen.findByText(
        'You already have an account with this e-mail address. Log in with your existing password to accept.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Repeat password/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail language')).not.toBeInTheDocument();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    // An existing password need not follow today's rules: the server checks it.
    await user.type(password, 'oldpassword');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Log in and accept' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/dashboard/applications/app-2'));
    expect(api.callsTo('POST /user/account/invite_accept')[0]?.body).toMatchObject({
      password: 'oldpassword',
      token: TOKEN,
    });
  });

  it('shows a wrong password of the existing account on the form', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: `/user/account/invite/${TOKEN}`,
      api: {
        [INFO]: valid({ account_exists: true }),
        'POST /user/account/invite_accept': { status: 401, body: errorBody('err_invalid_credentials') },
      },
    });
    await user.type(await screen.findByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Log in and accept' }));
    expect(await screen.findByText('The e-mail address or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Accept invitation' })).toBeInTheDocument();
  });

  it('explains an expired link: the applicant or the advisor can send a new one', async () => {
    const { api } = await renderApp({
      path: `/user/account/invite/${TOKEN}`,
      api: { [INFO]: { body: { status: 'expired' } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This invitation link has expired. The applicant or your advisor can send you a new one.',
    );
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(api.callsTo('POST /user/account/invite_accept')).toHaveLength(0);
  });

  it('answers a used or unknown link (and a malformed one) with the login', async () => {
    await renderApp({ path: `/user/account/invite/${TOKEN}`, api: { [INFO]: { body: { status: 'invalid' } } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('treats a malformed token (400) as an invalid link', async () => {
    await renderApp({
      path: `/user/account/invite/${TOKEN}`,
      api: { [INFO]: { status: 400, body: errorBody({ code: 'err_token_invalid', field: 'token' }) } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeInTheDocument();
  });
});
