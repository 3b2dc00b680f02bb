import type { VideoIdentResponse } from '@finportal/contracts/signatures';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applicationPath } from './query-keys';

/** Where the browser goes: the provider's page, in the same tab (a seam for tests). */
export const providerNavigation = {
  go: (url: string) => window.location.assign(url),
};

/**
 * POST /user/applications/{id}/signatories_requirements/{signatoryId}/video_idents: starts (or
 * continues) the identification and the e-signing with the partner's provider, then goes to the
 * provider's page in the same tab; the provider sends the person back to
 * /dashboard/applications/{id}?tab=signatures. Silent: the screen shows a failure beside the button.
 */
export function useStartVideoIdent(applicationId: string, signatoryId: string) {
  return useMutation({
    mutationFn: async () => {
      const session = await http.post<VideoIdentResponse>(
        `${applicationPath(applicationId)}/signatories_requirements/${encodeURIComponent(signatoryId)}/video_idents`,
        {},
        { silent: true },
      );
      if (!session.url) throw new Error('provider_error');
      return session;
    },
    onSuccess: (session) => {
      if (session.url) providerNavigation.go(session.url);
    },
  });
}
