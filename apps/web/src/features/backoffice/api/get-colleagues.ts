import type { StaffListResponse, StaffMember } from '@finportal/contracts/backoffice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { backofficeKeys } from './query-keys';
import { staffCall } from './staff-session';

/** How long the list of colleagues is taken as current (it changes when an account is made or closed). */
const COLLEAGUES_STALE_MS = 5 * 60_000;

/**
 * GET /backoffice/staff?partner=: the active colleagues who see a partner (no partner: every partner
 * this person sees), by e-mail. Silent: the select shows that the list is missing.
 */
export async function fetchColleagues(partner: string | null, signal?: AbortSignal): Promise<StaffMember[]> {
  const body = await staffCall(() =>
    http.get<StaffListResponse>('/backoffice/staff', { query: { partner }, signal, silent: true }),
  );
  return body.staff;
}

export const colleaguesQuery = (partner: string | null) =>
  queryOptions({
    queryKey: backofficeKeys.staff(partner ?? ''),
    queryFn: ({ signal }) => fetchColleagues(partner, signal),
    staleTime: COLLEAGUES_STALE_MS,
  });

/** The colleagues to give a case to or to filter the queue by. */
export function useColleagues(partner: string | null) {
  return useQuery(colleaguesQuery(partner));
}
