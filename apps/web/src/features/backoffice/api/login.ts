import type { StaffLoginRequest, StaffProfile } from '@finportal/contracts/backoffice';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { staffSessionStarted } from './staff-session';

/**
 * POST /backoffice/login with e-mail, password and the authenticator's current code. Silent: the
 * login form shows its errors (401 err_invalid_credentials for any wrong part, 429 with the wait).
 */
export function staffLogin(body: StaffLoginRequest): Promise<StaffProfile> {
  return http.post<StaffProfile>('/backoffice/login', body, { silent: true });
}

/** The staff login. Success: the profile is kept and the page asked for shows. Errors are the form's. */
export function useStaffLogin() {
  return useMutation({ mutationFn: staffLogin, onSuccess: staffSessionStarted });
}
