import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/session-store';
import { errorBody } from '../../../test/api-mock';
import { buildStaffProfile } from '../../../test/factories';
import { findTitle, renderBackoffice } from './backoffice-test-setup';

const field = (name: RegExp) => screen.getByLabelText(name);

async function openLogin(api = {}) {
  const rendered = await renderBackoffice('/backoffice', { staff: null, api });
  await findTitle('Back-office login');
  return rendered;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values = { email: ' Clara.Kredit@Bank.example ', password: 'S3cret-pass!', code: '123 456' },
) {
  await user.type(field(/^E-mail address/), values.email);
  await user.type(field(/^Password/), values.password);
  await user.type(field(/^One-time code/), values.code);
}

describe('back-office login', () => {
  it('shows the staff login when there is no staff session, in its own layout and title', async () => {
    await openLogin();
    expect(document.title).toBe('Back-office login - Demo Finanz');
    expect(screen.getByText('Back office')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    const code = field(/^One-time code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(field(/^E-mail address/)).toHaveAttribute('autocomplete', 'username');
  });

  it('says per field what is wrong before anything is sent', async () => {
    const user = userEvent.setup();
    const { api } = await openLogin();
    await user.type(field(/^E-mail address/), 'clara@');
    await user.type(field(/^One-time code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 6-digit code of your authenticator app.')).toBeInTheDocument();
    expect(api.callsTo('POST /backoffice/login')).toHaveLength(0);
  });

  it('explains a refused login and keeps everything typed', async () => {
    const user = userEvent.setup();
    await openLogin({ 'POST /backoffice/login': { status: 401, body: errorBody('err_invalid_credentials') } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert', {})).toHaveTextContent(
      'The e-mail address, the password or the code is wrong. Each code works only once',
    );
    expect(field(/^E-mail address/)).toHaveValue('Clara.Kredit@Bank.example');
    expect(field(/^Password/)).toHaveValue('S3cret-pass!');
    expect(field(/^One-time code/)).toHaveValue('123456');
  });

  it('says how long to wait after too many attempts', async () => {
    const user = userEvent.setup();
    await openLogin({
      'POST /backoffice/login': {
        status: 429,
        body: errorBody({ code: 'err_too_many_requests', values: { seconds: 42 } }),
      },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert', {})).toHaveTextContent(
      'Too many attempts. Please try again in 42 seconds.',
    );
  });

  it('logs in with e-mail, password and code, then shows the queue', async () => {
    const user = userEvent.setup();
    const { api } = await openLogin({ 'POST /backoffice/login': { body: buildStaffProfile() } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await findTitle('Queue');
    expect(api.callsTo('POST /backoffice/login')[0]!.body).toEqual({
      email: 'clara.kredit@bank.example',
      password: 'S3cret-pass!',
      code: '123456',
    });
    expect(screen.getByTestId('staff-email')).toHaveTextContent('clara.kredit@bank.example');
    expect(document.title).toBe('Queue - Demo Finanz');
  });

  it('never touches the borrower session: a staff 401 shows the staff login, not the borrower notice', async () => {
    await renderBackoffice('/backoffice', {
      authenticated: true,
      staff: null,
      api: { 'GET /backoffice/me': { status: 401, body: errorBody('err_session_expired') } },
    });
    await findTitle('Back-office login');
    expect(screen.getByText('Your session has ended')).toBeInTheDocument();
    expect(authStore.get().isAuthenticated).toBe(true);
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
  });

  it('shows the login again when the staff session ends while working, and logs out on request', async () => {
    const user = userEvent.setup();
    let loggedIn = true;
    await renderBackoffice('/backoffice', {
      api: {
        'GET /backoffice/me': () =>
          loggedIn ? { body: buildStaffProfile() } : { status: 401, body: errorBody('err_unauthorized') },
        'POST /backoffice/logout': () => {
          loggedIn = false;
          return { body: { ok: true } };
        },
      },
    });
    await findTitle('Queue');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await findTitle('Back-office login');
    await waitFor(() => expect(screen.queryByTestId('staff-email')).not.toBeInTheDocument());
  });
});
