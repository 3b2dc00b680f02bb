import type {
  AddRepresentativeRequest,
  RepresentativeInput,
  Signatory,
  SignatoryResponse,
} from '@finportal/contracts/representative-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { signatoriesPath } from './get-signatories';
import { representativesSaved } from './query-keys';

/**
 * POST /user/applications/{id}/signatories with `data`, a list of one representative. Silent: the
 * form puts field errors (and err_share_percentage_greater_then_100 on percentage_owned) on its
 * fields and toasts the rest.
 */
export async function addRepresentative(applicationId: string, values: RepresentativeInput): Promise<Signatory> {
  const body: AddRepresentativeRequest = { data: [values] };
  const res = await http.post<SignatoryResponse>(signatoriesPath(applicationId), body, { silent: true });
  return res.signatory;
}

/**
 * Adding a representative. Success: the new card shows at once, then the success toast and
 * `onSaved` (the modal closes) while the list, the application and the pending items are
 * refetched. Errors are the form's to report (`mutate(values, { onError })`).
 */
export function useAddRepresentative(applicationId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation(['representatives']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: RepresentativeInput) => addRepresentative(applicationId, values),
    onSuccess: async (saved) => {
      const refreshed = representativesSaved(queryClient, applicationId, { saved });
      showSuccessToast(t('representatives:toast.added'));
      onSaved?.();
      await refreshed;
    },
  });
}
