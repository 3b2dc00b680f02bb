import type { OkResponse } from '@finportal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, showErrorToast, showSuccessToast } from '../../../lib/http';

/** POST /user/account/resend_conf_email (empty body). The caller shows success or failure. */
export function resendConfirmationEmail(): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/resend_conf_email', {}, { silent: true });
}

/**
 * Resending the confirmation e-mail. With `toasts` the outcome is a success or
 * something_went_wrong toast; without, the caller shows it (isSuccess / isError).
 */
export function useResendConfirmationEmail({ toasts = false }: { toasts?: boolean } = {}) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: resendConfirmationEmail,
    onSuccess: () => {
      if (toasts) showSuccessToast(t('dashboard:general.verification_email_send'));
    },
    onError: (error) => {
      if (toasts) {
        showErrorToast(errorMessages(error).join(' '), t('dashboard:general.errors.something_went_wrong'));
      }
    },
  });
}
