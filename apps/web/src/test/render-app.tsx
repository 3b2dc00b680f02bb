import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { PortalApp } from '../app/portal-app';
import type { AppConfig, PartnerConfig } from '@finportal/contracts/partner';
import type { Profile } from '@finportal/contracts/auth';
import { resetPortalConfig } from '../features/partner/api/load-portal-config';
import { forgetDynamicFormsConfigs } from '../features/wizard/api/load-dynamic-forms-config';
import { queryClient } from '../lib/query-client';
import { markAuthenticated } from '../lib/session-store';
import { mockApi, type MockRoute } from './api-mock';
import { buildAppConfig, buildPartnerConfig, buildProfile } from './factories';

export interface RenderAppOptions {
  path?: string;
  state?: unknown;
  authenticated?: boolean;
  partner?: Partial<PartnerConfig>;
  app?: Partial<AppConfig>;
  profile?: Partial<Profile>;
  /** Extra or overriding API routes. */
  api?: Record<string, MockRoute>;
  /**
   * React's report of an error caught by an error boundary (its default logs console.error, which
   * fails the test): pass one in tests that expect the content error boundary.
   */
  onCaughtError?: (error: unknown) => void;
}

function splitPath(path: string): { pathname: string; search: string; hash: string } {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** The whole portal (real components, real router) in a memory router; only fetch is mocked. */
export async function renderApp(options: RenderAppOptions = {}) {
  // A fresh page load: no configuration or query cache from an earlier render.
  resetPortalConfig();
  queryClient.clear();
  forgetDynamicFormsConfigs();
  const api = mockApi({
    'GET /partner/key/demo/config': { body: buildPartnerConfig(options.partner) },
    'GET /config': { body: buildAppConfig(options.app) },
    'GET /user/profile': { body: buildProfile(options.profile) },
    'GET /user/applications': { body: { applications: [] } },
    ...options.api,
  });
  if (options.authenticated) markAuthenticated();
  const location: { current: Location | null } = { current: null };
  function LocationProbe() {
    location.current = useLocation();
    return null;
  }
  // The boot suspends on the configuration promise: render inside an awaited act.
  let utils!: RenderResult;
  await act(async () => {
    utils = render(
      <AppProviders>
        <MemoryRouter initialEntries={[{ ...splitPath(options.path ?? '/'), state: options.state }]}>
          <PortalApp partnerKey="demo" mantineEnv="test" />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
      options.onCaughtError ? { onCaughtError: options.onCaughtError } : undefined,
    );
  });
  return { ...utils, api, location };
}
