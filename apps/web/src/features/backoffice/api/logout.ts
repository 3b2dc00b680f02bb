import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, isApiError, showErrorToast } from '../../../lib/http';
import { staffCall, staffSessionEnded } from './staff-session';

/** POST /backoffice/logout: ends the staff session (the borrower's, if any, stays). */
export function staffLogout(): Promise<{ ok: true }> {
  return staffCall(() => http.post<{ ok: true }>('/backoffice/logout', {}, { silent: true }));
}

/** Logging out. Success: the login shows, nothing of the session stays cached. Failure: a toast. */
export function useStaffLogout() {
  const { t } = useTranslation(['backoffice']);
  return useMutation({
    mutationFn: staffLogout,
    onSuccess: () => staffSessionEnded(false),
    // A 401: the session had ended already (staffCall shows the login).
    onError: (error) => {
      if (!isApiError(error) || error.status !== 401) showErrorToast(t('backoffice:layout.logout_failed'));
    },
  });
}
