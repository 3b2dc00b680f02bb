import type { CompanySearchResponse } from '@finportal/contracts/company-search';
import { COMPANY_SEARCH_MIN_CHARS } from '@finportal/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** GET /company_search?name=&country= (no global toast: the search shows its own error state). */
export function searchCompanies(name: string, country: string, signal?: AbortSignal): Promise<CompanySearchResponse> {
  return http.get<CompanySearchResponse>('/company_search', { query: { name, country }, signal, silent: true });
}

export const COMPANY_NAME_MAX = 255;

/** A name the search accepts: 4 to 255 characters after trimming. */
export function isSearchableName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= COMPANY_SEARCH_MIN_CHARS && trimmed.length <= COMPANY_NAME_MAX;
}

export const companySearchQuery = (name: string, country: string) =>
  queryOptions({
    queryKey: ['company_search', country, name.trim()],
    queryFn: ({ signal }) => searchCompanies(name.trim(), country, signal),
    staleTime: 5 * 60_000,
  });

/** The search for an already debounced name; idle below 4 characters. */
export function useCompanySearch(name: string, country: string) {
  return useQuery({ ...companySearchQuery(name, country), enabled: isSearchableName(name) && !!country });
}
