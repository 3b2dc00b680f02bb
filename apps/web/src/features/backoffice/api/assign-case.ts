import type { AssignRequest, CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, isApiError, showErrorToast, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/** POST /backoffice/applications/{id}/assign: take the case (`me`), give it to a colleague (their id) or hand it back (null). */
export async function assignCase(id: string, body: AssignRequest): Promise<CaseDetail> {
  const res = await staffCall(() => http.post<CaseResponse>(`${casePath(id)}/assign`, body, { silent: true }));
  return res.case;
}

/** Who gets the case: the staff member (`me`), a colleague (id and e-mail, for the toast) or nobody (null). */
export type Assignee = 'me' | { id: string; email: string } | null;

/**
 * Taking a case, giving it to a colleague or handing it back (`mutate({ id, assignee })`), from
 * the queue or the case page. Success: the case at once, the toast; then the queue refetches.
 * Failure: the toast with the reason (404 err_entity_not_found on assignee: the colleague no
 * longer sees the partner).
 */
export function useAssignCase() {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, assignee }: { id: string; assignee: Assignee }) =>
      assignCase(id, { assignee: assignee && typeof assignee === 'object' ? assignee.id : assignee }),
    onSuccess: async (updated, { assignee }) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(
        assignee === 'me'
          ? t('backoffice:assign.taken', { id: updated.short_id })
          : assignee
            ? t('backoffice:assign.given', { id: updated.short_id, email: assignee.email })
            : t('backoffice:assign.handed_back', { id: updated.short_id }),
      );
      await refreshed;
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      const gone = isApiError(error) && error.errors.some((e) => e.field === 'assignee');
      showErrorToast(
        gone ? t('backoffice:assign.colleague_gone') : errorMessages(error).join(' '),
        t('backoffice:assign.failed'),
      );
    },
  });
}
