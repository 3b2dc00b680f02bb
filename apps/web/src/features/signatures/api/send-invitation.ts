import type { InvitationResponse } from '@finportal/contracts/signatures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { signatoryPath, signaturesChanged } from './query-keys';

/**
 * POST /user/applications/{id}/signatories/{signatoryId}/invitation: the applicant sends a person
 * a new invitation (the open one is replaced). Success toasts and reads the cards and the overview
 * again; a failure toasts the server's message (not silent).
 */
export function useSendInvitation(applicationId: string) {
  const { t } = useTranslation(['signatures']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signatoryId }: { signatoryId: string; name: string }) =>
      http.post<InvitationResponse>(`${signatoryPath(applicationId, signatoryId)}/invitation`, {}),
    onSuccess: async (_answer, { name }) => {
      showSuccessToast(t('signatures:invitation.sent', { name }));
      await signaturesChanged(queryClient, applicationId);
    },
  });
}
