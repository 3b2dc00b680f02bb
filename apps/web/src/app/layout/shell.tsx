import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useCookieConsent } from '../../lib/cookie-consent';
import { emailNotConfirmedStore, useEmailNotConfirmed } from '../../lib/session-store';
import { ContentErrorBoundary } from '../content-error-boundary';
import { lazyComponent, lazyPage } from '../lazy-page';
import { Footer } from './footer';
import { Header } from './header';

const EmailNotConfirmedPage = lazyPage(
  () => import('../../features/settings/components/email-not-confirmed-page'),
  'EmailNotConfirmedPage',
  { ns: ['dashboard'] },
);
/** Preloaded at boot on a first visit (main.tsx): it then opens with the first paint (ADR 011). */
export const CookieConsentModal = lazyComponent(
  () => import('../../features/settings/components/cookie-consent-modal'),
  'CookieConsentModal',
);

/** Layout shell: header, content (error boundary reset on path change), footer, cookie consent. */
export function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const emailNotConfirmed = useEmailNotConfirmed();
  const { open: cookieDialogOpen } = useCookieConsent();

  // The not-confirmed page belongs to the call that failed: navigating away dismisses it.
  useEffect(() => {
    emailNotConfirmedStore.set(false);
  }, [pathname]);

  return (
    <div className="fp-app">
      <a href="#main-content" className="fp-skip-link">
        {t('common:skip_to_content')}
      </a>
      <Header />
      <main id="main-content" className="fp-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          {emailNotConfirmed ? (
            <EmailNotConfirmedPage />
          ) : (
            <ContentErrorBoundary key={pathname}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </ContentErrorBoundary>
          )}
        </Suspense>
      </main>
      <Footer />
      {cookieDialogOpen && (
        <Suspense fallback={null}>
          <CookieConsentModal />
        </Suspense>
      )}
    </div>
  );
}
