import type { OkResponse } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /user/account/resend_conf_email (empty body). The caller shows success or failure. */
export function resendConfirmationEmail(): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/resend_conf_email', {}, { silent: true });
}
