import { SIGNATURE_POLL_MS } from '@finportal/contracts/constants';
import type { RequirementsResponse } from '@finportal/contracts/signatures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from '../../../lib/http';
import { shouldPoll } from '../model/signature-screen';
import { usePageVisible } from '../model/use-page-visible';
import { signatoryPath, signatureKeys } from './query-keys';

export const requirementsPath = (applicationId: string, signatoryId: string) =>
  `${signatoryPath(applicationId, signatoryId)}/requirements`;

/** GET /user/applications/{id}/signatories/{signatoryId}/requirements: the person's own steps. */
export function fetchRequirements(
  applicationId: string,
  signatoryId: string,
  signal?: AbortSignal,
): Promise<RequirementsResponse> {
  return http.get<RequirementsResponse>(requirementsPath(applicationId, signatoryId), { signal, silent: true });
}

export const requirementsQuery = (applicationId: string, signatoryId: string) =>
  queryOptions({
    queryKey: signatureKeys.requirements(applicationId, signatoryId),
    queryFn: ({ signal }) => fetchRequirements(applicationId, signatoryId, signal),
  });

/**
 * The person's requirements. While the identity check is InProgress they are read again every
 * SIGNATURE_POLL_MS (spec 2 section 9: 10 s) until it is done; the polling stops while the page is
 * hidden and resumes, with an immediate read, when it is shown again. A failed first load is the
 * screen's to show (its error state with a retry), not the error boundary's.
 */
export function useRequirements(applicationId: string, signatoryId: string) {
  const visible = usePageVisible();
  const query = useQuery({
    ...requirementsQuery(applicationId, signatoryId),
    refetchInterval: (q) => (visible && shouldPoll(q.state.data) ? SIGNATURE_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const polling = shouldPoll(query.data);
  const wasVisible = useRef(visible);
  const { refetch } = query;
  useEffect(() => {
    if (visible && !wasVisible.current && polling) void refetch();
    wasVisible.current = visible;
  }, [visible, polling, refetch]);
  return { ...query, polling: polling && visible };
}
