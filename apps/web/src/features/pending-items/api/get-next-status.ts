import type { NextStatusValidateResponse } from '@finportal/contracts/pending-items';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { pendingItemsKeys } from './query-keys';

/**
 * GET /user/applications/{id}/next_status_validate: the pending items and the status a
 * submission moves to. Silent: a failed load shows the error boundary.
 */
export async function fetchNextStatus(id: string, signal?: AbortSignal): Promise<NextStatusValidateResponse> {
  return http.get<NextStatusValidateResponse>(`/user/applications/${encodeURIComponent(id)}/next_status_validate`, {
    signal,
    silent: true,
  });
}

export const nextStatusQuery = (id: string) =>
  queryOptions({ queryKey: pendingItemsKeys.nextStatus(id), queryFn: ({ signal }) => fetchNextStatus(id, signal) });

/** The pending items of an application; a failed load is thrown to the content error boundary. */
export function useNextStatus(id: string) {
  return useQuery({ ...nextStatusQuery(id), throwOnError: true });
}
