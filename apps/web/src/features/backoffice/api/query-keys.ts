import type { CaseDetail } from '@finportal/contracts/backoffice';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the back office (issue 13): the staff member, the colleagues per partner, the queue
 * per filter, a case, its audit trail.
 */
export const backofficeKeys = {
  all: ['backoffice'] as const,
  me: () => ['backoffice', 'me'] as const,
  /** The colleagues who see a partner ('' for every partner this person sees). */
  staff: (partner: string) => ['backoffice', 'staff', partner] as const,
  queues: () => ['backoffice', 'queue'] as const,
  queue: (query: object) => ['backoffice', 'queue', query] as const,
  case: (id: string) => ['backoffice', 'case', id] as const,
  audit: (id: string) => ['backoffice', 'audit', id] as const,
};

/**
 * After a write that answered with the case (status, pricing, assignment, requests, documents,
 * contracts, representatives): show that answer at once, then refetch what it changes, the queue
 * and the case's audit trail.
 */
export async function caseSaved(queryClient: QueryClient, updated: CaseDetail): Promise<void> {
  // A fetch of the case still under way (the poll while followers run, a refocus) began before the
  // write and would put the old case back over the answer: it is dropped.
  await queryClient.cancelQueries({ queryKey: backofficeKeys.case(updated.id) });
  queryClient.setQueryData(backofficeKeys.case(updated.id), updated);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: backofficeKeys.queues() }),
    queryClient.invalidateQueries({ queryKey: backofficeKeys.audit(updated.id) }),
  ]);
}
