import type { InvitationInfoResponse } from '@finportal/contracts/signatures';
import { useEffect, useState } from 'react';
import { http, isApiError } from '../../../lib/http';

/** GET /user/account/invite/{token}: valid (who invites, the e-mail, whether an account exists), expired or invalid. */
export function getInvitation(token: string): Promise<InvitationInfoResponse> {
  return http.get<InvitationInfoResponse>(`/user/account/invite/${encodeURIComponent(token)}`, { silent: true });
}

export type InvitationState = { status: 'loading' } | { status: 'failed' } | InvitationInfoResponse;

/**
 * What the invitation page shows, loaded once per token. (Plain state instead of TanStack Query:
 * the invite page is on the bundle budget, without the query provider, like login.) A malformed
 * token answers 400: shown as an invalid link; a network or server failure as `failed`.
 */
export function useInvitation(token: string): InvitationState {
  const [state, setState] = useState<{ token: string; value: InvitationState }>({
    token,
    value: { status: 'loading' },
  });
  useEffect(() => {
    let active = true;
    getInvitation(token).then(
      (info) => active && setState({ token, value: info }),
      (error: unknown) => {
        const invalid = isApiError(error) && error.status === 400;
        if (active) setState({ token, value: invalid ? { status: 'invalid' } : { status: 'failed' } });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);
  return state.token === token ? state.value : { status: 'loading' };
}
