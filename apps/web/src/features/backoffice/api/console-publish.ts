import type { DraftResponse } from '@finportal/contracts/partner-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { consolePath, consolePublished } from './console-query-keys';
import { staffCall } from './staff-session';

/** POST /backoffice/partners/{key}/publish. Silent: the publish dialog shows a refusal (409 err_nothing_to_publish). */
export function publishConsoleDraft(key: string): Promise<DraftResponse> {
  return staffCall(() => http.post<DraftResponse>(`${consolePath(key)}/publish`, {}, { silent: true }));
}

/** Publishing the draft. Success: the new state at once, the toast with the version; then the versions refetch. */
export function usePublishConsoleDraft(key: string) {
  const { t } = useTranslation(['console']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishConsoleDraft(key),
    onSuccess: async (updated) => {
      const refreshed = consolePublished(queryClient, updated);
      showSuccessToast(t('console:publish.done', { version: updated.published_version }));
      await refreshed;
    },
  });
}
