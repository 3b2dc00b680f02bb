import type { AppConfig } from '@finportal/contracts/partner';
import { http } from '../../../lib/http';

/** GET /config: the host partner's public configuration. */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return http.get<AppConfig>('/config', { signal, silent: true });
}
