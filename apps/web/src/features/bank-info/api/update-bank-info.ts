import type { Application, ApplicationResponse } from '@finportal/contracts/applications';
import { updateBankInfoRequest, type UpdateBankInfoRequest } from '@finportal/contracts/bank-info';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http, showSuccessToast } from '../../../lib/http';
import { applicationSaved } from '../../applications/api/query-keys';

/** The parsed request: bank name trimmed, IBAN without spaces in capitals. */
export type BankInfoBody = z.output<typeof updateBankInfoRequest>;

/**
 * PATCH /user/applications/{id}/bankinfo. Silent: the modal puts field errors (err_required,
 * err_too_long, err_invalid_iban on bankName / iban) on its fields and toasts the rest.
 */
export async function updateBankInfo(id: string, body: BankInfoBody): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}/bankinfo`, body, {
    silent: true,
  });
  return res.application;
}

/**
 * Saving the bank data, from the form's values (parsed by the contract: bank name trimmed, IBAN
 * normalised). Success: the answer is the saved application, shown at once, then the success toast
 * and `onSaved` (the modal closes) while the pending items and the list are refetched (the mutation
 * stays pending until they are). Errors are the form's to report (`mutate(values, { onError })`).
 */
export function useUpdateBankInfo(id: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation(['bank-info']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateBankInfoRequest) => updateBankInfo(id, updateBankInfoRequest.parse(values)),
    onSuccess: async (updated) => {
      const refreshed = applicationSaved(queryClient, updated);
      showSuccessToast(t('bank-info:saved'));
      onSaved?.();
      await refreshed;
    },
  });
}
