import type { FactoringDetailsResponse, FactoringSection, FactoringSectionInput } from '@finportal/contracts/factoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { factoringPath } from './get-factoring-details';
import { factoringDetailsChanged, factoringKeys } from './query-keys';

export interface SaveFactoringSection<S extends FactoringSection = FactoringSection> {
  section: S;
  /** The whole card: a field left out or null is cleared. */
  body: FactoringSectionInput<S>;
}

/** PATCH .../factoring/{financials|invoices|risk_protection}: answers the three cards as stored. Silent: the form reports. */
export function saveFactoringSection(applicationId: string, { section, body }: SaveFactoringSection) {
  return http.patch<FactoringDetailsResponse>(`${factoringPath(applicationId)}/${section}`, body, { silent: true });
}

/**
 * Saving one card. Success: the answer replaces the cached details, the toast, `onSaved` (the
 * modal closes), then the pending items and the application are refetched.
 */
export function useSaveFactoringSection(applicationId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation(['factoring']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveFactoringSection) => saveFactoringSection(applicationId, save),
    onSuccess: async (details) => {
      queryClient.setQueryData(factoringKeys.details(applicationId), details);
      showSuccessToast(t('factoring:toast.saved'));
      onSaved?.();
      await factoringDetailsChanged(queryClient, applicationId);
    },
  });
}
