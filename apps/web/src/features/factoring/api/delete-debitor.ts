import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { debitorsChanged } from './query-keys';
import { debitorPath } from './save-debitor';

/** DELETE .../factoring/debitors/{debitorId} (204). Silent: the modal toasts a failure. */
export function deleteDebitor(applicationId: string, debitorId: string): Promise<void> {
  return http.delete<void>(debitorPath(applicationId, debitorId), undefined, { silent: true });
}

/** Deleting a debtor: the toast, `onDeleted` (the modal closes), then the refetches. */
export function useDeleteDebitor(applicationId: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation(['factoring']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (debitorId: string) => deleteDebitor(applicationId, debitorId),
    onSuccess: async () => {
      showSuccessToast(t('factoring:toast.debitor_deleted'));
      onDeleted?.();
      await debitorsChanged(queryClient, applicationId);
    },
  });
}
