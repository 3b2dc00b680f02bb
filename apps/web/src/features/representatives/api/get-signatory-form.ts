import type { SignatoryFormConfig } from '@finportal/contracts/signatory-custom-fields';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';

/**
 * GET /dynamic_forms_config?dynamic_forms_name=signatory: the custom fields each representative
 * answers (scope signatory; issue 10). A partner without such a form answers 404: null, no fields.
 */
export async function fetchSignatoryForm(signal?: AbortSignal): Promise<SignatoryFormConfig | null> {
  try {
    return await http.get<SignatoryFormConfig>('/dynamic_forms_config', {
      query: { dynamic_forms_name: 'signatory' },
      signal,
      silent: true,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const signatoryFormQuery = () =>
  queryOptions({
    queryKey: ['dynamic_forms_config', 'signatory'] as const,
    queryFn: ({ signal }) => fetchSignatoryForm(signal),
    staleTime: 10 * 60_000,
  });

/** The partner's signatory form (null: none); a failed load is thrown to the content error boundary. */
export function useSignatoryForm() {
  return useQuery({ ...signatoryFormQuery(), throwOnError: true });
}
