import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader';

/**
 * The back office's route entry (`lazyPage` in app/routes.tsx): a small chunk without styles, so
 * that the boot chunk names one file for the whole back office (the first borrower routes are on
 * a 150 KB budget, ADR 004). The back office itself, its styles and its texts load from here.
 */
const Backoffice = lazy(() => import('./backoffice-app').then((m) => ({ default: m.BackofficeApp })));

export function BackofficePage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Backoffice />
    </Suspense>
  );
}
