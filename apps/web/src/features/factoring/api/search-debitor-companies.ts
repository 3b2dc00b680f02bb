import type { CompanySearchResponse } from '@finportal/contracts/company-search';
import {
  COMPANY_COVER_PAGE_SIZE_MAX,
  companyIdError,
  type CompanyIdType,
  type FilterValuesResponse,
} from '@finportal/contracts/debitors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSearchableName } from '../../../lib/company-name';
import { http } from '../../../lib/http';
import { factoringKeys } from './query-keys';

/** GET /user/filter_values: the register and tax id types of each country (company_country_ids). */
export const filterValuesQuery = () =>
  queryOptions({
    queryKey: factoringKeys.filterValues(),
    queryFn: ({ signal }) => http.get<FilterValuesResponse>('/user/filter_values', { signal, silent: true }),
    staleTime: Infinity,
  });

export function useFilterValues() {
  return useQuery(filterValuesQuery());
}

/** The id types the debtor search offers for `country`. */
export function idTypesOf(values: FilterValuesResponse | undefined, country: string): readonly CompanyIdType[] {
  if (!values) return [];
  return values.company_country_ids[country] ?? values.default_company_country_ids;
}

type CoverSearch = { name: string } | { company_country_id_type: CompanyIdType; company_country_id: string };

/**
 * GET /user/company_search?purpose=company_cover: our companies and the credit insurer's, by name
 * or by a register or tax id of the country, up to 100 each. No global toast: the search shows
 * its own error state.
 */
export function fetchDebitorCompanies(country: string, search: CoverSearch, signal?: AbortSignal) {
  return http.get<CompanySearchResponse>('/user/company_search', {
    query: { purpose: 'company_cover', country, page_size: COMPANY_COVER_PAGE_SIZE_MAX, ...search },
    signal,
    silent: true,
  });
}

/** The debtor search by an already debounced name (the shared search field's hook); idle below 4 characters. */
export function useDebitorNameSearch(name: string, country: string) {
  const trimmed = name.trim();
  return useQuery({
    queryKey: factoringKeys.companySearch(country, 'name', trimmed),
    queryFn: ({ signal }) => fetchDebitorCompanies(country, { name: trimmed }, signal),
    enabled: isSearchableName(name) && !!country,
    staleTime: 60_000,
  });
}

/** The debtor search by an already debounced id of `type`; idle while the id is not of the type's form. */
export function useDebitorIdSearch(type: CompanyIdType | null, id: string, country: string) {
  const trimmed = id.trim();
  return useQuery({
    queryKey: factoringKeys.companySearch(country, type ?? '', trimmed),
    queryFn: ({ signal }) =>
      fetchDebitorCompanies(country, { company_country_id_type: type!, company_country_id: trimmed }, signal),
    enabled: !!type && !!country && companyIdError(type, trimmed) === null,
    staleTime: 60_000,
  });
}
