import type { PartnerConfig } from '@finportal/contracts/partner';
import { http } from '../../../lib/http';

/**
 * GET /partner/key/{key}/config; 404 for an unknown key (the app then shows not-found, no toast).
 * Loaded once at boot through `portalConfigPromise` (load-portal-config.ts), like GET /config.
 */
export function fetchPartnerConfig(key: string, signal?: AbortSignal): Promise<PartnerConfig> {
  return http.get<PartnerConfig>(`/partner/key/${encodeURIComponent(key)}/config`, { signal, silent: true });
}
