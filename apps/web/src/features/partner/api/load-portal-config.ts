import type { PortalConfig } from '../../../lib/config';
import { fetchAppConfig } from './get-app-config';
import { fetchPartnerConfig } from './get-partner-config';

/** The partner entitlement without which the portal is not shown (spec 1 section 1). */
export const REQUIRED_ENTITLEMENT = 'whitelabeled_user_branding';

export type BootResult = { status: 'ready'; config: PortalConfig } | { status: 'unavailable' };

/**
 * Boot data: partner and public configuration, loaded once per page load (started in main.tsx
 * before React renders). Unknown key (404), any failure or a missing branding entitlement →
 * 'unavailable' (the not-found page). Never rejects. (The partner's "query": a promise per key
 * that React's `use()` reads, because it runs before TanStack Query is loaded.)
 */
export async function loadPortalConfig(partnerKey: string): Promise<BootResult> {
  try {
    const [partner, app] = await Promise.all([fetchPartnerConfig(partnerKey), fetchAppConfig()]);
    if (!partner?.entitlements?.includes(REQUIRED_ENTITLEMENT) || !app) return { status: 'unavailable' };
    return { status: 'ready', config: { partnerKey, partner, app } };
  } catch {
    return { status: 'unavailable' };
  }
}

const cache = new Map<string, Promise<BootResult>>();

/** The same promise for a key (React `use()` needs a stable promise). */
export function portalConfigPromise(partnerKey: string): Promise<BootResult> {
  let promise = cache.get(partnerKey);
  if (!promise) {
    promise = loadPortalConfig(partnerKey);
    cache.set(partnerKey, promise);
  }
  return promise;
}

/** Tests: forget loaded configuration. */
export function resetPortalConfig(): void {
  cache.clear();
}
