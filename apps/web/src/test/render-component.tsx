import type { AppConfig, PartnerConfig } from '@finportal/contracts/partner';
import { MantineProvider } from '@mantine/core';
import { act, render, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { NotificationsHost } from '../app/notifications-host';
import { ConfigContext, type PortalConfig } from '../lib/config';
import { i18n, LAZY_NAMESPACES, loadNamespaces } from '../lib/i18n';
import { createPartnerTheme } from '../lib/partner-theme';
import { queryClient } from '../lib/query-client';
import { QueryProvider } from '../lib/query-provider';
import { mockApi, type MockRoute } from './api-mock';
import { buildAppConfig, buildPartnerConfig } from './factories';

export interface RenderComponentOptions {
  /** The location the component sees (query parameters such as `?modal=bankinfo`). */
  path?: string;
  partner?: Partial<PartnerConfig>;
  app?: Partial<AppConfig>;
  /** API routes ("METHOD /path"); everything else answers 404. */
  api?: Record<string, MockRoute>;
}

/**
 * One component inside the portal's real providers (i18n, partner theme, configuration, query
 * client, toasts, a memory router), for parts that no route shows on their own. The only mock is
 * `fetch`; `location.current` is the router's location.
 */
export async function renderComponent(ui: ReactElement, options: RenderComponentOptions = {}) {
  queryClient.clear();
  // The page that shows such a part has loaded its namespaces (lazyPage `ns`) before it renders.
  await loadNamespaces(LAZY_NAMESPACES);
  const api = mockApi(options.api ?? {});
  const partner = buildPartnerConfig(options.partner);
  const config: PortalConfig = { partnerKey: partner.key, partner, app: buildAppConfig(options.app) };
  const { theme, cssVariablesResolver } = createPartnerTheme(partner.fe_theme);
  const location: { current: Location | null } = { current: null };
  function LocationProbe() {
    location.current = useLocation();
    return null;
  }
  let utils!: RenderResult;
  await act(async () => {
    utils = render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env="test">
          <NotificationsHost />
          <ConfigContext.Provider value={config}>
            <QueryProvider>
              <MemoryRouter initialEntries={[options.path ?? '/dashboard/applications/app-1']}>
                <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
                <LocationProbe />
              </MemoryRouter>
            </QueryProvider>
          </ConfigContext.Provider>
        </MantineProvider>
      </I18nextProvider>,
    );
  });
  return { ...utils, api, location };
}
