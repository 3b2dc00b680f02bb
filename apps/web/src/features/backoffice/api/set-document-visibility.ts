import type { CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, isApiError, showErrorToast, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/** PATCH /backoffice/applications/{id}/documents/{documentId}: show a document to the customer or hide it. */
export async function setCaseDocumentVisibility(
  id: string,
  documentId: string,
  isClientVisible: boolean,
): Promise<CaseDetail> {
  const res = await staffCall(() =>
    http.patch<CaseResponse>(
      `${casePath(id)}/documents/${encodeURIComponent(documentId)}`,
      { is_client_visible: isClientVisible },
      { silent: true },
    ),
  );
  return res.case;
}

/**
 * Showing or hiding a document (`mutate({ documentId, name, visible })`). Success: the case at
 * once and a toast naming the file; failure: a toast with the reason (the switch shows the state
 * the server kept).
 */
export function useSetCaseDocumentVisibility(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, visible }: { documentId: string; name: string; visible: boolean }) =>
      setCaseDocumentVisibility(id, documentId, visible),
    onSuccess: async (updated, { name, visible }) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t(visible ? 'backoffice:documents.shown' : 'backoffice:documents.hidden', { name }));
      await refreshed;
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      showErrorToast(errorMessages(error).join(' '), t('backoffice:documents.visibility_failed'));
    },
  });
}
