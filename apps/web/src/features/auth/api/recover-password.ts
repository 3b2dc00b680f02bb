import type { OkResponse, RecoverRequest } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /user/account/recover: sets the new password with the token from the e-mail. */
export function recoverPassword(body: RecoverRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/recover', body, { silent: true });
}
