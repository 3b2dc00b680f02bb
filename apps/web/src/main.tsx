// Mantine's global styles, in its cascade layer; each component's styles load with the chunk that
// uses it (vite.config.ts, ADR 011). The app's own CSS is unlayered and wins over Mantine's.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/app.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { PortalApp } from './app/portal-app';
import { portalConfigPromise } from './features/partner/api/load-portal-config';
import { readApiBase, readPartnerKey } from './lib/boot-params';
import { setApiBase } from './lib/http';
import { FALLBACK_LANGUAGE } from '@finportal/contracts/constants';
import { initI18n } from './lib/i18n';
import { baseLanguage, detectLanguages } from './lib/language-detector';
import { initCookieConsent, readCookieChoice } from './lib/cookie-consent';
import { authStore, initSession } from './lib/session-store';
import { CookieConsentModal } from './app/layout/shell';
import { preloadHome, preloadRoute } from './app/routes';

const partnerKey = readPartnerKey();
setApiBase(readApiBase());
initSession(partnerKey);

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in index.html');
  const app = createRoot(root);
  // A transition renders in slices of a few milliseconds between which the browser may paint and
  // answer input, instead of one long task: a phone's main thread is never blocked for long.
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <PortalApp partnerKey={partnerKey} />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}

// Configuration, the language bundle, the page of the address and the cookie dialog (shown on a
// first visit) load in parallel before the first render, so that the first paint shows the page
// (ADR 011; the server preloads the configuration with the document). No top-level await: it
// would switch off the bundler's chunk merging.
const authenticated = authStore.get().isAuthenticated;
const boot = portalConfigPromise(partnerKey);
const i18nReady = initI18n();
if (window.location.pathname === '/') {
  void boot.then((result) => result.status === 'ready' && preloadHome(result.config, authenticated, i18nReady));
} else {
  preloadRoute(window.location.pathname, authenticated, i18nReady);
}
if (!readCookieChoice()) CookieConsentModal.preload();
// Intl loads a language's region names and number formats on first use (about 15 ms on a phone):
// in a task of its own while the network is busy, not inside the first render.
setTimeout(() => {
  const language = baseLanguage(detectLanguages()[0] ?? FALLBACK_LANGUAGE);
  try {
    new Intl.DisplayNames([language], { type: 'region' }).of('DE');
    new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(1234.5);
  } catch {
    // An unusable language tag: the render builds the German fallback itself.
  }
}, 0);
// The dialog's state before the first render (ReadyApp sets the same again), so that it opens in it.
void boot.then((result) => result.status === 'ready' && initCookieConsent(result.config.app.cookie_required));
void i18nReady.then(render, render);
