import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, isApiError, showErrorToast, showSuccessToast } from '../../../lib/http';
import { consoleKeys, consolePath } from './console-query-keys';
import { staffCall } from './staff-session';

/** POST /backoffice/partners/{key}/webhook/deliveries/{deliveryId}/replay: one more attempt now, same webhook-id. */
export function replayWebhookDelivery(key: string, deliveryId: string): Promise<{ ok: true }> {
  return staffCall(() =>
    http.post<{ ok: true }>(
      `${consolePath(key)}/webhook/deliveries/${encodeURIComponent(deliveryId)}/replay`,
      {},
      { silent: true },
    ),
  );
}

/**
 * Sending an event again (`mutate(deliveryId)`). Success: the toast, the deliveries refetch.
 * Failure: the toast with the reason (409: the endpoint is switched off).
 */
export function useReplayWebhookDelivery(key: string) {
  const { t } = useTranslation(['console']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => replayWebhookDelivery(key, deliveryId),
    onSuccess: async () => {
      showSuccessToast(t('console:deliveries.replayed'));
      await queryClient.invalidateQueries({ queryKey: consoleKeys.deliveries(key) });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      const message =
        isApiError(error) && error.status === 409
          ? t('console:deliveries.replay_disabled')
          : errorMessages(error).join(' ');
      showErrorToast(message, t('console:deliveries.replay_failed'));
    },
  });
}
