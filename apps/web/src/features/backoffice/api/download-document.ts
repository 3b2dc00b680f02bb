import type { DownloadUrlResponse } from '@finportal/contracts/documents';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, isApiError, showErrorToast } from '../../../lib/http';
import { casePath } from './get-case';
import { staffCall } from './staff-session';

/** GET /backoffice/applications/{id}/documents/{documentId}/download_url: a short-lived link to the file. */
export function fetchDocumentUrl(caseId: string, documentId: string): Promise<DownloadUrlResponse> {
  return staffCall(() =>
    http.get<DownloadUrlResponse>(`${casePath(caseId)}/documents/${encodeURIComponent(documentId)}/download_url`, {
      silent: true,
    }),
  );
}

/** Follows a download link: the file is sent as an attachment, so the page stays. */
function followDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Downloading a document of a case (`mutate(documentId)`); a failure is toasted with its reason. */
export function useDownloadCaseDocument(caseId: string) {
  const { t } = useTranslation(['backoffice']);
  return useMutation({
    mutationFn: (documentId: string) => fetchDocumentUrl(caseId, documentId),
    onSuccess: ({ download_url }) => followDownload(download_url),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      showErrorToast(errorMessages(error).join(' '), t('backoffice:documents.download_failed'));
    },
  });
}
