import type { ChangePasswordRequest, OkResponse } from '@finportal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';

/**
 * POST /user/account/change_password; a wrong current password is `err_invalid_current_password`
 * on field old_password; an unconfirmed e-mail (403 err_email_not_confirmed) is shown at the form.
 */
export function changePassword(body: ChangePasswordRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/change_password', body, { silent: true, inlineEmailNotConfirmed: true });
}

/** The password change; success shows the success toast (the form reports errors and resets itself). */
export function useChangePassword() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => showSuccessToast(t('settings:password.success')),
  });
}
