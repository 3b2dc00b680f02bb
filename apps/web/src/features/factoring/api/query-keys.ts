import type { QueryClient } from '@tanstack/react-query';
import { applicationKeys } from '../../applications/api/query-keys';
import { companyKeys } from '../../companies/api/query-keys';
import { pendingItemsKeys } from '../../pending-items/api/query-keys';

/** Query keys of the factoring feature (per application; the debtor search per question). */
export const factoringKeys = {
  details: (applicationId: string) => ['factoring', applicationId, 'details'] as const,
  debitors: (applicationId: string) => ['factoring', applicationId, 'debitors'] as const,
  filterValues: () => ['factoring', 'filter-values'] as const,
  companySearch: (country: string, by: string, value: string) =>
    ['factoring', 'company-search', country, by, value] as const,
};

/** What every factoring write changes besides its own data: the pending items and the application. */
async function applicationChanged(queryClient: QueryClient, applicationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pendingItemsKeys.nextStatus(applicationId) }),
    queryClient.invalidateQueries({ queryKey: applicationKeys.detail(applicationId) }),
  ]);
}

/** After a card was saved (its answer is already in the cache): the pending items and the application. */
export const factoringDetailsChanged = applicationChanged;

/** After a debtor write: the list (with the concentration), the companies' pages, the pending items and the application. */
export async function debitorsChanged(queryClient: QueryClient, applicationId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: factoringKeys.debitors(applicationId) }),
    queryClient.invalidateQueries({ queryKey: companyKeys.all }),
    applicationChanged(queryClient, applicationId),
  ]);
}
