import type { CaseDetail, CaseResponse, ManualIdentificationRequest } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * POST /backoffice/applications/{id}/signatories/{signatoryId}/identification: the identification
 * done by hand, with a note on how (kept in the audit trail). Silent: the dialog shows the errors
 * (400 on note, 409 err_update_not_allowed).
 */
export async function identifyCaseSignatory(
  id: string,
  signatoryId: string,
  body: ManualIdentificationRequest,
): Promise<CaseDetail> {
  const res = await staffCall(() =>
    http.post<CaseResponse>(`${casePath(id)}/signatories/${encodeURIComponent(signatoryId)}/identification`, body, {
      silent: true,
    }),
  );
  return res.case;
}

/** Marking an identification done (`mutate({ signatoryId, name, note })`). Success: the case at once, the toast. */
export function useIdentifyCaseSignatory(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ signatoryId, note }: { signatoryId: string; name: string; note: string }) =>
      identifyCaseSignatory(id, signatoryId, { note }),
    onSuccess: async (updated, { name }) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:people.identified', { name }));
      await refreshed;
    },
  });
}
