import type { CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * POST /backoffice/applications/{id}/signatories/{signatoryId}/invite: invite a representative to
 * sign (an account invitation, or an e-mail to someone with an account). Silent: the confirmation
 * explains a refusal (409 err_signatory_data_missing on email, err_update_not_allowed).
 */
export async function inviteCaseSignatory(id: string, signatoryId: string): Promise<CaseDetail> {
  const res = await staffCall(() =>
    http.post<CaseResponse>(
      `${casePath(id)}/signatories/${encodeURIComponent(signatoryId)}/invite`,
      {},
      {
        silent: true,
      },
    ),
  );
  return res.case;
}

/** Inviting a representative (`mutate({ signatoryId, name })`). Success: the case at once, the toast naming the person. */
export function useInviteCaseSignatory(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signatoryId }: { signatoryId: string; name: string }) => inviteCaseSignatory(id, signatoryId),
    onSuccess: async (updated, { name }) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:people.invited', { name }));
      await refreshed;
    },
  });
}
