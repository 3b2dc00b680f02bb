import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { signatoriesPath } from './get-signatories';
import { representativesSaved } from './query-keys';

/** DELETE /user/applications/{id}/signatories/{signatoryId} (204). Failures toast. */
export async function deleteRepresentative(applicationId: string, signatoryId: string): Promise<void> {
  await http.delete<void>(`${signatoriesPath(applicationId)}/${encodeURIComponent(signatoryId)}`);
}

/** Deleting a representative: the card goes at once, the toast, `onDeleted`, then the refetches. */
export function useDeleteRepresentative(applicationId: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation(['representatives']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signatoryId: string) => deleteRepresentative(applicationId, signatoryId),
    onSuccess: async (_, signatoryId) => {
      const refreshed = representativesSaved(queryClient, applicationId, { deletedId: signatoryId });
      showSuccessToast(t('representatives:toast.deleted'));
      onDeleted?.();
      await refreshed;
    },
  });
}
