import type { Application, ApplicationResponse, UpdateStatusRequest } from '@finportal/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, showErrorToast, showSuccessToast } from '../../../lib/http';
import { applicationSaved } from './query-keys';

/**
 * PATCH /user/applications/{id}/status: the borrower's move (one of the application's `actions`).
 * Silent: the hook shows the toast (409 err_status_change_not_allowed, err_application_not_ready).
 */
export async function updateApplicationStatus(id: string, body: UpdateStatusRequest): Promise<Application> {
  const res = await http.patch<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}/status`, body, {
    silent: true,
  });
  return res.application;
}

/**
 * The borrower's move with a status (`mutate(status)`): the submission, the acceptance of the final
 * offer. Success: the answer is the saved application, shown at once, then the success toast
 * (`successText`, default the submission's) while the pending items and the list are refetched
 * (the mutation stays pending until they are). Failure: a toast with the server's messages under
 * `failureText` (default 'Something went wrong'). `onDone` runs when the call has answered, before
 * either toast (the confirmation modal closes); `onSuccess` after a move.
 */
export function useUpdateApplicationStatus(
  id: string,
  {
    onDone,
    onSuccess,
    successText,
    failureText,
  }: { onDone?: () => void; onSuccess?: () => void; successText?: string; failureText?: string } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: string) => updateApplicationStatus(id, { status }),
    onSuccess: async (updated) => {
      const refreshed = applicationSaved(queryClient, updated);
      onDone?.();
      showSuccessToast(successText ?? t('overview:frame.submit.success'));
      onSuccess?.();
      await refreshed;
    },
    onError: (error) => {
      onDone?.();
      showErrorToast(errorMessages(error).join(' '), failureText ?? t('dashboard:general.errors.something_went_wrong'));
    },
  });
}
