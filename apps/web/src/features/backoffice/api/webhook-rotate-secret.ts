import type { WebhookEndpoint, WebhookEndpointResponse } from '@finportal/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { consolePath, webhookSaved } from './console-query-keys';
import { staffCall } from './staff-session';

/** POST /backoffice/partners/{key}/webhook/rotate_secret: a new signing secret; the old one stops working at once. */
export async function rotateWebhookSecret(key: string): Promise<WebhookEndpoint | null> {
  const res = await staffCall(() =>
    http.post<WebhookEndpointResponse>(`${consolePath(key)}/webhook/rotate_secret`, {}, { silent: true }),
  );
  return res.endpoint;
}

/** A new secret. Success: the endpoint with it at once, the toast. Errors are the confirmation's to show. */
export function useRotateWebhookSecret(key: string) {
  const { t } = useTranslation(['console']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateWebhookSecret(key),
    onSuccess: (endpoint) => {
      webhookSaved(queryClient, key, endpoint);
      showSuccessToast(t('console:webhook.rotated'));
    },
  });
}
