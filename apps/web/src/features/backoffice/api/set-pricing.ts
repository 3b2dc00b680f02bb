import type { CaseDetail, CaseResponse, SetPricingRequest } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * PUT /backoffice/applications/{id}/pricing: the final rate and fee. Silent: the pricing form puts
 * the 400's field errors (contracts finalPricingIssues) on its fields and shows the rest
 * (409 err_pricing_not_allowed once the case has left the review).
 */
export async function setCasePricing(id: string, body: SetPricingRequest): Promise<CaseDetail> {
  const res = await staffCall(() => http.put<CaseResponse>(`${casePath(id)}/pricing`, body, { silent: true }));
  return res.case;
}

/** Saving the final pricing. Success: the case at once, the toast; then the queue and the trail refetch. */
export function useSetCasePricing(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPricingRequest) => setCasePricing(id, body),
    onSuccess: async (updated) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:pricing.saved'));
      await refreshed;
    },
  });
}
