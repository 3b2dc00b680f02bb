import type { ConfirmEmailResponse } from '@finportal/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, showErrorToast } from '../../../lib/http';
import { useReloadProfile } from '../../../lib/profile';
import { useAuth } from '../../../lib/session-store';

/**
 * POST /user/account/confirm_email/{token}: works logged in and out. Takes no abort signal: the
 * single-use token must not be sent a second time because StrictMode's test unmount aborted the first.
 */
export function confirmEmail(token: string): Promise<ConfirmEmailResponse> {
  return http.post<ConfirmEmailResponse>(
    `/user/account/confirm_email/${encodeURIComponent(token)}`,
    {},
    { silent: true },
  );
}

/**
 * As a query so that the single-use token is sent once per page visit (StrictMode mounts twice;
 * the query de-duplicates) and the result survives re-renders.
 */
export const confirmEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmail(token),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });

/**
 * The confirmation of `token`, followed up once per page visit when it has settled: a failure
 * shows the something_went_wrong toast, and a logged-in user's profile is reloaded either way
 * (emailVerified changes).
 */
export function useConfirmEmail(token: string) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const reloadProfile = useReloadProfile();
  const result = useQuery(confirmEmailQuery(token));
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || result.isPending) return;
    handled.current = true;
    if (result.isError) {
      showErrorToast(errorMessages(result.error).join(' '), t('dashboard:general.errors.something_went_wrong'));
    }
    if (isAuthenticated) void reloadProfile();
  }, [result.isPending, result.isError, result.error, isAuthenticated, reloadProfile, t]);

  return result;
}
