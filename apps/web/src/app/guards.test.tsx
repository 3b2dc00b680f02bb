import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../lib/session-store';
import { errorBody } from '../test/api-mock';
import { renderApp } from '../test/render-app';

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('routes and guards', () => {
  it.each([
    '/login',
    '/register',
    '/forgot-password',
    '/user/account/reset/tok-1234567890abcdef',
    '/user/account/invite/tok-1234567890abcdef',
  ])('sends a logged-in user away from the logged-out-only page %s', async (path) => {
    const { location } = await renderApp({ path, authenticated: true });
    expect(await heading('My loans')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/dashboard/applications');
  });

  it('sends a guest from a login-required page to /login with the return path and confirmation token', async () => {
    const { location } = await renderApp({ path: '/dashboard/settings?confirmation_token=tok-42' });
    expect(await heading('Log in')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/login');
    expect(location.current?.state).toEqual({
      urlToRedirect: '/dashboard/settings?confirmation_token=tok-42',
      confirmationToken: 'tok-42',
    });
  });

  it('returns to the requested page after login', async () => {
    const user = userEvent.setup();
    const { api, location } = await renderApp({
      path: '/dashboard/settings',
      api: { 'POST /user/account/login': { body: { ok: true } } },
    });
    await heading('Log in');
    await user.type(screen.getByLabelText(/^E-mail address/), 'Max@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await heading('Settings')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/dashboard/settings');
    expect(api.callsTo('POST /user/account/login')[0]?.body).toEqual({
      email: 'max@example.com',
      password: 'whatever',
    });
    expect(api.callsTo('GET /user/profile')).not.toHaveLength(0);
  });

  it('carries no return path after a deliberate logout', async () => {
    authStore.set({ isAuthenticated: false, loggedOutByUser: true });
    const { location } = await renderApp({ path: '/dashboard/applications' });
    await heading('Log in');
    expect(location.current?.state ?? null).toBeNull();
  });

  it('logs out through the profile menu and goes home', async () => {
    const user = userEvent.setup();
    const { api, location } = await renderApp({
      path: '/dashboard/applications',
      authenticated: true,
      api: { 'POST /user/account/logout': { body: { ok: true } } },
    });
    await heading('My loans');
    await user.click(await screen.findByTestId('profile-menu'));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/application/loan-info'));
    expect(api.callsTo('POST /user/account/logout')).toHaveLength(1);
    expect(authStore.get()).toMatchObject({ isAuthenticated: false, loggedOutByUser: true });
    expect(screen.getByTestId('header-login')).toBeInTheDocument();
  });

  it('labels the profile menu with the e-mail and lists applications and settings', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/dashboard/applications', authenticated: true });
    const button = await screen.findByTestId('profile-menu');
    await waitFor(() => expect(button).toHaveTextContent('max@example.com'));
    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My applications' })).toHaveAttribute(
      'href',
      '/dashboard/applications',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
  });

  it.each([
    [{ isAuthenticated: true }, {}, '/dashboard/applications'],
    [{ isAuthenticated: false }, { user_create_application: true }, '/application/loan-info'],
    [{ isAuthenticated: false }, { user_create_application: true, is_dynamic_form: true }, '/application/new'],
    [{ isAuthenticated: false }, { user_create_application: false }, '/login'],
  ])('redirects / (%o, %o) to %s', async (auth, app, target) => {
    const { location } = await renderApp({ path: '/', authenticated: auth.isAuthenticated, app });
    await waitFor(() => expect(location.current?.pathname).toBe(target));
  });

  it.each([
    ['/signin', '/login'],
    ['/signup', '/register'],
    ['/loan-info', '/application/loan-info'],
  ])('redirects the old path %s to %s', async (from, to) => {
    const { location } = await renderApp({ path: from });
    await waitFor(() => expect(location.current?.pathname).toBe(to));
  });

  it('redirects /dashboard to the applications list', async () => {
    const { location } = await renderApp({ path: '/dashboard', authenticated: true });
    expect(await heading('My loans')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/dashboard/applications');
  });

  it('keeps classic wizard steps away when users may not create applications', async () => {
    const { location } = await renderApp({ path: '/application/loan-info', app: { user_create_application: false } });
    await waitFor(() => expect(location.current?.pathname).toBe('/login'));
  });

  it('shows the not-found page inside the shell for an unknown path', async () => {
    await renderApp({ path: '/nowhere' });
    const page = await screen.findByTestId('not-found');
    expect(within(page).getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/application/loan-info');
    expect(within(page).getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(within(page).getByRole('link', { name: 'start a new loan' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'view my loans' })).toHaveAttribute(
      'href',
      '/dashboard/applications',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByTestId('footer')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found - Demo Finanz'));
  });

  it('hides the create-application link on not-found when users may not create applications', async () => {
    await renderApp({ path: '/not-found', app: { user_create_application: false } });
    const page = await screen.findByTestId('not-found');
    expect(within(page).queryByRole('link', { name: 'Apply now' })).not.toBeInTheDocument();
  });

  it('shows a bare not-found card for an unknown partner', async () => {
    const { location } = await renderApp({
      path: '/login',
      api: { 'GET /partner/key/demo/config': { status: 404, body: errorBody('err_partner_not_found') } },
    });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/not-found');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows not-found when the partner lacks the branding entitlement', async () => {
    await renderApp({ path: '/login', partner: { entitlements: ['company_research'] } });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
