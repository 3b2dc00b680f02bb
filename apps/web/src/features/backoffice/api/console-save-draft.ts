import type { DraftResponse, SaveDraftRequest } from '@finportal/contracts/partner-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { consolePath, draftSaved } from './console-query-keys';
import { staffCall } from './staff-session';

/**
 * PUT /backoffice/partners/{key}/draft with the whole draft. Silent: the form puts the 400's field
 * errors on their fields (err_contrast_too_low on fe_theme.*, err_no_permission on entitlements).
 */
export function saveConsoleDraft(key: string, body: SaveDraftRequest): Promise<DraftResponse> {
  return staffCall(() => http.put<DraftResponse>(`${consolePath(key)}/draft`, body, { silent: true }));
}

/**
 * Saving the draft. Success: the saved draft at once, and the toast unless `quiet` (a save that
 * precedes a preview or a publish). Errors are the form's.
 */
export function useSaveConsoleDraft(key: string) {
  const { t } = useTranslation(['console']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft }: { draft: SaveDraftRequest; quiet?: boolean }) => saveConsoleDraft(key, draft),
    onSuccess: (updated, { quiet }) => {
      draftSaved(queryClient, updated);
      if (!quiet) showSuccessToast(t('console:draft.saved'));
    },
  });
}
