import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUpdateRepresentative } from '../../representatives/api/update-representative';
import { signaturesChanged } from './query-keys';

/**
 * Step 1: the person's tax id, saved as the representatives save it (PATCH
 * .../signatories/{signatoryId} with taxid alone); then the steps are read again. Errors are the
 * form's to put on its field (`mutate(update, { onError })`).
 */
export function useSaveTaxId(applicationId: string) {
  const { t } = useTranslation(['signatures']);
  const queryClient = useQueryClient();
  return useUpdateRepresentative(applicationId, {
    message: t('signatures:tax_id.saved'),
    onSaved: () => void signaturesChanged(queryClient, applicationId),
  });
}
