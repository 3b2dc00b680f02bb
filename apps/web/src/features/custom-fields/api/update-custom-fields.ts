import type { Application, ApplicationResponse, UpdateCustomFieldsRequest } from '@finportal/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { applicationSaved } from '../../applications/api/query-keys';

/**
 * PATCH /user/applications/{id}/custom_field_list with converted values (dates YYYY-MM-DD,
 * percent as decimal, years as months; null removes a value). Silent: the modal puts field errors
 * (`custom_fields.<field_id>`) on its fields and toasts the rest.
 */
export async function updateCustomFields(id: string, body: UpdateCustomFieldsRequest): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(
    `/user/applications/${encodeURIComponent(id)}/custom_field_list`,
    body,
    { silent: true },
  );
  return res.application;
}

/**
 * Saving custom-field values. Success: the answer is the saved application, shown at once, then the
 * success toast and `onSaved` (the modal closes) while the pending items and the list are refetched
 * (the mutation stays pending until they are). Errors are the form's to report
 * (`mutate(body, { onError })`).
 */
export function useUpdateCustomFields(id: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation(['custom-fields']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCustomFieldsRequest) => updateCustomFields(id, body),
    onSuccess: async (updated) => {
      const refreshed = applicationSaved(queryClient, updated);
      showSuccessToast(t('custom-fields:updated'));
      onSaved?.();
      await refreshed;
    },
  });
}
