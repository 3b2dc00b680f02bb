import type { WebhookEndpoint, WebhookEndpointResponse } from '@finportal/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { consoleKeys, consolePath } from './console-query-keys';
import { staffCall } from './staff-session';

/** GET /backoffice/partners/{key}/webhook: the endpoint with its signing secret (null: none yet; needs partner.write). */
export async function fetchWebhookEndpoint(key: string, signal?: AbortSignal): Promise<WebhookEndpoint | null> {
  const body = await staffCall(() =>
    http.get<WebhookEndpointResponse>(`${consolePath(key)}/webhook`, { signal, silent: true }),
  );
  return body.endpoint;
}

/** Only this page writes the endpoint: no refetch on window focus, which could replace a URL being typed. */
export const webhookEndpointQuery = (key: string) =>
  queryOptions({
    queryKey: consoleKeys.webhook(key),
    queryFn: ({ signal }) => fetchWebhookEndpoint(key, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The partner's webhook endpoint (`enabled`: false for someone who may not manage it). */
export function useWebhookEndpoint(key: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...webhookEndpointQuery(key), enabled });
}
