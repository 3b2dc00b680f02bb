import type { CaseDetail, CaseResponse } from '@finportal/contracts/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { backofficeKeys } from './query-keys';
import { staffCall } from './staff-session';

export const casePath = (id: string) => `/backoffice/applications/${encodeURIComponent(id)}`;

/** GET /backoffice/applications/{id}. Silent: the case page shows not found (404) or its error state. */
export async function fetchCase(id: string, signal?: AbortSignal): Promise<CaseDetail> {
  const body = await staffCall(() => http.get<CaseResponse>(casePath(id), { signal, silent: true }));
  return body.case;
}

export const caseQuery = (id: string) =>
  queryOptions({ queryKey: backofficeKeys.case(id), queryFn: ({ signal }) => fetchCase(id, signal) });

/** While the follower job of a status move runs (invitations, e-mails), the case is read again this often. */
export const FOLLOWERS_POLL_MS = 1000;

/**
 * A case: everything the borrower entered and its workflow. Read again every second while what
 * follows the newest status move is still being done (`followers_pending`), so that the
 * invitations it sends show without a reload (issue 24).
 */
export function useCase(id: string) {
  return useQuery({
    ...caseQuery(id),
    refetchInterval: (query) => (query.state.data?.followers_pending ? FOLLOWERS_POLL_MS : false),
  });
}
