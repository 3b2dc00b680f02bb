import type { CaseDetail, CaseResponse, ChangeStatusRequest } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * PATCH /backoffice/applications/{id}/status with the new status and the reason. Silent: the move
 * control shows the refusal beside the reason it keeps (409 err_status_change_not_allowed,
 * err_no_pricing; 403 err_approve_require_different_user, err_no_permission).
 */
export async function changeCaseStatus(id: string, body: ChangeStatusRequest): Promise<CaseDetail> {
  const res = await staffCall(() => http.patch<CaseResponse>(`${casePath(id)}/status`, body, { silent: true }));
  return res.case;
}

/** Moving a case. Success: the moved case at once, the toast, `onMoved`; then the queue and the trail refetch. */
export function useChangeCaseStatus(id: string, { onMoved }: { onMoved?: () => void } = {}) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStatusRequest) => changeCaseStatus(id, body),
    onSuccess: async (updated) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:move.moved', { status: t(`backoffice:statuses.${updated.status}`) }));
      onMoved?.();
      await refreshed;
    },
  });
}
