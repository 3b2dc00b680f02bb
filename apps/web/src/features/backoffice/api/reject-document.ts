import type { CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import type { RejectDocumentRequest } from '@finportal/contracts/data-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * POST /backoffice/applications/{id}/documents/{documentId}/reject with the reason the customer
 * reads: the document no longer counts and a request of its type opens its slot again. Silent: the
 * rejection dialog shows the errors (400 on reason, 409 err_document_already_rejected,
 * err_update_not_allowed).
 */
export async function rejectCaseDocument(
  id: string,
  documentId: string,
  body: RejectDocumentRequest,
): Promise<CaseDetail> {
  const res = await staffCall(() =>
    http.post<CaseResponse>(`${casePath(id)}/documents/${encodeURIComponent(documentId)}/reject`, body, {
      silent: true,
    }),
  );
  return res.case;
}

/** Rejecting a document (`mutate({ documentId, reason })`). Success: the case at once, the toast; then the queue and the trail refetch. */
export function useRejectCaseDocument(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, reason }: { documentId: string; reason: string }) =>
      rejectCaseDocument(id, documentId, { reason }),
    onSuccess: async (updated) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:documents.rejected_toast'));
      await refreshed;
    },
  });
}
