import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { PortalApp } from './app/portal-app';
import { portalConfigPromise } from './features/partner/api/load-portal-config';
import { readApiBase, readPartnerKey } from './lib/boot-params';
import { setApiBase } from './lib/http';
import { initI18n } from './lib/i18n';
import { initSession } from './lib/session-store';

const partnerKey = readPartnerKey();
setApiBase(readApiBase());
initSession(partnerKey);

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <PortalApp partnerKey={partnerKey} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// Configuration and the language bundle load in parallel before the first render
// (no top-level await: it would switch off the bundler's chunk merging).
void portalConfigPromise(partnerKey);
void initI18n().then(render, render);
