import type { OkResponse, RegisterRequest } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /user/users. Does not log in: the client calls login next (docs/api-accounts.md). */
export function register(body: RegisterRequest): Promise<OkResponse> {
  return http.post<OkResponse>('/user/users', body, { silent: true });
}
