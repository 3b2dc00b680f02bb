import type { DraftResponse } from '@finportal/contracts/partner-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { consoleKeys, consolePath } from './console-query-keys';
import { staffCall } from './staff-session';

/** GET /backoffice/partners/{key}/draft: the draft, what is published, who changed the draft last. */
export function fetchConsoleDraft(key: string, signal?: AbortSignal): Promise<DraftResponse> {
  return staffCall(() => http.get<DraftResponse>(`${consolePath(key)}/draft`, { signal, silent: true }));
}

/**
 * The draft changes only by this page's own writes (save, publish, restore answer it): no refetch
 * on window focus, which could replace what is being typed.
 */
export const consoleDraftQuery = (key: string) =>
  queryOptions({
    queryKey: consoleKeys.draft(key),
    queryFn: ({ signal }) => fetchConsoleDraft(key, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The console's draft of the partner's portal. */
export function useConsoleDraft(key: string) {
  return useQuery(consoleDraftQuery(key));
}
