import { useMutation } from '@tanstack/react-query';
import { fetchDownloadUrl } from '../../documents/api/document-actions';

/**
 * A document to sign on paper, downloaded through the documents' short-lived URL (GET
 * .../documents/{documentId}/download_url, an attachment under its own name). Silent: the
 * screen reports a failure beside the button.
 */
export function useDownloadDocument(applicationId: string) {
  return useMutation({
    mutationFn: async (documentId: string) => {
      const { download_url } = await fetchDownloadUrl(applicationId, documentId);
      const link = document.createElement('a');
      link.href = download_url;
      link.rel = 'noopener';
      link.download = '';
      document.body.appendChild(link);
      link.click();
      link.remove();
    },
  });
}
