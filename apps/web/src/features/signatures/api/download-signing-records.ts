import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';
import { applicationPath } from './query-keys';

/**
 * GET /user/applications/{id}/signing_records?download=1: the signing records (who signed which
 * document, when, from where, through which provider, the SHA-256 before and after) as a JSON file.
 * Silent: the screen reports a failure beside the button.
 */
export function useDownloadSigningRecords(applicationId: string) {
  return useMutation({
    mutationFn: () =>
      downloadFile(`${applicationPath(applicationId)}/signing_records`, {
        query: { download: 1 },
        silent: true,
        headers: { Accept: 'application/json' },
      }),
  });
}
