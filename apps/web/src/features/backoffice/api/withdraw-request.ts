import type { CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * DELETE /backoffice/applications/{id}/requests/{requestId}: withdraw an open request (it is no
 * longer a pending item of the customer). Silent: the confirmation shows a refusal (409
 * err_request_closed when the customer answered in the meantime).
 */
export async function withdrawCaseRequest(id: string, requestId: string): Promise<CaseDetail> {
  const res = await staffCall(() =>
    http.delete<CaseResponse>(`${casePath(id)}/requests/${encodeURIComponent(requestId)}`, undefined, {
      silent: true,
    }),
  );
  return res.case;
}

/** Withdrawing a request (`mutate(requestId)`). Success: the case at once, the toast; then the queue and the trail refetch. */
export function useWithdrawCaseRequest(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => withdrawCaseRequest(id, requestId),
    onSuccess: async (updated) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:requests.withdrawn'));
      await refreshed;
    },
  });
}
