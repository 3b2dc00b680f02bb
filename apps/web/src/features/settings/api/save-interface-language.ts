import type { Language } from '@finportal/contracts/constants';
import { isEmailVerified, loadProfile, PROFILE_KEY } from '../../../lib/profile';
import { queryClient } from '../../../lib/query-client';
import { updateProfile } from './update-profile';

/**
 * Stores the interface language on the profile, but only for a verified e-mail (spec 1 section 7);
 * otherwise the change stays local. Resolves to whether the profile was updated.
 */
export async function saveInterfaceLanguage(language: Language): Promise<boolean> {
  const profile = await loadProfile();
  if (!isEmailVerified(profile) || profile.interface_language === language) return false;
  const updated = await updateProfile(profile.user_id, { interface_language: language });
  queryClient.setQueryData(
    PROFILE_KEY,
    updated && typeof updated === 'object' ? updated : { ...profile, interface_language: language },
  );
  return true;
}
