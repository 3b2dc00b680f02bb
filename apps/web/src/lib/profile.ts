import type { Profile } from '@finportal/contracts/auth';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http, isApiError } from './http';
import { queryClient } from './query-client';
import { logoutLocally, useAuth } from './session-store';

/** GET /user/profile: loaded only while authenticated; a failure logs the user out locally (spec 1 section 4). */
export const PROFILE_KEY = ['profile'] as const;

/** How long a failed profile load waits before logging out, when the request failed for the network. */
export const NETWORK_LOGOUT_DELAY_MS = 300;

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  try {
    return await http.get<Profile>('/user/profile', { signal });
  } catch (error) {
    if (isApiError(error) && error.kind === 'aborted') throw error;
    // Leaving the page (a link, a reload) cancels the request, and the browser reports that as a
    // network error: the next page must still find the session. The page that is left runs no
    // more timers; a page that stays logs out a moment later, as for any other failure.
    if (isApiError(error) && error.kind === 'network') setTimeout(() => logoutLocally(), NETWORK_LOGOUT_DELAY_MS);
    else logoutLocally();
    throw error;
  }
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal), staleTime: 5 * 60_000 });

/** The profile from the cache, or loaded now. */
export function loadProfile(): Promise<Profile> {
  return queryClient.fetchQuery(profileQueryOptions());
}

export function useProfile() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...profileQueryOptions(), enabled: isAuthenticated });
}

export function useSetProfile() {
  const client = useQueryClient();
  return (update: Partial<Profile>) =>
    client.setQueryData<Profile>(PROFILE_KEY, (prev) => (prev ? { ...prev, ...update } : prev));
}

/** Refetches the profile after a change made elsewhere (a confirmed e-mail address). */
export function useReloadProfile(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: PROFILE_KEY }), [client]);
}

/** The e-mail is verified when either flag of the profile says so. */
export function isEmailVerified(profile: Profile | undefined): boolean {
  return !!profile && (profile.emailVerified || profile.is_email_confirmed);
}
