import type { DebitorImportRequest, DebitorImportResponse } from '@finportal/contracts/debitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { debitorsPath } from './get-debitors';
import { debitorsChanged } from './query-keys';

/** POST .../factoring/debitors/import: `confirm` false previews every row (nothing stored), true stores the ok rows. */
export function importDebitors(applicationId: string, body: DebitorImportRequest): Promise<DebitorImportResponse> {
  return http.post<DebitorImportResponse>(`${debitorsPath(applicationId)}/import`, body, { silent: true });
}

/**
 * The CSV import: a preview, then the confirmed import. After a confirmed import: the toast with
 * the number stored, `onImported` (the modal closes), then the list and the pending items are
 * refetched. Errors are the modal's to show.
 */
export function useImportDebitors(applicationId: string, { onImported }: { onImported?: () => void } = {}) {
  const { t } = useTranslation(['factoring']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DebitorImportRequest) => importDebitors(applicationId, body),
    onSuccess: async (answer, body) => {
      if (!body.confirm) return;
      showSuccessToast(t('factoring:import.done', { count: answer.stored }));
      onImported?.();
      await debitorsChanged(queryClient, applicationId);
    },
  });
}
