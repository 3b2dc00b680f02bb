import type { AppConfig } from '@finportal/contracts/partner';
import { http } from '../../../lib/http';

/**
 * GET /config: the host partner's public configuration. Loaded once at boot through
 * `portalConfigPromise` (load-portal-config.ts), before React and TanStack Query, so it has no
 * queryOptions or hook: the app reads it with `useConfig()` (lib/config).
 */
export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return http.get<AppConfig>('/config', { signal, silent: true });
}
