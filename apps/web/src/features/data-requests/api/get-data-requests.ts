import type { DataRequest, DataRequestsResponse } from '@finportal/contracts/data-requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { dataRequestKeys } from './query-keys';

export const requestsPath = (applicationId: string) =>
  `/user/applications/${encodeURIComponent(applicationId)}/requests`;

/**
 * GET /user/applications/{id}/requests: what the back office asked for (documents and
 * information), open ones first, then the closed ones, newest first. Silent: each screen shows a
 * failed load where the requests would be.
 */
export async function fetchDataRequests(applicationId: string, signal?: AbortSignal): Promise<DataRequestsResponse> {
  return http.get<DataRequestsResponse>(requestsPath(applicationId), { signal, silent: true });
}

export const dataRequestsQuery = (applicationId: string) =>
  queryOptions({
    queryKey: dataRequestKeys.list(applicationId),
    queryFn: ({ signal }) => fetchDataRequests(applicationId, signal),
  });

const requestsOnly = (body: DataRequestsResponse): DataRequest[] => body.requests;
const answering = (body: DataRequestsResponse): boolean => body.can_answer;

/** The application's requests. A failed load is the caller's to show (it does not hide the rest of the page). */
export function useDataRequests(applicationId: string) {
  return useQuery({ ...dataRequestsQuery(applicationId), select: requestsOnly });
}

/** Whether the current user answers the questions (the server's rule: the applicant, ADR 021). */
export function useCanAnswerDataRequests(applicationId: string) {
  return useQuery({ ...dataRequestsQuery(applicationId), select: answering });
}
