import type { CaseDetail, CaseResponse, ContractKind } from '@finportal/contracts/backoffice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { casePath } from './get-case';
import { caseSaved } from './query-keys';
import { staffCall } from './staff-session';

/**
 * POST /backoffice/applications/{id}/contracts/{kind}/generate: the loan contract or the guarantee
 * agreement as PDF from the application's data, hidden from the customer until shown. Silent: the
 * contracts card explains a refusal (409 err_no_pricing, err_no_signatories, err_update_not_allowed).
 */
export async function generateCaseContract(id: string, kind: ContractKind): Promise<CaseDetail> {
  const res = await staffCall(() =>
    http.post<CaseResponse>(`${casePath(id)}/contracts/${kind}/generate`, {}, { silent: true }),
  );
  return res.case;
}

/** Generating a contract (`mutate(kind)`). Success: the case with the new document at once, the toast. */
export function useGenerateCaseContract(id: string) {
  const { t } = useTranslation(['backoffice']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ContractKind) => generateCaseContract(id, kind),
    onSuccess: async (updated, kind) => {
      const refreshed = caseSaved(queryClient, updated);
      showSuccessToast(t('backoffice:contracts.generated', { name: t(`backoffice:contracts.kinds.${kind}`) }));
      await refreshed;
    },
  });
}
