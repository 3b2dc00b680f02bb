import type { LoginRequest, OkResponse } from '@finportal/contracts/auth';
import { useCallback, useState } from 'react';
import { http } from '../../../lib/http';
import { markAuthenticated } from '../../../lib/session-store';

/** POST /user/account/login (no global toast: the login form shows login_error). */
export function login(body: LoginRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/login', body, { silent: true });
}

/**
 * After a successful login (or invite acceptance): set the flag, then load the profile (a failed
 * profile load logs the user out again). The profile module (TanStack Query) is fetched only now.
 */
export async function completeLogin(): Promise<void> {
  markAuthenticated();
  try {
    const { loadProfile } = await import('../../../lib/profile');
    await loadProfile();
  } catch {
    /* the profile call already logged the user out locally and showed the error */
  }
}

/** Login + profile; resolves to the error, or null on success. */
export function useLogin(): { submit: (body: LoginRequest) => Promise<unknown>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const submit = useCallback(async (body: LoginRequest) => {
    setPending(true);
    try {
      await login(body);
      await completeLogin();
      return null;
    } catch (error) {
      return error;
    } finally {
      setPending(false);
    }
  }, []);
  return { submit, pending };
}
