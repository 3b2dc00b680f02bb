import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../applications/api/query-keys';
import { pendingItemsKeys } from '../../pending-items/api/query-keys';
import { representativeKeys } from '../../representatives/api/query-keys';

/** Query keys of the signatures feature (per application). */
export const signatureKeys = {
  all: (applicationId: string) => ['signatures', applicationId] as const,
  requirements: (applicationId: string, signatoryId: string) =>
    ['signatures', applicationId, 'requirements', signatoryId] as const,
  overview: (applicationId: string) => ['signatures', applicationId, 'overview'] as const,
  loanContract: (applicationId: string) => ['signatures', applicationId, 'loan-contract'] as const,
};

export const applicationPath = (applicationId: string) => `/user/applications/${encodeURIComponent(applicationId)}`;
export const signatoryPath = (applicationId: string, signatoryId: string) =>
  `${applicationPath(applicationId)}/signatories/${encodeURIComponent(signatoryId)}`;

/**
 * After a signing write (a step done, an invitation sent): the signatures' own queries, the
 * representatives' cards (invite and kyc status), the application (status, current signatory)
 * and the pending items are read again.
 */
export async function signaturesChanged(queryClient: QueryClient, applicationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: signatureKeys.all(applicationId) }),
    queryClient.invalidateQueries({ queryKey: representativeKeys.list(applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }),
    queryClient.invalidateQueries({ queryKey: pendingItemsKeys.nextStatus(applicationId) }),
  ]);
}
