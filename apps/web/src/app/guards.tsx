import { HOME_AUTHENTICATED, homePath } from '@finportal/contracts/portal-routes';
import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useConfig } from '../lib/config';
import { clearHomeAfterLogout, useAuth } from '../lib/session-store';

export { HOME_AUTHENTICATED };

/** Router state handed to /login by the login-required guard (spec 1 section 2). */
export interface LoginRedirectState {
  urlToRedirect?: string;
  confirmationToken?: string;
}

export function readLoginState(location: Location): LoginRedirectState {
  const state = (location.state ?? {}) as LoginRedirectState;
  return {
    urlToRedirect: typeof state.urlToRedirect === 'string' ? state.urlToRedirect : undefined,
    confirmationToken: typeof state.confirmationToken === 'string' ? state.confirmationToken : undefined,
  };
}

/** Where a user goes once logged in from a logged-out-only page. */
export function postLoginTarget(location: Location): string {
  const { urlToRedirect, confirmationToken } = readLoginState(location);
  if (urlToRedirect && urlToRedirect.startsWith('/') && !urlToRedirect.startsWith('//')) {
    if (confirmationToken && !urlToRedirect.includes('confirmation_token=')) {
      const sep = urlToRedirect.includes('?') ? '&' : '?';
      return `${urlToRedirect}${sep}confirmation_token=${encodeURIComponent(confirmationToken)}`;
    }
    return urlToRedirect;
  }
  if (confirmationToken) return `${HOME_AUTHENTICATED}?confirmation_token=${encodeURIComponent(confirmationToken)}`;
  // Login from the wizard (?application=true) continues to the application result.
  if (new URLSearchParams(location.search).get('application') === 'true') return '/application/application-result';
  return HOME_AUTHENTICATED;
}

/** Logged-out-only pages: a logged-in user is sent on (to the return path, or the applications list). */
export function LoggedOutOnly({ redirectTo }: { redirectTo?: string }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={redirectTo ?? postLoginTarget(location)} replace />;
  return <Outlet />;
}

/** Login-required pages: guests go to /login with the return path, unless they logged out on purpose. */
export function RequireAuth() {
  const { isAuthenticated, loggedOutByUser, homeAfterLogout } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    if (homeAfterLogout) return <Navigate to="/" replace />;
    if (loggedOutByUser) return <Navigate to="/login" replace />;
    const confirmationToken = new URLSearchParams(location.search).get('confirmation_token') ?? undefined;
    const state: LoginRedirectState = {
      urlToRedirect: `${location.pathname}${location.search}${location.hash}`,
      confirmationToken,
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** `/`: applications list when authenticated, else the application start when allowed, else login. */
export function IndexRedirect() {
  const { isAuthenticated } = useAuth();
  const { app } = useConfig();
  const { search } = useLocation();
  useEffect(clearHomeAfterLogout, []);
  const home = homePath(app, isAuthenticated);
  // The wizard keeps the query string (a partner's tracking parameters).
  return <Navigate to={home === '/login' || isAuthenticated ? home : { pathname: home, search }} replace />;
}

/** Redirect that keeps the query string (old paths /loan-info, /signin, /signup). */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** Classic wizard steps exist only without the dynamic form and with the create-application flag. */
export function ClassicWizardOnly({ children }: { children?: ReactNode }) {
  const { app } = useConfig();
  if (!app.user_create_application || app.is_dynamic_form) return <Navigate to="/login" replace />;
  return children ? <>{children}</> : <Outlet />;
}

/** The dynamic wizard exists only when the partner configured it. */
export function DynamicWizardOnly({ children }: { children?: ReactNode }) {
  const { app } = useConfig();
  if (!app.is_dynamic_form || !app.user_create_application) return <Navigate to="/" replace />;
  return children ? <>{children}</> : <Outlet />;
}
