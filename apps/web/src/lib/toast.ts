import type { NotificationData } from '@mantine/notifications';
import type * as MantineNotifications from '@mantine/notifications';
import { createStore, useStore } from './store';

/**
 * Mantine notifications, loaded on the first toast: @mantine/notifications (container,
 * transitions) is not part of the entry bundle. Toasts raised before it arrives are replayed.
 */
let mod: typeof MantineNotifications | null = null;
let loading: Promise<typeof MantineNotifications> | null = null;
const pending: NotificationData[] = [];

/** True once the module is loaded (the host then renders the container). */
const loadedStore = createStore(false);

export function loadToasts(): Promise<typeof MantineNotifications> {
  loading ??= import('@mantine/notifications').then((m) => {
    mod = m;
    for (const data of pending.splice(0)) m.notifications.show(data);
    loadedStore.set(true);
    return m;
  });
  return loading;
}

/** Identical toasts shown at the same time collapse into one (Mantine ignores a repeated id). */
function toastId(data: NotificationData): string {
  const text = `${data.color ?? ''}|${String(data.title ?? '')}|${String(data.message)}`;
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(31, hash) + text.charCodeAt(i)) | 0;
  return `toast-${(hash >>> 0).toString(36)}`;
}

export function showToast(notification: NotificationData): void {
  const data = { ...notification, id: notification.id ?? toastId(notification) };
  if (mod) {
    mod.notifications.show(data);
    return;
  }
  if (!pending.some((p) => p.id === data.id)) pending.push(data);
  void loadToasts();
}

/** Tests: drop every toast. */
export function clearToasts(): void {
  pending.length = 0;
  mod?.notifications.clean();
}

export function useToastsLoaded(): boolean {
  return useStore(loadedStore);
}
