import type { DownloadUrlResponse } from '@finportal/contracts/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { documentsPath } from './get-documents';
import { documentsChanged } from './query-keys';

/**
 * GET .../documents/{documentId}/download_url: a short-lived URL of the file, as an attachment or
 * (`preview`) shown in the browser where its type allows (PDF, images).
 */
export function fetchDownloadUrl(
  applicationId: string,
  documentId: string,
  { preview = false }: { preview?: boolean } = {},
): Promise<DownloadUrlResponse> {
  return http.get<DownloadUrlResponse>(
    `${documentsPath(applicationId)}/${encodeURIComponent(documentId)}/download_url${preview ? '?inline=1' : ''}`,
    { silent: true },
  );
}

/** DELETE .../documents/{documentId}: the toast "file deleted", then the list again; failures toast file_delete_fail. */
export function useDeleteDocument(applicationId: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation(['documents']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      http.delete<void>(`${documentsPath(applicationId)}/${encodeURIComponent(documentId)}`, undefined, {
        silent: true,
      }),
    onSuccess: async () => {
      showSuccessToast(t('documents:toast.deleted'));
      onDeleted?.();
      await documentsChanged(queryClient, applicationId);
    },
  });
}
