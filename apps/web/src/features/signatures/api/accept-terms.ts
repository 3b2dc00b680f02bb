import type { AcceptTermsRequest, RequirementsResponse } from '@finportal/contracts/signatures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { requirementsPath } from './get-requirements';
import { signatureKeys, signaturesChanged } from './query-keys';

/**
 * PATCH .../signatories/{signatoryId}/requirements (step 4, spec 2 section 7): the SEPA mandate and
 * the legal signature. Silent: the screen puts err_sepa_mandate_not_accepted and
 * err_terms_not_accepted on their checkboxes and shows the rest. The answer is shown at once.
 */
export function useAcceptTerms(applicationId: string, signatoryId: string, { onDone }: { onDone?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<AcceptTermsRequest, 'signatory_id' | 'application_id'>) =>
      http.patch<RequirementsResponse>(
        requirementsPath(applicationId, signatoryId),
        { signatory_id: signatoryId, application_id: applicationId, ...body } satisfies AcceptTermsRequest,
        { silent: true },
      ),
    onSuccess: async (answer) => {
      if (answer && typeof answer === 'object' && 'kyc_status' in answer) {
        queryClient.setQueryData(signatureKeys.requirements(applicationId, signatoryId), answer);
      }
      onDone?.();
      await signaturesChanged(queryClient, applicationId);
    },
  });
}
