import type { Application, ApplicationResponse, UpdateStatusRequest } from '@finportal/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, showErrorToast, showSuccessToast } from '../../../lib/http';
import { applicationSaved } from './query-keys';

/**
 * PATCH /user/applications/{id}/status with the status named by next_status_validate.
 * Silent: the hook shows 'Something went wrong' (409 err_status_change_not_allowed or
 * err_application_not_ready).
 */
export async function updateApplicationStatus(id: string, body: UpdateStatusRequest): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}/status`, body, {
    silent: true,
  });
  return res.application;
}

/**
 * Submitting the application with a status (`mutate(status)`). Success: the answer is the saved
 * application, shown at once, then the success toast while the pending items and the list are
 * refetched (the mutation stays pending until they are). Failure: the something_went_wrong toast
 * with the server's messages. `onDone` runs when the call has answered, before either toast (the
 * confirmation modal closes).
 */
export function useUpdateApplicationStatus(id: string, { onDone }: { onDone?: () => void } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: string) => updateApplicationStatus(id, { status }),
    onSuccess: async (updated) => {
      const refreshed = applicationSaved(queryClient, updated);
      onDone?.();
      showSuccessToast(t('overview:frame.submit.success'));
      await refreshed;
    },
    onError: (error) => {
      onDone?.();
      showErrorToast(errorMessages(error).join(' '), t('dashboard:general.errors.something_went_wrong'));
    },
  });
}
