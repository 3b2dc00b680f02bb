import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../applications/api/query-keys';
import { requestsChanged } from '../../data-requests/api/query-keys';

/** Query keys of the documents feature (per application). */
export const documentKeys = {
  list: (applicationId: string) => ['documents', applicationId, 'list'] as const,
};

/**
 * After a write: the list, the pending items, the application (its readiness) and the back
 * office's requests (an upload fulfils the open requests of its type) are refetched.
 */
export async function documentsChanged(queryClient: QueryClient, applicationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.list(applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }),
    requestsChanged(queryClient, applicationId),
  ]);
}
