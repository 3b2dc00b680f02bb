import type { OkResponse, ResetRequest } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /user/account/reset: always answers ok (no user enumeration). */
export function requestPasswordReset(body: ResetRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/account/reset', body, { silent: true });
}
