import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../applications/api/query-keys';
import { pendingItemsKeys } from '../../pending-items/api/query-keys';

/** Query keys of the finance objects feature (per application). */
export const financeObjectKeys = {
  list: (applicationId: string) => ['finance-objects', applicationId, 'list'] as const,
};

/** After a write: the list, the pending items (the objects' item) and the application are refetched. */
export async function financeObjectsChanged(queryClient: QueryClient, applicationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: financeObjectKeys.list(applicationId) }),
    queryClient.invalidateQueries({ queryKey: pendingItemsKeys.nextStatus(applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }),
  ]);
}
