import type { InviteAcceptRequest } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** POST /user/account/invite_accept: sets the password and logs in (the API sets the session cookie). */
export function acceptInvite(body: InviteAcceptRequest): Promise<{ ok: true; email: string }> {
  return http.post<{ ok: true; email: string }>('/user/account/invite_accept', body, { silent: true });
}
