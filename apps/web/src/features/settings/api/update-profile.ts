import type { Profile, UpdateProfileRequest } from '@finportal/contracts/auth';
import { http } from '../../../lib/http';

/** PATCH /user/profile/{userId}: interface and communication language. */
export function updateProfile(userId: string, body: UpdateProfileRequest): Promise<Profile> {
  return http.patch<Profile>(`/user/profile/${encodeURIComponent(userId)}`, body, { silent: true });
}
