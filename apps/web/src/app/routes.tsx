import { Navigate, Route, Routes } from 'react-router';
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
import { lazyPage } from './lazy-page';

/** Every page is its own chunk; only the shell (header, footer, guards) is in the entry bundle. */
const LoginPage = lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage', { queries: false });
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
const RegisterPage = lazyPage(() => import('../features/auth/components/register-page'), 'RegisterPage', {
  queries: false,
});
const InvitePage = lazyPage(() => import('../features/auth/components/invite-page'), 'InvitePage', { queries: false });
// The texts of the logged-in pages (`dashboard`, `settings`) load with them, not with /login.
const ConfirmEmailPage = lazyPage(() => import('../features/auth/components/confirm-email-page'), 'ConfirmEmailPage', {
  ns: ['dashboard'],
});
const SettingsPage = lazyPage(() => import('../features/settings/components/settings-page'), 'SettingsPage', {
  ns: ['settings', 'dashboard'],
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
const AccountCreationPage = lazyPage(loadClassicSteps, 'AccountCreationPage', { ...WIZARD, queries: false });
const ApplicationResultPage = lazyPage(loadClassicSteps, 'ApplicationResultPage', { ...WIZARD, queries: false });
const loadDynamicWizard = () => import('../features/wizard/components/dynamic-wizard-page');
const DynamicStepPage = lazyPage(loadDynamicWizard, 'DynamicStepPage', WIZARD);
const DynamicAccountPage = lazyPage(loadDynamicWizard, 'DynamicAccountPage', WIZARD);
const DynamicResultPage = lazyPage(loadDynamicWizard, 'DynamicResultPage', WIZARD);
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage', { queries: false });

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
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>

        <Route path="not-found" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
