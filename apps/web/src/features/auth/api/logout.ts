import type { OkResponse } from '@finportal/contracts/auth';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http, showErrorToast } from '../../../lib/http';
import { logoutLocally } from '../../../lib/session-store';

/** POST /user/account/logout. */
export function logout(): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/logout', {}, { silent: true });
}

/**
 * Success: local logout (deliberate), profile reset, home. Failure: authentication.errors.logout_error.
 * (Plain state instead of useMutation: this runs in the header, which is in the entry bundle.)
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
      logoutLocally({ byUser: true });
      navigate('/', { replace: true });
    } catch {
      showErrorToast(t('auth:authentication.errors.logout_error'));
    } finally {
      setPending(false);
    }
  }, [navigate, t]);
  return { logout: run, pending };
}
