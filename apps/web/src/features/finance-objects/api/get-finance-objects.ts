import type { FinanceObjectsResponse } from '@finportal/contracts/finance-objects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { financeObjectKeys } from './query-keys';

export const financeObjectsPath = (applicationId: string) =>
  `/user/applications/${encodeURIComponent(applicationId)}/finance_objects`;

/** GET /user/applications/{id}/finance_objects: `{ result, max_finance_objects, is_editable }`. */
export const financeObjectsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: financeObjectKeys.list(applicationId),
    queryFn: ({ signal }) =>
      http.get<FinanceObjectsResponse>(financeObjectsPath(applicationId), { signal, silent: true }),
  });

/** The application's finance objects (oldest first). A failed load goes to the content error boundary. */
export function useFinanceObjects(applicationId: string) {
  return useQuery({ ...financeObjectsQuery(applicationId), throwOnError: true });
}
