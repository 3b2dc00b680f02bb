import type { ChangePasswordRequest, OkResponse } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /user/account/change_password; `err_invalid_credentials` comes on field old_password. */
export function changePassword(body: ChangePasswordRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/change_password', body, { silent: true });
}
