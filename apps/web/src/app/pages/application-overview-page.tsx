import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ApplicationFrame, type TabBodies } from '../../features/applications/components/application-frame';
import { loadNamespaces } from '../../lib/i18n';

/**
 * Each tab is a chunk of its own, loaded with its texts when the tab is first shown (the shell's
 * spinner meanwhile, then the tab's own skeleton while its data loads): nothing of one tab weighs
 * on another's first load (ADR 004). The tab a link opens starts loading with the page itself,
 * next to the application's own request rather than after it.
 */
const once = <T,>(load: () => Promise<T>) => {
  let started: Promise<T> | null = null;
  return () => (started ??= load());
};
const loaders = {
  overview: once(async () => ({ default: (await import('./application-overview-tab')).OverviewTab })),
  representatives: once(async () => {
    const [module] = await Promise.all([
      import('../../features/representatives/components/representatives-tab'),
      loadNamespaces(['representatives']),
    ]);
    return { default: module.RepresentativesTab };
  }),
  documents: once(async () => {
    const [module] = await Promise.all([
      import('../../features/documents/components/documents-tab'),
      loadNamespaces(['documents']),
    ]);
    return { default: module.DocumentsTab };
  }),
};
const OverviewTab = lazy(loaders.overview);
const RepresentativesTab = lazy(loaders.representatives);
const DocumentsTab = lazy(loaders.documents);
if (typeof window !== 'undefined') {
  const linked = new URLSearchParams(window.location.search).get('tab') ?? 'overview';
  if (linked in loaders) void loaders[linked as keyof typeof loaders]();
}

const TABS: TabBodies = {
  overview: (application) => (
    <Suspense fallback={<PageLoader />}>
      <OverviewTab application={application} />
    </Suspense>
  ),
  representatives: (application) => (
    <Suspense fallback={<PageLoader />}>
      <RepresentativesTab application={application} />
    </Suspense>
  ),
  documents: (application) => (
    <Suspense fallback={<PageLoader />}>
      <DocumentsTab application={application} />
    </Suspense>
  ),
};

/** Application overview (route dashboardApplicationOverview, /dashboard/applications/:id). */
export function ApplicationOverviewPage() {
  const { id = '' } = useParams();
  return <ApplicationFrame applicationId={id} tabs={TABS} />;
}
