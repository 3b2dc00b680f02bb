import type { DebitorsResponse } from '@finportal/contracts/debitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { factoringPath } from './get-factoring-details';
import { factoringKeys } from './query-keys';

/** How often the list is asked again while the insurer has not decided a cover request. */
export const COVER_POLL_MS = 5_000;

export const debitorsPath = (applicationId: string) => `${factoringPath(applicationId)}/debitors`;

const hasPendingCover = (data: DebitorsResponse | undefined) =>
  !!data?.result.some((debitor) => debitor.insurance_cover?.cover_status === 'Pending');

/**
 * GET .../factoring/debitors: the debtors (largest sales first), the maximum, `is_editable`, the
 * concentration figure. Polled every 5 s while a cover request is Pending, so that the status
 * follows the insurer's answer without a reload; not at all otherwise.
 */
export const debitorsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: factoringKeys.debitors(applicationId),
    queryFn: ({ signal }) => http.get<DebitorsResponse>(debitorsPath(applicationId), { signal, silent: true }),
    refetchInterval: (query) => (hasPendingCover(query.state.data) ? COVER_POLL_MS : false),
  });

/**
 * The debtors. A failed first load goes to the content error boundary; a failed poll keeps the
 * list shown (the next poll tries again).
 */
export function useDebitors(applicationId: string) {
  return useQuery({ ...debitorsQuery(applicationId), throwOnError: (_, query) => query.state.data === undefined });
}
