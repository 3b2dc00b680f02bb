import type { FinanceObject, FinanceObjectInput } from '@finportal/contracts/finance-objects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { financeObjectsPath } from './get-finance-objects';
import { financeObjectsChanged } from './query-keys';

/** What a save sends: a new object (POST) or the whole replaced one (PUT). */
export interface SaveFinanceObject {
  financeObjectId: string | null;
  body: FinanceObjectInput;
}

/**
 * POST .../finance_objects (201) or PUT .../finance_objects/{financeObjectId} (200, every field:
 * one left out is cleared). Silent: the form puts field errors on its fields and toasts the rest.
 */
export function saveFinanceObject(applicationId: string, { financeObjectId, body }: SaveFinanceObject) {
  const path = financeObjectsPath(applicationId);
  return financeObjectId === null
    ? http.post<FinanceObject>(path, body, { silent: true })
    : http.put<FinanceObject>(`${path}/${encodeURIComponent(financeObjectId)}`, body, { silent: true });
}

/**
 * Adding or changing an object. Success: the toast, `onSaved` (the modal closes), then the list,
 * the pending items and the application are refetched. Errors are the form's to report.
 */
export function useSaveFinanceObject(applicationId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation(['objects']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveFinanceObject) => saveFinanceObject(applicationId, save),
    onSuccess: async (_, save) => {
      showSuccessToast(save.financeObjectId === null ? t('objects:toast.added') : t('objects:toast.updated'));
      onSaved?.();
      await financeObjectsChanged(queryClient, applicationId);
    },
  });
}
