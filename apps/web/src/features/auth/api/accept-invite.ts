import type { InviteAcceptRequest, InviteAcceptResponse } from '@finportal/contracts/auth';
import { useCallback, useState } from 'react';
import { http } from '../../../lib/http';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { completeLogin } from './login';

/** POST /user/account/invite_accept: sets the password and logs in (the API sets the session cookie). */
export function acceptInvite(body: InviteAcceptRequest): Promise<InviteAcceptResponse> {
  return http.post<InviteAcceptResponse>('/user/account/invite_accept', body, { silent: true });
}

/**
 * Invitation acceptance, then the chosen interface language and the login follow-up (flag and
 * profile); resolves to the error, or null on success. `onAccepted` runs after the login
 * follow-up (the page then goes to the application of a signing invitation). (Plain state instead of useMutation: the invite page is on the bundle
 * budget, without the query provider, like login.)
 */
export function useAcceptInvite(onAccepted?: (response: InviteAcceptResponse) => void | Promise<void>): {
  submit: (body: InviteAcceptRequest) => Promise<unknown>;
  pending: boolean;
} {
  const [pending, setPending] = useState(false);
  const submit = useCallback(
    async (body: InviteAcceptRequest) => {
      setPending(true);
      try {
        const response = await acceptInvite(body);
        if (body.interface_language !== currentLanguage()) await i18n.changeLanguage(body.interface_language);
        await completeLogin();
        await onAccepted?.(response);
        return null;
      } catch (error) {
        return error;
      } finally {
        setPending(false);
      }
    },
    [onAccepted],
  );
  return { submit, pending };
}
