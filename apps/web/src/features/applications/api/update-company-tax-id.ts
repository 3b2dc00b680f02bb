import type { Application, ApplicationResponse, UpdateCompanyTaxIdRequest } from '@finportal/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { applicationSaved } from './query-keys';

/**
 * PATCH /user/applications/{id} with the company tax number. Silent: the modal puts field errors
 * (err_invalid_tax_number, err_tax_ids_must_differ on taxIdNumber) on the field and toasts the rest.
 */
export async function updateCompanyTaxId(id: string, body: UpdateCompanyTaxIdRequest): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}`, body, {
    silent: true,
  });
  return res.application;
}

/**
 * Saving the company tax number. Success: the answer is the saved application, shown at once, then
 * the success toast and `onSaved` (the modal closes) while the pending items and the list are
 * refetched (the mutation stays pending until they are). Errors are the form's to report
 * (`mutate(body, { onError })`).
 */
export function useUpdateCompanyTaxId(id: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyTaxIdRequest) => updateCompanyTaxId(id, body),
    onSuccess: async (updated) => {
      const refreshed = applicationSaved(queryClient, updated);
      showSuccessToast(t('overview:company.tax_id.success'));
      onSaved?.();
      await refreshed;
    },
  });
}
