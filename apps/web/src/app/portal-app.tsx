import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, use, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { portalConfigPromise } from '../features/partner/api/load-portal-config';
import { ConfigContext, type PortalConfig } from '../lib/config';
import { initCookieConsent } from '../lib/cookie-consent';
import { restrictToLanguages } from '../lib/i18n';
import { createPartnerTheme, NEUTRAL_THEME, type FeTheme } from '../lib/partner-theme';
import { NotificationsHost } from './notifications-host';
import { AppRoutes } from './routes';

const BareNotFound = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.BareNotFound })));

function ThemedProviders({ fe, env, children }: { fe: FeTheme; env?: 'default' | 'test'; children: ReactNode }) {
  const { theme, cssVariablesResolver } = useMemo(() => createPartnerTheme(fe), [fe]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}

function ReadyApp({ config }: { config: PortalConfig }) {
  const { app } = config;
  useEffect(() => {
    void restrictToLanguages(app.languages.supported, app.languages.default);
    initCookieConsent(app.cookie_required);
  }, [app]);
  return (
    <ConfigContext.Provider value={config}>
      <AppRoutes />
    </ConfigContext.Provider>
  );
}

function Booted({ partnerKey, env }: { partnerKey: string; env?: 'default' | 'test' }) {
  const boot = use(portalConfigPromise(partnerKey));
  if (boot.status === 'ready') {
    return (
      <ThemedProviders fe={boot.config.partner.fe_theme} env={env}>
        <ReadyApp config={boot.config} />
      </ThemedProviders>
    );
  }
  // Unknown partner, failed configuration or no branding entitlement: bare not-found card.
  return (
    <ThemedProviders fe={NEUTRAL_THEME} env={env}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/not-found" element={<BareNotFound />} />
          <Route path="*" element={<Navigate to="/not-found" replace />} />
        </Routes>
      </Suspense>
    </ThemedProviders>
  );
}

/** The portal below the router: boot (partner configuration), partner theme, routes. */
export function PortalApp({ partnerKey, mantineEnv }: { partnerKey: string; mantineEnv?: 'default' | 'test' }) {
  return (
    <Suspense
      fallback={
        <ThemedProviders fe={NEUTRAL_THEME} env={mantineEnv}>
          <PageLoader />
        </ThemedProviders>
      }
    >
      <Booted partnerKey={partnerKey} env={mantineEnv} />
    </Suspense>
  );
}
