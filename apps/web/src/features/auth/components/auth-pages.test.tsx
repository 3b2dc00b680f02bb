import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'tok-1234567890abcdef';

describe('login page', () => {
  it('shows login_error with the server message when the login fails', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/login',
      api: { 'POST /user/account/login': { status: 401, body: errorBody('err_invalid_credentials') } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.type(screen.getByLabelText(/^E-mail address/), 'max@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login failed.')).toBeInTheDocument();
    expect(screen.getByText('The e-mail address or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('continues to the application result after a login from the wizard (?application=true)', async () => {
    const user = userEvent.setup();
    const { location } = await renderApp({
      path: '/login?application=true',
      api: { 'POST /user/account/login': { body: { ok: true } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.type(screen.getByLabelText(/^E-mail address/), 'max@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/application/application-result'));
  });

  it('logs out again when the profile cannot be loaded after login', async () => {
    const user = userEvent.setup();
    const { location } = await renderApp({
      path: '/login',
      api: {
        'POST /user/account/login': { body: { ok: true } },
        'GET /user/profile': { status: 500, body: errorBody('err_internal') },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.type(screen.getByLabelText(/^E-mail address/), 'max@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(location.current?.pathname).toBe('/login'));
    expect(screen.getByTestId('header-login')).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('answers the same whether or not the account exists', async () => {
    const user = userEvent.setup();
    const { api } = await renderApp({
      path: '/forgot-password',
      api: { 'POST /user/account/reset': { body: { ok: true } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    await user.type(screen.getByLabelText(/^E-mail address/), 'Who@Example.com');
    await user.click(screen.getByRole('button', { name: 'Request link' }));
    expect(await screen.findByText(/If an account exists for this e-mail address/)).toBeInTheDocument();
    expect(api.callsTo('POST /user/account/reset')[0]?.body).toEqual({ email: 'who@example.com' });
  });

  it('shows forgot_password_error when the request fails', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/forgot-password', api: { 'POST /user/account/reset': { status: 500 } } });
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    await user.type(screen.getByLabelText(/^E-mail address/), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Request link' }));
    expect(await screen.findByText('The password reset request failed.')).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('sets the new password with the token, then goes to login', async () => {
    const user = userEvent.setup();
    const { api, location } = await renderApp({
      path: `/user/account/reset/${TOKEN}`,
      api: { 'POST /user/account/recover': { body: { ok: true } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await user.type(screen.getByLabelText(/^New password/), 'Secret#123');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Secret#12');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Repeat password/)).toHaveAccessibleDescription('The passwords do not match.'),
    );
    await user.type(screen.getByLabelText(/^Repeat password/), '3');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    await waitFor(() => expect(location.current?.pathname).toBe('/login'));
    expect(api.callsTo('POST /user/account/recover')[0]?.body).toEqual({ password: 'Secret#123', token: TOKEN });
  });

  it('explains an expired link', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: `/user/account/reset/${TOKEN}`,
      api: {
        'POST /user/account/recover': { status: 400, body: errorBody({ code: 'err_token_expired', field: 'token' }) },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await user.type(screen.getByLabelText(/^New password/), 'Secret#123');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The link has expired. Please request a new one.')).toBeInTheDocument();
  });
});

describe('invitation', () => {
  it('accepts with password, terms and languages, and is then logged in', async () => {
    const user = userEvent.setup();
    const { api, location } = await renderApp({
      path: `/user/account/invite/${TOKEN}`,
      api: {
        [`GET /user/account/invite/${TOKEN}`]: {
          body: {
            status: 'valid',
            email: 'rep@example.com',
            account_exists: false,
            company_name: null,
            short_application_id: null,
            inviter_name: null,
            expires_at: '2030-01-01T00:00:00.000Z',
          },
        },
        'POST /user/account/invite_accept': { body: { ok: true, email: 'rep@example.com' } },
      },
    });
    await user.type(await screen.findByLabelText(/^Password/), 'Secret#123');
    await user.type(screen.getByLabelText(/^Repeat password/), 'Secret#123');
    await user.selectOptions(screen.getByLabelText('E-mail language'), 'pl');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My loans' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/dashboard/applications');
    expect(api.callsTo('POST /user/account/invite_accept')[0]?.body).toEqual({
      password: 'Secret#123',
      token: TOKEN,
      accepted_terms: true,
      accepted_partner_terms: false,
      interface_language: 'en',
      communication_language: 'pl',
    });
  });
});

describe('e-mail confirmation', () => {
  it('confirms on arrival and offers the login to a guest', async () => {
    const { api } = await renderApp({
      path: `/user/account/confirm_email/${TOKEN}`,
      api: { [`POST /user/account/confirm_email/${TOKEN}`]: { body: { ok: true, email: 'max@example.com' } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /user/account/confirm_email/:token')).toHaveLength(1);
  });

  it('offers the applications to a signed-in user and reloads the profile', async () => {
    const { api } = await renderApp({
      path: `/user/account/confirm_email/${TOKEN}`,
      authenticated: true,
      api: { [`POST /user/account/confirm_email/${TOKEN}`]: { body: { ok: true, email: 'max@example.com' } } },
    });
    expect(await screen.findByRole('link', { name: 'Go to my applications' })).toHaveAttribute(
      'href',
      '/dashboard/applications',
    );
    await waitFor(() => expect(api.callsTo('GET /user/profile').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the error page and something_went_wrong when the token is invalid', async () => {
    await renderApp({
      path: `/user/account/confirm_email/${TOKEN}`,
      api: {
        [`POST /user/account/confirm_email/${TOKEN}`]: {
          status: 400,
          body: errorBody({ code: 'err_token_used', field: 'token' }),
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmation failed' })).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('This link has already been used.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /\+49 30 1234 5678/ })).toHaveAttribute('href', 'tel:+493012345678');
  });
});
