import type { FactoringDetailsResponse } from '@finportal/contracts/factoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { factoringKeys } from './query-keys';

export const factoringPath = (applicationId: string) =>
  `/user/applications/${encodeURIComponent(applicationId)}/factoring`;

/** GET /user/applications/{id}/factoring: the three cards, `is_editable` and `is_required`. */
export const factoringDetailsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: factoringKeys.details(applicationId),
    queryFn: ({ signal }) => http.get<FactoringDetailsResponse>(factoringPath(applicationId), { signal, silent: true }),
  });

/** The factoring details. A failed load goes to the content error boundary. */
export function useFactoringDetails(applicationId: string) {
  return useQuery({ ...factoringDetailsQuery(applicationId), throwOnError: true });
}
