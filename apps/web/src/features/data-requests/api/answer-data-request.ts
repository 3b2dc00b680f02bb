import type { AnswerDataRequestRequest, DataRequest } from '@finportal/contracts/data-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, isApiError, showSuccessToast } from '../../../lib/http';
import { requestsPath } from './get-data-requests';
import { requestsChanged } from './query-keys';

/**
 * POST /user/applications/{id}/requests/{requestId}/answer: the answer to an information request;
 * the server answers the fulfilled request (409 err_request_closed when it is no longer open).
 * Silent: the form shows the errors beside the answer.
 */
export function answerDataRequest(
  applicationId: string,
  requestId: string,
  body: AnswerDataRequestRequest,
): Promise<DataRequest> {
  return http.post<DataRequest>(`${requestsPath(applicationId)}/${encodeURIComponent(requestId)}/answer`, body, {
    silent: true,
  });
}

/**
 * Answering a request: the success toast and `onAnswered` (the form goes), then the requests and
 * the pending items are read again (the mutation stays pending until they are). A request closed
 * meanwhile (409 err_request_closed) makes the list stale: it is read again too; the error itself
 * is the form's to show (`mutate(body, { onError })`).
 */
export function useAnswerDataRequest(applicationId: string, { onAnswered }: { onAnswered?: () => void } = {}) {
  const { t } = useTranslation(['overview']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, answer }: { requestId: string; answer: string }) =>
      answerDataRequest(applicationId, requestId, { answer }),
    onSuccess: async () => {
      const refreshed = requestsChanged(queryClient, applicationId);
      showSuccessToast(t('overview:requests.answer.sent'));
      onAnswered?.();
      await refreshed;
    },
    onError: (error) => {
      if (isApiError(error) && error.hasCode('err_request_closed')) void requestsChanged(queryClient, applicationId);
    },
  });
}
