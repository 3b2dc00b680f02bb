import type { SignaturesOverviewResponse } from '@finportal/contracts/signatures';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applicationPath, signatureKeys } from './query-keys';

/** GET /user/applications/{id}/signatures: the applicant's view of who has signed and who is missing. */
export const signaturesOverviewQuery = (applicationId: string) =>
  queryOptions({
    queryKey: signatureKeys.overview(applicationId),
    queryFn: ({ signal }) =>
      http.get<SignaturesOverviewResponse>(`${applicationPath(applicationId)}/signatures`, { signal, silent: true }),
  });

/** The overview; failures are the caller's to show (an error state with a retry). */
export function useSignaturesOverview(applicationId: string, enabled = true) {
  return useQuery({ ...signaturesOverviewQuery(applicationId), enabled });
}
