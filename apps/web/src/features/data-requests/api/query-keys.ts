import type { QueryClient } from '@tanstack/react-query';
import { pendingItemsKeys } from '../../pending-items/api/query-keys';

/** Query keys of the data-requests feature (per application). */
export const dataRequestKeys = {
  list: (applicationId: string) => ['data-requests', applicationId, 'list'] as const,
};

/**
 * After a write that may close a request (an answer, an upload of a requested document): the
 * requests and the pending items (requested_documents, requested_information) are read again.
 */
export async function requestsChanged(queryClient: QueryClient, applicationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: dataRequestKeys.list(applicationId) }),
    queryClient.invalidateQueries({ queryKey: pendingItemsKeys.nextStatus(applicationId) }),
  ]);
}
