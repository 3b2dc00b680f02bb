import type { CaseDetail, CaseResponse, CorrectSignatoryEmailRequest } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * PATCH /backoffice/applications/{id}/signatories/{signatoryId}/email: staff correct a
 * representative's e-mail; their open invitation links stop working (ADR 021). Silent: the dialog
 * shows the errors (400 on email, 409 err_update_not_allowed for a person who accepted).
 */
export async function correctCaseSignatoryEmail(
  id: string,
  signatoryId: string,
  body: CorrectSignatoryEmailRequest,
): Promise<CaseDetail> {
  const res = await staffCall(() =>
    http.patch<CaseResponse>(`${casePath(id)}/signatories/${encodeURIComponent(signatoryId)}/email`, body, {
      silent: true,
    }),
  );
  return res.case;
}

/** Correcting an e-mail (`mutate({ signatoryId, name, email })`). Success: the case at once, the toast. */
export function useCorrectCaseSignatoryEmail(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signatoryId, email }: { signatoryId: string; name: string; email: string }) =>
      correctCaseSignatoryEmail(id, signatoryId, { email }),
    onSuccess: async (updated, { name }) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:people.email_corrected', { name }));
      await refreshed;
    },
  });
}
