import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessages, http, isApiError, showErrorToast } from '../../../lib/http';
import { createStore, useStore } from '../../../lib/store';
import { consolePath } from './console-query-keys';
import { staffCall } from './staff-session';

/**
 * POST /backoffice/partners/{key}/preview: from now on this browser's portal (and only this
 * browser's, with the staff session) shows the draft, until DELETE …/preview. The server renders
 * the preview banner itself.
 */
export function startConsolePreview(key: string): Promise<{ preview_url: string }> {
  return staffCall(() => http.post<{ preview_url: string }>(`${consolePath(key)}/preview`, {}, { silent: true }));
}

const STORAGE_PREFIX = 'fp:console-preview:';

function storedPreviews(): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (let i = 0; i < window.sessionStorage.length; i++) {
      const name = window.sessionStorage.key(i);
      if (name?.startsWith(STORAGE_PREFIX))
        out[name.slice(STORAGE_PREFIX.length)] = window.sessionStorage.getItem(name)!;
    }
  } catch {
    // No storage (private mode): the preview is known until the page reloads.
  }
  return out;
}

/**
 * The previews running in this browser tab, partner key → preview address. The preview cookie is
 * httpOnly, so the page keeps its own note (session storage: a reload still offers "End preview").
 */
export const consolePreviews = createStore<Record<string, string>>(storedPreviews());

export function setConsolePreview(key: string, url: string | null): void {
  consolePreviews.set((prev) => {
    const next = { ...prev };
    if (url === null) delete next[key];
    else next[key] = url;
    return next;
  });
  try {
    if (url === null) window.sessionStorage.removeItem(STORAGE_PREFIX + key);
    else window.sessionStorage.setItem(STORAGE_PREFIX + key, url);
  } catch {
    // See storedPreviews.
  }
}

/** The address of the running preview of this partner, or null. */
export function useConsolePreview(key: string): string | null {
  return useStore(consolePreviews)[key] ?? null;
}

/**
 * Starting a preview: `start(prepare)` opens the new tab at once (a popup blocker lets a click's
 * window through), runs `prepare` (saving the draft first; false stops), asks for the preview and
 * points the tab at the portal. A blocked tab leaves the link on the page; a failure closes the tab
 * and is toasted (a failed save is the form's to show).
 */
export function useStartConsolePreview(key: string): {
  start: (prepare?: () => Promise<boolean>) => Promise<void>;
  pending: boolean;
} {
  const { t } = useTranslation(['console']);
  const mutation = useMutation({
    mutationFn: () => startConsolePreview(key),
    onSuccess: ({ preview_url }) => setConsolePreview(key, preview_url),
  });
  const start = async (prepare?: () => Promise<boolean>) => {
    const tab = window.open('about:blank', '_blank');
    try {
      if (prepare && !(await prepare())) {
        tab?.close();
        return;
      }
      const { preview_url } = await mutation.mutateAsync();
      if (tab) {
        tab.opener = null;
        tab.location.href = preview_url;
      }
    } catch (error) {
      tab?.close();
      if (isApiError(error) && error.status === 401) return;
      showErrorToast(errorMessages(error).join(' '), t('console:preview.failed'));
    }
  };
  return { start, pending: mutation.isPending };
}
