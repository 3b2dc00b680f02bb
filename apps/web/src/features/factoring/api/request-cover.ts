import type { Debitor, DebitorsResponse } from '@finportal/contracts/debitors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, notifyError, showSuccessToast } from '../../../lib/http';
import { debitorPath } from './save-debitor';
import { debitorsChanged, factoringKeys } from './query-keys';

/** POST .../factoring/debitors/{debitorId}/insurance_cover (202): the debtor, its cover Pending. */
export function requestCover(applicationId: string, debitorId: string): Promise<Debitor> {
  return http.post<Debitor>(`${debitorPath(applicationId, debitorId)}/insurance_cover`, {}, { silent: true });
}

/**
 * Requesting the credit insurer's cover for a debtor. The answer (Pending) goes into the cached
 * list at once, which starts the list's polling until the insurer decides; a refusal
 * (err_cover_exists...) is toasted.
 */
export function useRequestCover(applicationId: string) {
  const { t } = useTranslation(['factoring']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (debitorId: string) => requestCover(applicationId, debitorId),
    onSuccess: async (debitor) => {
      queryClient.setQueryData<DebitorsResponse>(factoringKeys.debitors(applicationId), (list) =>
        list ? { ...list, result: list.result.map((d) => (d.debitor_id === debitor.debitor_id ? debitor : d)) } : list,
      );
      showSuccessToast(t('factoring:toast.cover_requested', { name: debitor.company.company_name }));
      await debitorsChanged(queryClient, applicationId);
    },
    onError: (error) => notifyError(error, t('factoring:cover.request_failed')),
  });
}
