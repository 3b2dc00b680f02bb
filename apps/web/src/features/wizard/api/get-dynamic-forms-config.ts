import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/**
 * GET /dynamic_forms_config?dynamic_forms_name=application. The global error toast is suppressed
 * (spec 1 section 7): a failure shows the generic error view instead.
 */
export function getDynamicFormsConfig(signal?: AbortSignal): Promise<DynamicFormConfig> {
  return http.get<DynamicFormConfig>('/dynamic_forms_config', {
    query: { dynamic_forms_name: 'application' },
    signal,
    silent: true,
  });
}

export const dynamicFormsConfigQuery = () =>
  queryOptions({
    queryKey: ['dynamic_forms_config', 'application'],
    queryFn: ({ signal }) => getDynamicFormsConfig(signal),
    staleTime: 10 * 60_000,
  });

export function useDynamicFormsConfig() {
  return useQuery(dynamicFormsConfigQuery());
}
