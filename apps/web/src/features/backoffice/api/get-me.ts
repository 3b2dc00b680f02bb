import type { StaffProfile } from '@finportal/contracts/backoffice';
import { SESSION_EXPIRED } from '@finportal/contracts/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isApiError } from '../../../lib/http';
import { backofficeKeys } from './query-keys';
import { staffSessionNotice } from './staff-session';

/**
 * GET /backoffice/me: the logged-in staff member, or null when there is no staff session (401:
 * the back office then shows its login). Silent: any other failure is the layout's to show.
 */
export async function fetchStaffProfile(signal?: AbortSignal): Promise<StaffProfile | null> {
  try {
    return await http.get<StaffProfile>('/backoffice/me', { signal, silent: true });
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    if (error.hasCode(SESSION_EXPIRED)) staffSessionNotice.set('expired');
    return null;
  }
}

export const staffProfileQuery = () =>
  queryOptions({
    queryKey: backofficeKeys.me(),
    queryFn: ({ signal }) => fetchStaffProfile(signal),
    staleTime: Infinity,
  });

/** The staff member (null: not logged in as staff). */
export function useStaffProfile() {
  return useQuery(staffProfileQuery());
}
