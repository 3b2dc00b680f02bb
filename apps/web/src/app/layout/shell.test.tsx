import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_COOKIE } from '../../lib/cookie-consent';
import { i18n } from '../../lib/i18n';
import { errorBody } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

/** The cookie dialog once it is open (it opens right after the page's first paint). */
async function openedCookieDialog(): Promise<HTMLElement> {
  const dialog = await screen.findByTestId('cookie-consent');
  await waitFor(() => expect(dialog).toHaveAttribute('open'));
  return dialog;
}

describe('layout shell', () => {
  it('has landmarks, the logo link home, the contact popover and the footer links', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/login',
      app: {
        url_list: {
          terms: 'https://t.example',
          privacy_policy: 'https://p.example',
          imprint: null,
          terms_of_use: 'https://u.example',
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBe(screen.getByTestId('footer'));
    const logo = screen.getByTestId('header-logo');
    expect(logo).toHaveAttribute('href', '/');
    expect(logo).toHaveAccessibleName('Demo Finanz – go to home page');
    expect(within(logo).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'src',
      '/api/partner/key/demo/logo',
    );

    await user.click(screen.getByRole('button', { name: 'Need help? Contact' }));
    expect(screen.getByRole('link', { name: 'Phone: +49 30 1234 5678' })).toHaveAttribute('href', 'tel:+493012345678');
    expect(screen.getByRole('link', { name: 'E-mail: support@demo-finanz.example' })).toHaveAttribute(
      'href',
      'mailto:support@demo-finanz.example',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: /Phone:/ })).not.toBeInTheDocument();

    const footer = within(screen.getByTestId('footer'));
    expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', 'https://t.example');
    expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', 'https://u.example');
    expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', 'https://p.example');
    expect(footer.queryByRole('link', { name: 'Imprint' })).not.toBeInTheDocument();
    expect(screen.getByTestId('header-login')).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Log in - Demo Finanz');
  });

  it('switches the language locally for guests (cookie, <html lang>), listing languages in upper case', async () => {
    const user = userEvent.setup();
    const { api } = await renderApp({ path: '/login', app: { languages: { supported: ['de', 'en'], default: 'de' } } });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.click(screen.getByTestId('language-switcher'));
    const items = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['DE', 'EN']);
    await user.click(screen.getByRole('menuitem', { name: 'DE' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('i18next=de');
    expect(document.title).toBe('Anmelden - Demo Finanz');
    expect(api.callsTo('PATCH /user/profile/:id')).toHaveLength(0);
  });

  it('offers the keys (cimode) as "Show keys" when show_sl_keys is on', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/login', app: { show_sl_keys: true } });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByRole('menuitem', { name: 'Show keys' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'login.title' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('saves the language on the profile when signed in with a verified e-mail', async () => {
    const user = userEvent.setup();
    const { api } = await renderApp({
      path: '/dashboard/applications',
      authenticated: true,
      api: { 'PATCH /user/profile/:id': ({ body }) => ({ body: { ...(body as object), user_id: 'u-1' } }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'My loans' });
    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByRole('menuitem', { name: 'FR' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes crédits' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PATCH /user/profile/u-1')).toHaveLength(1));
    expect(api.callsTo('PATCH /user/profile/u-1')[0]?.body).toEqual({ interface_language: 'fr' });
  });

  it('changes the language only locally while the e-mail is not verified', async () => {
    const user = userEvent.setup();
    const { api } = await renderApp({
      path: '/dashboard/applications',
      authenticated: true,
      profile: { emailVerified: false, is_email_confirmed: false },
    });
    await screen.findByRole('heading', { level: 1, name: 'My loans' });
    await waitFor(() => expect(api.callsTo('GET /user/profile')).toHaveLength(1));
    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByRole('menuitem', { name: 'PL' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moje kredyty' })).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/profile/:id')).toHaveLength(0);
  });

  it('tells the user when the language could not be saved', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/dashboard/applications',
      authenticated: true,
      api: { 'PATCH /user/profile/:id': { status: 500, body: errorBody('err_internal') } },
    });
    await screen.findByRole('heading', { level: 1, name: 'My loans' });
    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByRole('menuitem', { name: 'EN' }));
    await user.click(screen.getByTestId('language-switcher'));
    await user.click(screen.getByRole('menuitem', { name: 'DE' }));
    expect(await screen.findByText('Die Sprache konnte nicht in Ihrem Profil gespeichert werden.')).toBeInTheDocument();
  });

  it('asks for cookie consent when required, stores the choice for 180 days and re-opens from the footer', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/login', app: { cookie_required: true } });
    const dialog = await openedCookieDialog();
    const essential = within(dialog).getByRole('checkbox', { name: 'Essential cookies' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Statistics' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Statistics' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save selection' }));
    expect(screen.queryByTestId('cookie-consent')).not.toBeInTheDocument();
    expect(decodeURIComponent(document.cookie)).toContain(
      `${COOKIE_CONSENT_COOKIE}={"essential":true,"analytics":true,"marketing":false}`,
    );

    await user.click(within(screen.getByTestId('footer')).getByRole('button', { name: 'Cookie settings' }));
    const again = await openedCookieDialog();
    expect(within(again).getByRole('checkbox', { name: 'Statistics' })).toBeChecked();
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('cookie-consent')).not.toBeInTheDocument();
  });

  it('does not ask again when a choice is stored, nor when the partner does not require it', async () => {
    document.cookie = `${COOKIE_CONSENT_COOKIE}=${encodeURIComponent('{"essential":true,"analytics":false,"marketing":false}')}; path=/`;
    const first = await renderApp({ path: '/login', app: { cookie_required: true } });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.queryByTestId('cookie-consent')).not.toBeInTheDocument();
    first.unmount();
    document.cookie = `${COOKIE_CONSENT_COOKIE}=; Max-Age=0; path=/`;
    await renderApp({ path: '/login', app: { cookie_required: false } });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.queryByTestId('cookie-consent')).not.toBeInTheDocument();
  });
});
