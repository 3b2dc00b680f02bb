import type { OkResponse, ResetRequest } from '@finportal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, showErrorToast } from '../../../lib/http';

/** POST /user/account/reset: always answers ok (no user enumeration). */
export function requestPasswordReset(body: ResetRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/reset', body, { silent: true });
}

/** The reset request; a failure shows each message as a forgot_password_error toast. */
export function useRequestPasswordReset() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => {
      for (const message of errorMessages(error))
        showErrorToast(message, t('auth:forgot.errors.forgot_password_error'));
    },
  });
}
