import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDynamicFormsConfig } from './load-dynamic-forms-config';

/**
 * GET /dynamic_forms_config?dynamic_forms_name=application as a query (the dashboard's custom
 * fields). The fetcher lives in `load-dynamic-forms-config.ts`, beside the query-free cache the
 * dynamic wizard reads the form through (its first step loads no TanStack Query).
 */
export const dynamicFormsConfigQuery = () =>
  queryOptions({
    queryKey: ['dynamic_forms_config', 'application'],
    queryFn: ({ signal }) => getDynamicFormsConfig(signal),
    staleTime: 10 * 60_000,
  });

export function useDynamicFormsConfig() {
  return useQuery(dynamicFormsConfigQuery());
}
