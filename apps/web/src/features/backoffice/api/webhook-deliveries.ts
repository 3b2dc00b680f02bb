import type { WebhookDeliveriesResponse, WebhookDelivery } from '@finportal/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { consoleKeys, consolePath } from './console-query-keys';
import { staffCall } from './staff-session';

/** GET /backoffice/partners/{key}/webhook/deliveries: the latest 100 events with every attempt, newest first. */
export async function fetchWebhookDeliveries(key: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const body = await staffCall(() =>
    http.get<WebhookDeliveriesResponse>(`${consolePath(key)}/webhook/deliveries`, { signal, silent: true }),
  );
  return body.deliveries;
}

export const webhookDeliveriesQuery = (key: string) =>
  queryOptions({ queryKey: consoleKeys.deliveries(key), queryFn: ({ signal }) => fetchWebhookDeliveries(key, signal) });

/** The deliveries of the partner's webhook endpoint. */
export function useWebhookDeliveries(key: string) {
  return useQuery(webhookDeliveriesQuery(key));
}
