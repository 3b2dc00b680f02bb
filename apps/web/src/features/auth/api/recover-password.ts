import type { OkResponse, RecoverRequest } from '@finportal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http, showSuccessToast } from '../../../lib/http';

/** POST /user/account/recover: sets the new password with the token from the e-mail. */
export function recoverPassword(body: RecoverRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/recover', body, { silent: true });
}

/** The new password; success shows the reset toast and goes on to login (the caller reports errors on its form). */
export function useRecoverPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: recoverPassword,
    onSuccess: () => {
      showSuccessToast(t('auth:reset.success'));
      navigate('/login', { replace: true });
    },
  });
}
