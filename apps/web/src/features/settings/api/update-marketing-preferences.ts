import type { MarketingPreferences } from '@finportal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { useSetProfile } from '../../../lib/profile';

/**
 * POST /user/account/update_marketing_preferences (only with the marketing_opt_in feature). Works
 * before the e-mail is confirmed (ADR 002); should a server still refuse, the card says so itself.
 */
export function updateMarketingPreferences(body: MarketingPreferences): Promise<MarketingPreferences> {
  return http.post<MarketingPreferences>('/user/account/update_marketing_preferences', body, {
    inlineEmailNotConfirmed: true,
  });
}

/** The marketing consent; success writes it into the cached profile and shows the saved toast. */
export function useUpdateMarketingPreferences() {
  const { t } = useTranslation();
  const setProfile = useSetProfile();
  return useMutation({
    mutationFn: updateMarketingPreferences,
    onSuccess: (result, variables) => {
      setProfile({
        marketing_consent_accepted: result?.marketing_consent_accepted ?? variables.marketing_consent_accepted,
      });
      showSuccessToast(t('settings:marketing.saved'));
    },
  });
}
