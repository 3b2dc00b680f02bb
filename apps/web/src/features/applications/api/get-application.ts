import type { Application, ApplicationResponse } from '@finportal/contracts/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applicationKeys } from './query-keys';

/**
 * GET /user/applications/{id}. Silent: a failed load shows the error boundary (generic error
 * page with the status; 404 err_entity_not_found for someone else's application).
 */
export async function fetchApplication(id: string, signal?: AbortSignal): Promise<Application> {
  const body = await http.get<ApplicationResponse>(`/user/applications/${encodeURIComponent(id)}`, {
    signal,
    silent: true,
  });
  return body.application;
}

export const applicationQuery = (id: string) =>
  queryOptions({ queryKey: applicationKeys.detail(id), queryFn: ({ signal }) => fetchApplication(id, signal) });

/** The application; a failed load is thrown to the content error boundary. */
export function useApplication(id: string) {
  return useQuery({ ...applicationQuery(id), throwOnError: true });
}
