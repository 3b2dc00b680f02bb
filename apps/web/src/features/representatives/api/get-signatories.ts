import type { SignatoriesResponse } from '@finportal/contracts/representative-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { representativeKeys } from './query-keys';

export const signatoriesPath = (applicationId: string) =>
  `/user/applications/${encodeURIComponent(applicationId)}/signatories`;

/** GET /user/applications/{id}/signatories: the representatives and whether guarantees are required. */
export async function fetchSignatories(applicationId: string, signal?: AbortSignal): Promise<SignatoriesResponse> {
  return http.get<SignatoriesResponse>(signatoriesPath(applicationId), { signal, silent: true });
}

export const signatoriesQuery = (applicationId: string) =>
  queryOptions({
    queryKey: representativeKeys.list(applicationId),
    queryFn: ({ signal }) => fetchSignatories(applicationId, signal),
  });

/** The representatives of an application; a failed load is thrown to the content error boundary. */
export function useSignatories(applicationId: string) {
  return useQuery({ ...signatoriesQuery(applicationId), throwOnError: true });
}
