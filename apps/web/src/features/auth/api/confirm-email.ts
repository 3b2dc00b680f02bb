import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /user/account/confirm_email/{token}: works logged in and out. */
export function confirmEmail(token: string): Promise<{ ok: true; email: string }> {
  return http.post<{ ok: true; email: string }>(
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
