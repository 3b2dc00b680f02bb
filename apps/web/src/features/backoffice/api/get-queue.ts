import type { QueueQuery, QueueResponse } from '@finportal/contracts/backoffice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { backofficeKeys } from './query-keys';
import { staffCall } from './staff-session';

/** The queue's query as sent: each filter a string or a number (contracts `queueQuery` reads them). */
export type QueueParams = { [K in keyof QueueQuery]?: string | number };

/** GET /backoffice/applications: one page of the queue. Silent: the queue shows its error state. */
export function fetchQueue(query: QueueParams, signal?: AbortSignal): Promise<QueueResponse> {
  return staffCall(() => http.get<QueueResponse>('/backoffice/applications', { query, signal, silent: true }));
}

export const queueQuery = (query: QueueParams) =>
  queryOptions({ queryKey: backofficeKeys.queue(query), queryFn: ({ signal }) => fetchQueue(query, signal) });

/** The queue for these filters; the previous page stays on screen while the next one loads. */
export function useQueue(query: QueueParams) {
  return useQuery({ ...queueQuery(query), placeholderData: keepPreviousData });
}
