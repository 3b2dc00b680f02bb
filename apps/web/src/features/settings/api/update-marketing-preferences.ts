import type { MarketingPreferences } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /user/account/update_marketing_preferences (only with the marketing_opt_in feature). */
export function updateMarketingPreferences(body: MarketingPreferences): Promise<MarketingPreferences> {
  return http.post<MarketingPreferences>('/user/account/update_marketing_preferences', body);
}
