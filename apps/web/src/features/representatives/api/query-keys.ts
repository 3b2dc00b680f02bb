import type { Signatory, SignatoriesResponse } from '@finportal/contracts/representative-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../applications/api/query-keys';
import { pendingItemsKeys } from '../../pending-items/api/query-keys';

/** Query keys of the representatives feature (per application). */
export const representativeKeys = {
  all: (applicationId: string) => ['representatives', applicationId] as const,
  list: (applicationId: string) => ['representatives', applicationId, 'list'] as const,
  register: (applicationId: string) => ['representatives', applicationId, 'register'] as const,
};

/**
 * After a write: the answered representative is shown at once (added or replaced in the cached
 * list), then everything the write can change is refetched: the list (a new main contact clears the
 * previous one), the register's "already added" marks, the application (allowed updates, current
 * signatory), the pending items and the applications list.
 */
export async function representativesSaved(
  queryClient: QueryClient,
  applicationId: string,
  change: { saved?: Signatory; deletedId?: string } = {},
): Promise<void> {
  queryClient.setQueryData<SignatoriesResponse>(representativeKeys.list(applicationId), (previous) => {
    if (!previous) return previous;
    let signatories = previous.signatories.filter((s) => s.signatory_id !== change.deletedId);
    const saved = change.saved;
    if (saved) {
      const known = signatories.some((s) => s.signatory_id === saved.signatory_id);
      signatories = known
        ? signatories.map((s) => (s.signatory_id === saved.signatory_id ? saved : s))
        : [...signatories, saved];
    }
    return { ...previous, signatories };
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: representativeKeys.all(applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }),
    queryClient.invalidateQueries({ queryKey: pendingItemsKeys.nextStatus(applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.list() }),
  ]);
}
