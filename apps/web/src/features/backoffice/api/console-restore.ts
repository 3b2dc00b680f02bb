import type { DraftResponse } from '@finportal/contracts/partner-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { consolePath, consolePublished } from './console-query-keys';
import { staffCall } from './staff-session';

/** POST /backoffice/partners/{key}/versions/{version}/restore. Silent: the confirmation shows a refusal. */
export function restoreConsoleVersion(key: string, version: number): Promise<DraftResponse> {
  return staffCall(() =>
    http.post<DraftResponse>(`${consolePath(key)}/versions/${version}/restore`, {}, { silent: true }),
  );
}

/**
 * Restoring a version (`mutate(version)`): it goes live again as a new version and replaces the
 * draft. Success: the new state at once, the toast; then the versions refetch.
 */
export function useRestoreConsoleVersion(key: string) {
  const { t } = useTranslation(['console']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restoreConsoleVersion(key, version),
    onSuccess: async (updated, version) => {
      const refreshed = consolePublished(queryClient, updated);
      showSuccessToast(t('console:versions.restored', { version, current: updated.published_version }));
      await refreshed;
    },
  });
}
