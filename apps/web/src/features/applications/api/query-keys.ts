import type { Application } from '@finportal/contracts/applications';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the applications feature; other features update them through `applicationSaved`. */
export const applicationKeys = {
  all: ['applications'] as const,
  list: () => ['applications', 'list'] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
  nextStatus: (id: string) => ['applications', 'next-status', id] as const,
};

/**
 * After a write that answered with the application: keep that answer (no second fetch of it) and
 * refetch what it changes, the pending items and the list.
 */
export async function applicationSaved(queryClient: QueryClient, updated: Application): Promise<void> {
  queryClient.setQueryData(applicationKeys.detail(updated.applicationId), updated);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: applicationKeys.nextStatus(updated.applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.list() }),
  ]);
}
