import type { CompanySearchResponse } from '@finportal/contracts/company-search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSearchableName } from '../../../lib/company-name';
import { http } from '../../../lib/http';

// The wizard's company step still imports the name check from here; its home is lib/company-name.
export { isSearchableName };

/** GET /company_search?name=&country= (no global toast: the search shows its own error state). */
export function fetchCompanySearch(
  name: string,
  country: string,
  signal?: AbortSignal,
): Promise<CompanySearchResponse> {
  return http.get<CompanySearchResponse>('/company_search', { query: { name, country }, signal, silent: true });
}

export const companySearchQuery = (name: string, country: string) =>
  queryOptions({
    queryKey: ['company_search', country, name.trim()],
    queryFn: ({ signal }) => fetchCompanySearch(name.trim(), country, signal),
    staleTime: 5 * 60_000,
  });

/** The search for an already debounced name; idle below 4 characters. */
export function useCompanySearch(name: string, country: string) {
  return useQuery({ ...companySearchQuery(name, country), enabled: isSearchableName(name) && !!country });
}
