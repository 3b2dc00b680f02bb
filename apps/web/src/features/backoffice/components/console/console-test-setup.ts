import type { StaffProfile } from '@finportal/contracts/backoffice';
import type { ConsoleConfig, ConsoleVersion, DraftResponse } from '@finportal/contracts/partner-console';
import type { WebhookDelivery, WebhookEndpoint } from '@finportal/contracts/webhooks';
import { screen, within } from '@testing-library/react';
import type { MockRoute } from '../../../../test/api-mock';
import { buildStaffProfile } from '../../../../test/factories';
import { renderBackoffice } from '../backoffice-test-setup';

/** The console's fields of the demo partner (partners/demo.json). */
export function buildConsoleConfig(overrides: Partial<ConsoleConfig> = {}): ConsoleConfig {
  return {
    display_name: 'Demo Finanz',
    legal_name: 'Demo Finanz GmbH',
    fe_theme: { color_link: '#0b5cad', color_primary: '#0b5cad', color_cta_text: '#ffffff' },
    customer_support_email: 'support@demo-finanz.example',
    customer_support_phone: '+49 30 1234 5678',
    url_list: {
      terms: 'https://demo-finanz.example/agb',
      privacy_policy: 'https://demo-finanz.example/datenschutz',
      imprint: 'https://demo-finanz.example/impressum',
    },
    is_partner_terms_required: false,
    languages: { supported: ['de', 'en', 'pl', 'fr'], default: 'de' },
    currencies: { supported: ['EUR'], default: 'EUR' },
    features: [
      { name: 'marketing_opt_in', is_active: false },
      { name: 'appointments', is_active: true },
    ],
    entitlements: ['whitelabeled_user_branding', 'company_research'],
    ...overrides,
  };
}

/** GET …/draft of a partner admin: nothing changed, nothing published in the console yet. */
export function buildDraftResponse(overrides: Partial<DraftResponse> = {}): DraftResponse {
  const published = overrides.published ?? buildConsoleConfig();
  return {
    key: 'demo',
    draft: published,
    published,
    published_version: null,
    has_changes: false,
    draft_updated_at: null,
    draft_updated_by: null,
    can_edit_entitlements: false,
    ...overrides,
  };
}

export function buildVersion(overrides: Partial<ConsoleVersion> = {}): ConsoleVersion {
  return {
    version: 1,
    published_at: '2026-03-02T09:00:00.000Z',
    published_by: null,
    restored_from: null,
    config: buildConsoleConfig(),
    ...overrides,
  };
}

export function buildEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    url: 'https://hooks.demo-finanz.example/finportal',
    enabled: true,
    secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LTAxMjM0NTY3',
    failing_since: null,
    disabled_at: null,
    ...overrides,
  };
}

export function buildDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'msg_2f1c0a9e8b7d4c3f9a1e0b2c3d4e5f60',
    event_type: 'application.submitted',
    payload: { type: 'application.submitted', timestamp: '2026-03-05T10:00:00.000Z', data: { id: 'a1' } },
    status: 'succeeded',
    attempts: 1,
    attempt_log: [{ at: '2026-03-05T10:00:01.000Z', status: 200, error: null, body: 'ok', ms: 84 }],
    next_attempt_at: null,
    created_at: '2026-03-05T10:00:00.000Z',
    delivered_at: '2026-03-05T10:00:01.000Z',
    ...overrides,
  };
}

/** A partner admin of demo (kind puser, every permission of the role). */
export const partnerAdmin = (overrides: Partial<StaffProfile> = {}) =>
  buildStaffProfile({ kind: 'puser', role: 'role_partner_admin', partner_id: 'demo', ...overrides });

export const CONSOLE = '/backoffice/console';
export const API = '/backoffice/partners/demo';

/** The console at `path` with the given answers (draft, versions, webhook, deliveries by default). */
export async function renderConsole(
  api: Record<string, MockRoute> = {},
  { staff = partnerAdmin(), path = CONSOLE }: { staff?: StaffProfile; path?: string } = {},
) {
  const rendered = await renderBackoffice(path, {
    staff,
    api: {
      [`GET ${API}/draft`]: { body: buildDraftResponse() },
      [`GET ${API}/versions`]: { body: { versions: [] } },
      [`GET ${API}/webhook`]: { body: { endpoint: null } },
      [`GET ${API}/webhook/deliveries`]: { body: { deliveries: [] } },
      ...api,
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Portal settings' });
  await screen.findByTestId('console-status', {});
  return rendered;
}

/** A card of the console by its heading. */
export const card = (name: string | RegExp) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;

export const inCard = (name: string | RegExp) => within(card(name));
