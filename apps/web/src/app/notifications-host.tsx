import { lazy, Suspense } from 'react';
import { useToastsLoaded } from '../lib/toast';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Renders Mantine's notification container once the first toast has loaded it (lib/toast.ts). */
export function NotificationsHost() {
  const loaded = useToastsLoaded();
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom: at the top they covered the header controls (issue 26). */}
      <Notifications position="bottom-right" limit={5} zIndex={1000} />
    </Suspense>
  );
}
