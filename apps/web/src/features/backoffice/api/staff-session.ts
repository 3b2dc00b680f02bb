import type { StaffProfile } from '@finportal/contracts/backoffice';
import { SESSION_EXPIRED } from '@finportal/contracts/errors';
import { isApiError } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';
import { createStore, useStore } from '../../../lib/store';
import { backofficeKeys } from './query-keys';

/**
 * The staff session as the back office sees it. It is not the borrower's: a 401 of a back-office
 * call never logs the borrower out (lib/http.ts); it ends the staff session here, and the layout
 * shows the staff login in place of the page (what was on screen comes back after the login).
 */

/** Why the login shows: the session expired (idle or absolute limit), or nothing to say. */
export const staffSessionNotice = createStore<'expired' | null>(null);

export function useStaffSessionNotice(): 'expired' | null {
  return useStore(staffSessionNotice);
}

/** The staff session is gone: the profile becomes "not logged in" and every back-office answer is dropped. */
export function staffSessionEnded(expired: boolean): void {
  staffSessionNotice.set(expired ? 'expired' : null);
  queryClient.setQueryData<StaffProfile | null>(backofficeKeys.me(), null);
  queryClient.removeQueries({ queryKey: backofficeKeys.all, predicate: (q) => q.queryKey[1] !== 'me' });
}

/** A staff member logged in: their profile, and nothing of an earlier session. */
export function staffSessionStarted(profile: StaffProfile): void {
  staffSessionNotice.set(null);
  queryClient.removeQueries({ queryKey: backofficeKeys.all, predicate: (q) => q.queryKey[1] !== 'me' });
  queryClient.setQueryData<StaffProfile | null>(backofficeKeys.me(), profile);
}

/** Runs a back-office call of a logged-in staff member; a 401 ends the staff session (the login shows). */
export async function staffCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.status === 401) staffSessionEnded(error.hasCode(SESSION_EXPIRED));
    throw error;
  }
}
