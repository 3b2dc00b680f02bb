import type { CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import type { CreateDataRequestRequest } from '@finportal/contracts/data-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * POST /backoffice/applications/{id}/requests: ask the customer for a document of one of the
 * application's types or for information, with a message (the customer is mailed). Silent: the
 * request form puts the errors on its fields (400 err_document_type_unknown on document_type) and
 * shows the rest (409 err_update_not_allowed once the case is closed).
 */
export async function createCaseRequest(id: string, body: CreateDataRequestRequest): Promise<CaseDetail> {
  const res = await staffCall(() => http.post<CaseResponse>(`${casePath(id)}/requests`, body, { silent: true }));
  return res.case;
}

/** Asking the customer. Success: the case with the new request at once, the toast; then the queue and the trail refetch. */
export function useCreateCaseRequest(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDataRequestRequest) => createCaseRequest(id, body),
    onSuccess: async (updated) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:requests.sent'));
      await refreshed;
    },
  });
}
