import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, isApiError, showErrorToast, showSuccessToast } from '../../../lib/http';
import { setConsolePreview } from './console-preview';
import { consolePath } from './console-query-keys';
import { staffCall } from './staff-session';

/** DELETE /backoffice/partners/{key}/preview: this browser's portal shows the published configuration again. */
export function endConsolePreview(key: string): Promise<{ ok: true }> {
  return staffCall(() => http.delete<{ ok: true }>(`${consolePath(key)}/preview`, undefined, { silent: true }));
}

/** Ending the preview. Success: the note goes, the toast says so. Failure: the toast with the reason. */
export function useEndConsolePreview(key: string) {
  const { t } = useTranslation(['console']);
  return useMutation({
    mutationFn: () => endConsolePreview(key),
    onSuccess: () => {
      setConsolePreview(key, null);
      showSuccessToast(t('console:preview.ended'));
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      showErrorToast(errorMessages(error).join(' '), t('console:preview.end_failed'));
    },
  });
}
