import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { financeObjectsPath } from './get-finance-objects';
import { financeObjectsChanged } from './query-keys';

/** DELETE .../finance_objects/{financeObjectId} (204). Silent: the modal toasts a failure. */
export function deleteFinanceObject(applicationId: string, financeObjectId: string): Promise<void> {
  return http.delete<void>(`${financeObjectsPath(applicationId)}/${encodeURIComponent(financeObjectId)}`, undefined, {
    silent: true,
  });
}

/** Deleting an object: the toast, `onDeleted` (the modal closes), then the refetches. */
export function useDeleteFinanceObject(applicationId: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation(['objects']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (financeObjectId: string) => deleteFinanceObject(applicationId, financeObjectId),
    onSuccess: async () => {
      showSuccessToast(t('objects:toast.deleted'));
      onDeleted?.();
      await financeObjectsChanged(queryClient, applicationId);
    },
  });
}
