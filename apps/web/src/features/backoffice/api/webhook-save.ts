import type { SaveWebhookRequest, WebhookEndpoint, WebhookEndpointResponse } from '@finportal/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { consolePath, webhookSaved } from './console-query-keys';
import { staffCall } from './staff-session';

/** PUT /backoffice/partners/{key}/webhook: URL and enabled. Silent: the form puts a 400 on the URL field. */
export async function saveWebhookEndpoint(key: string, body: SaveWebhookRequest): Promise<WebhookEndpoint | null> {
  const res = await staffCall(() =>
    http.put<WebhookEndpointResponse>(`${consolePath(key)}/webhook`, body, { silent: true }),
  );
  return res.endpoint;
}

/** Saving the endpoint. Success: the endpoint at once (a new one with its secret), the toast. Errors are the form's. */
export function useSaveWebhookEndpoint(key: string) {
  const { t } = useTranslation(['console']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWebhookRequest) => saveWebhookEndpoint(key, body),
    onSuccess: (endpoint) => {
      webhookSaved(queryClient, key, endpoint);
      showSuccessToast(t('console:webhook.saved'));
    },
  });
}
