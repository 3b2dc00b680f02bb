import type { CompanyDetailsResponse } from '@finportal/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';
import { companyKeys } from './query-keys';

/** GET /user/companies/{companyId}. Silent: the page shows "company not found" or the error page. */
export async function fetchCompany(companyId: string, signal?: AbortSignal): Promise<CompanyDetailsResponse> {
  return http.get<CompanyDetailsResponse>(`/user/companies/${encodeURIComponent(companyId)}`, {
    signal,
    silent: true,
  });
}

export const companyQuery = (companyId: string) =>
  queryOptions({ queryKey: companyKeys.detail(companyId), queryFn: ({ signal }) => fetchCompany(companyId, signal) });

/**
 * The company. A 404 (unknown, or not the user's to see) stays in the query's `error` for the
 * page's "company not found"; any other failure goes to the content error boundary.
 */
export function useCompany(companyId: string) {
  return useQuery({
    ...companyQuery(companyId),
    throwOnError: (error) => !(isApiError(error) && error.status === 404),
  });
}
