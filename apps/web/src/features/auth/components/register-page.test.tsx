import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/api-mock';
import { renderApp, type RenderAppOptions } from '../../../test/render-app';

const TERMS = /I accept the terms and conditions and have read the privacy policy/;
const PARTNER_TERMS = /I accept the terms and conditions of Demo Finanz GmbH/;
const MARKETING = /I would like to receive e-mails about offers and news/;

async function openRegister(options: RenderAppOptions = {}) {
  const user = userEvent.setup();
  const rendered = await renderApp({ path: '/register', ...options });
  await screen.findByRole('heading', { level: 1, name: 'Create account' });
  const fields = {
    email: screen.getByLabelText(/^E-mail address/),
    password: screen.getByLabelText(/^Password/),
    repeat: screen.getByLabelText(/^Repeat password/),
    terms: screen.getByRole('checkbox', { name: TERMS }),
    submit: screen.getByRole('button', { name: 'Create account' }),
  };
  return { user, ...rendered, fields };
}

describe('register form (contract schemas)', () => {
  it('reports every missing field and sends nothing', async () => {
    const { user, api, fields } = await openRegister();
    await user.click(fields.submit);
    await waitFor(() => expect(fields.email).toHaveAccessibleDescription('This field is required.'));
    expect(fields.password).toHaveAccessibleDescription(/This field is required\./);
    expect(fields.terms).toHaveAccessibleDescription('Please accept the terms and conditions.');
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /user/users')).toHaveLength(0);
  });

  it('applies the e-mail and password rules of the contracts', async () => {
    const { user, fields } = await openRegister();
    await user.type(fields.email, 'not-an-email');
    await user.type(fields.password, 'short');
    await user.click(fields.submit);
    await waitFor(() => expect(fields.email).toHaveAccessibleDescription('Please enter a valid e-mail address.'));
    expect(fields.password).toHaveAccessibleDescription(/The password must be at least 8 characters long\./);

    await user.clear(fields.password);
    await user.type(fields.password, 'longenough');
    await user.click(fields.submit);
    await waitFor(() =>
      expect(fields.password).toHaveAccessibleDescription(
        /The password must contain upper- and lower-case letters, a digit and a special character\./,
      ),
    );
  });

  it('requires the repeated password to match', async () => {
    const { user, fields } = await openRegister();
    await user.type(fields.password, 'Secret#123');
    await user.type(fields.repeat, 'Secret#124');
    await user.click(fields.submit);
    await waitFor(() => expect(fields.repeat).toHaveAccessibleDescription('The passwords do not match.'));
  });

  it('asks for partner terms only when the partner requires them, and marketing only with the feature', async () => {
    const first = await openRegister();
    expect(screen.queryByRole('checkbox', { name: PARTNER_TERMS })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: MARKETING })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(first.fields.terms).toBeChecked();
    first.unmount();

    const { user, fields } = await openRegister({
      partner: { parameters: { is_partner_terms_required: true } as never },
      app: { public_features: [{ name: 'marketing_opt_in', is_active: true }] },
    });
    const partnerTerms = screen.getByRole('checkbox', { name: PARTNER_TERMS });
    await user.click(fields.submit);
    await waitFor(() =>
      expect(partnerTerms).toHaveAccessibleDescription("Please accept the partner's terms and conditions."),
    );
    expect(screen.getByRole('checkbox', { name: MARKETING })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(fields.terms).toBeChecked();
    expect(partnerTerms).toBeChecked();
    expect(screen.getByRole('checkbox', { name: MARKETING })).toBeChecked();
  });

  it('registers, logs in with the same credentials and opens the applications list', async () => {
    const { user, api, fields, location } = await openRegister({
      api: {
        'POST /user/users': { status: 201, body: { ok: true } },
        'POST /user/account/login': { body: { ok: true } },
      },
    });
    await user.type(fields.email, ' New.User@Example.com');
    await user.type(fields.password, 'Secret#123');
    await user.type(fields.repeat, 'Secret#123');
    await user.click(fields.terms);
    await user.click(fields.submit);

    expect(await screen.findByRole('heading', { level: 1, name: 'My loans' })).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/dashboard/applications');
    expect(api.callsTo('POST /user/users')[0]?.body).toEqual({
      email: 'new.user@example.com',
      password: 'Secret#123',
      accepted_terms: true,
      accepted_partner_terms: false,
      marketing_consent_accepted: false,
      interface_language: 'en',
      communication_language: 'en',
    });
    expect(api.callsTo('POST /user/account/login')[0]?.body).toEqual({
      email: 'new.user@example.com',
      password: 'Secret#123',
    });
  });

  it('shows server field errors inline, registration_error, and still tries to log in', async () => {
    const { user, api, fields } = await openRegister({
      partner: { parameters: { is_partner_terms_required: true } as never },
      api: {
        'POST /user/users': {
          status: 400,
          body: errorBody({ code: 'err_partner_terms_not_accepted', field: 'accepted_partner_terms' }),
        },
        'POST /user/account/login': { status: 401, body: errorBody('err_invalid_credentials') },
      },
    });
    await user.type(fields.email, 'new@example.com');
    await user.type(fields.password, 'Secret#123');
    await user.type(fields.repeat, 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(fields.submit);

    expect(await screen.findByText('Registration failed.')).toBeInTheDocument();
    expect(await screen.findByText('Login failed: the e-mail address or password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: PARTNER_TERMS })).toHaveAccessibleDescription(
      "Please accept the partner's terms and conditions.",
    );
    expect(api.callsTo('POST /user/account/login')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Create account' })).toBeInTheDocument();
  });
});
