import type { AssignRequest, CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, isApiError, showErrorToast, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/** POST /backoffice/applications/{id}/assign: take the case (`me`) or hand it back (null). */
export async function assignCase(id: string, body: AssignRequest): Promise<CaseDetail> {
  const res = await staffCall(() => http.post<CaseResponse>(`${casePath(id)}/assign`, body, { silent: true }));
  return res.case;
}

/**
 * Taking a case or handing it back (`mutate({ id, assignee })`), from the queue or the case page.
 * Success: the case at once, the toast; then the queue refetches. Failure: the toast with the reason.
 */
export function useAssignCase() {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, assignee }: { id: string; assignee: 'me' | null }) => assignCase(id, { assignee }),
    onSuccess: async (updated, { assignee }) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(
        t(assignee === 'me' ? 'backoffice:assign.taken' : 'backoffice:assign.handed_back', { id: updated.short_id }),
      );
      await refreshed;
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      showErrorToast(errorMessages(error).join(' '), t('backoffice:assign.failed'));
    },
  });
}
