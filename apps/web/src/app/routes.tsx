import { APPOINTMENT_LINK_ROUTES, homePath } from '@finportal/contracts/portal-routes';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import type { PortalConfig } from '../lib/config';
import {
  ClassicWizardOnly,
  DynamicWizardOnly,
  HOME_AUTHENTICATED,
  IndexRedirect,
  LoggedOutOnly,
  RedirectKeepingQuery,
  RequireAuth,
} from './guards';
import { Shell } from './layout/shell';
import { lazyPage, type LazyPage } from './lazy-page';

/** Every page is its own chunk; only the shell (header, footer, guards) is in the entry bundle. */
// The account pages' texts (`auth`) load with them, not with the wizard.
const AUTH = { ns: ['auth'] } as const;
const LoginPage = lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage', {
  ...AUTH,
  queries: false,
});
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
  AUTH,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/components/reset-password-page'),
  'ResetPasswordPage',
  AUTH,
);
const RegisterPage = lazyPage(() => import('../features/auth/components/register-page'), 'RegisterPage', {
  ...AUTH,
  queries: false,
});
const InvitePage = lazyPage(() => import('../features/auth/components/invite-page'), 'InvitePage', {
  ...AUTH,
  queries: false,
});
// The texts of the logged-in pages (`dashboard`, `settings`) load with them, not with /login.
const ConfirmEmailPage = lazyPage(() => import('../features/auth/components/confirm-email-page'), 'ConfirmEmailPage', {
  ns: ['dashboard', 'auth'],
});
const SettingsPage = lazyPage(() => import('../features/settings/components/settings-page'), 'SettingsPage', {
  ns: ['settings', 'dashboard', 'auth'],
});
const ApplicationsPage = lazyPage(
  () => import('../features/applications/components/applications-page'),
  'ApplicationsPage',
  { ns: ['dashboard'] },
);
// The overview's texts (and the legal-form labels of the wizard's `application` namespace) load with it.
const ApplicationOverviewPage = lazyPage(() => import('./pages/application-overview-page'), 'ApplicationOverviewPage', {
  ns: ['dashboard', 'overview', 'bank-info', 'custom-fields', 'application', 'errors-dashboard'],
});
// Wizard: the loan-info step is on the 150 KB budget (no query provider, no zod before first focus).
const WIZARD = { ns: ['wizard', 'application'] } as const;
const LoanInfoPage = lazyPage(() => import('../features/wizard/components/loan-info-page'), 'LoanInfoPage', {
  ns: ['wizard'],
  queries: false,
});
const loadClassicSteps = () => import('../features/wizard/components/classic-steps');
const CompanyNamePage = lazyPage(loadClassicSteps, 'CompanyNamePage', WIZARD);
const CompanyDetailsPage = lazyPage(loadClassicSteps, 'CompanyDetailsPage', { ...WIZARD, queries: false });
const AccountCreationPage = lazyPage(loadClassicSteps, 'AccountCreationPage', {
  ns: ['wizard', 'application', 'auth'],
  queries: false,
});
const ApplicationResultPage = lazyPage(loadClassicSteps, 'ApplicationResultPage', {
  ns: ['wizard', 'application', 'result'],
  queries: false,
});
// The dynamic wizard: its first step is on the budget too (no query provider); account creation
// and the result are chunks of their own.
const DynamicStepPage = lazyPage(() => import('../features/wizard/components/dynamic-step-page'), 'DynamicStepPage', {
  ...WIZARD,
  queries: false,
});
const DynamicAccountPage = lazyPage(
  () => import('../features/wizard/components/dynamic-account-page'),
  'DynamicAccountPage',
  { ns: ['wizard', 'application', 'auth'], queries: false },
);
const DynamicResultPage = lazyPage(
  () => import('../features/wizard/components/dynamic-result-page'),
  'DynamicResultPage',
  { ns: ['wizard', 'application', 'result'], queries: false },
);
// The pages behind the appointment e-mails' links (no login: the link's token is the authority).
const loadAppointmentLinks = () => import('../features/appointments/components/appointment-link-page');
const CancelAppointmentPage = lazyPage(loadAppointmentLinks, 'CancelAppointmentPage', {
  ns: ['appointments', 'errors-dashboard'],
});
const MoveAppointmentPage = lazyPage(loadAppointmentLinks, 'MoveAppointmentPage', {
  ns: ['appointments', 'errors-dashboard'],
});
// The company route (a debtor row links to it): its texts, the legal forms and the cover statuses' labels.
const CompanyPage = lazyPage(() => import('../features/companies/components/company-page'), 'CompanyPage', {
  ns: ['dashboard', 'companies', 'application', 'factoring'],
});
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage', { queries: false });
// The back office (staff, issue 13): its own layout and routes, outside the borrower's shell.
const BackofficePage = lazyPage(() => import('../features/backoffice/components/backoffice-page'), 'BackofficePage', {
  ns: ['backoffice'],
});

/**
 * The page each address opens, for preloadRoute: who may see it (`out`: logged-out only, `in`:
 * logged in only) decides whether the guards will let it render.
 */
const PAGES: [pattern: string, page: LazyPage, who?: 'in' | 'out'][] = [
  ['/login', LoginPage, 'out'],
  ['/register', RegisterPage, 'out'],
  ['/forgot-password', ForgotPasswordPage, 'out'],
  ['/user/account/reset/:token', ResetPasswordPage, 'out'],
  ['/user/account/invite/:token', InvitePage, 'out'],
  ['/user/account/confirm_email/:confirmationCode', ConfirmEmailPage],
  ['/application/loan-info', LoanInfoPage],
  ['/application/company-name', CompanyNamePage],
  ['/application/company-details', CompanyDetailsPage],
  ['/application/account-creation', AccountCreationPage, 'out'],
  ['/application/application-result', ApplicationResultPage, 'in'],
  ['/application/new/account-creation', DynamicAccountPage, 'out'],
  ['/application/new/application-result', DynamicResultPage, 'in'],
  ['/application/new', DynamicStepPage],
  ['/application/new/:stepId', DynamicStepPage],
  ['/dashboard/applications', ApplicationsPage, 'in'],
  ['/dashboard/applications/:id', ApplicationOverviewPage, 'in'],
  ['/dashboard/companies/:companyId', CompanyPage, 'in'],
  ['/dashboard/settings', SettingsPage, 'in'],
  ['/appointments/cancel/:token', CancelAppointmentPage],
  ['/appointments/move/:token', MoveAppointmentPage],
  ['/backoffice', BackofficePage],
  ['/backoffice/applications/:id', BackofficePage],
];

/**
 * Starts loading the page of an address (its chunk, styles and texts) at boot, in parallel with
 * the partner configuration, instead of after the shell has rendered (ADR 011). Addresses a
 * guard will redirect, and unknown ones, load nothing here.
 */
export function preloadRoute(pathname: string, authenticated: boolean, i18nReady: Promise<unknown>): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  const entry = PAGES.find(([pattern]) => matchPath(pattern, path));
  if (!entry) return;
  const [, page, who] = entry;
  if ((who === 'in' && !authenticated) || (who === 'out' && authenticated)) return;
  page.preload(i18nReady);
}

/** `/` once the configuration is known: the page IndexRedirect (guards.tsx) will open. */
export function preloadHome(config: PortalConfig, authenticated: boolean, i18nReady: Promise<unknown>): void {
  preloadRoute(homePath(config.app, authenticated), authenticated, i18nReady);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<IndexRedirect />} />
        <Route path="loan-info" element={<RedirectKeepingQuery to="/application/loan-info" />} />
        <Route path="signin" element={<RedirectKeepingQuery to="/login" />} />
        <Route path="signup" element={<RedirectKeepingQuery to="/register" />} />

        <Route path="application">
          <Route path="new" element={<DynamicWizardOnly />}>
            <Route index element={<DynamicStepPage />} />
            <Route element={<LoggedOutOnly redirectTo="/application/new/application-result" />}>
              <Route path="account-creation" element={<DynamicAccountPage />} />
            </Route>
            <Route element={<RequireAuth />}>
              <Route path="application-result" element={<DynamicResultPage />} />
            </Route>
            <Route path=":stepId" element={<DynamicStepPage />} />
          </Route>
          <Route element={<ClassicWizardOnly />}>
            <Route path="loan-info" element={<LoanInfoPage />} />
            <Route path="company-name" element={<CompanyNamePage />} />
            <Route path="company-details" element={<CompanyDetailsPage />} />
            <Route element={<LoggedOutOnly redirectTo="/application/application-result" />}>
              <Route path="account-creation" element={<AccountCreationPage />} />
            </Route>
            <Route element={<RequireAuth />}>
              <Route path="application-result" element={<ApplicationResultPage />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route element={<LoggedOutOnly />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="user/account/reset/:token" element={<ResetPasswordPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="user/account/invite/:token" element={<InvitePage />} />
        </Route>
        <Route path="user/account/confirm_email/:confirmationCode" element={<ConfirmEmailPage />} />

        <Route path="dashboard" element={<RequireAuth />}>
          <Route index element={<Navigate to={HOME_AUTHENTICATED} replace />} />
          <Route path="applications" element={<ApplicationsPage />} />
          <Route path="applications/:id" element={<ApplicationOverviewPage />} />
          <Route path="companies/:companyId" element={<CompanyPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route path={APPOINTMENT_LINK_ROUTES.cancel.slice(1)} element={<CancelAppointmentPage />} />
        <Route path={APPOINTMENT_LINK_ROUTES.move.slice(1)} element={<MoveAppointmentPage />} />

        <Route path="not-found" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="backoffice/*" element={<BackofficePage />} />
    </Routes>
  );
}
