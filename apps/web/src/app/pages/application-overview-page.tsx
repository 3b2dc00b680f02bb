import type { Application } from '@finportal/contracts/applications';
import { hasSignaturesTab } from '@finportal/contracts/signature-steps';
import { isAtOrAfter, isClosedStatus } from '@finportal/contracts/statuses';
import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { CompanyInfoCard } from '../../features/applications/components/company-info-card';
import { OfferCard } from '../../features/applications/components/offer-card';
import { AppointmentBanner } from '../../features/appointments/components/appointment-banner';
import { BankInfoCard } from '../../features/bank-info/components/bank-info-card';
import { CustomFieldCards } from '../../features/custom-fields/components/custom-field-cards';
import { DataRequestsCard } from '../../features/data-requests/components/data-requests-card';
import { PendingItemsCard } from '../../features/pending-items/components/pending-items-card';
import { PageLoader } from '../../components/page-loader';
import { ApplicationFrame, type TabBodies } from '../../features/applications/components/application-frame';
import { loadNamespaces } from '../../lib/i18n';

/**
 * Overview tab (spec 2 section 2 "Overview"): pending items, the signers' progress for an applicant
 * who signs nothing (issue 24), the back office's questions with their answer forms (issue 13), the
 * indicative or final offer, appointment banner, company information,
 * custom fields, bank information. The cards open their modals from
 * the query (`?tab=overview&modal=tax_id`, `&modal=bankinfo`), which is where pending items link
 * to. A closed application (the frame says why it closed) has nothing to do: no pending items,
 * no offer, no appointment, no data requests.
 */
function OverviewTab({ application }: { application: Application }) {
  const closed = isClosedStatus(application.status);
  // The applicant who signs nothing follows the signers here (the Signatures tab is the signers').
  const followsSigners =
    !closed && application.is_owner && !hasSignaturesTab(application) && isAtOrAfter(application.status, 'Signature');
  return (
    <Stack gap="lg">
      {!closed && <PendingItemsCard application={application} />}
      {followsSigners && (
        <Suspense fallback={<PageLoader />}>
          <SignersOverview application={application} />
        </Suspense>
      )}
      {!closed && <DataRequestsCard application={application} />}
      {!closed && <OfferCard application={application} />}
      {!closed && <AppointmentBanner application={application} />}
      <CompanyInfoCard application={application} />
      <CustomFieldCards application={application} />
      <BankInfoCard application={application} />
    </Stack>
  );
}

/**
 * The Representatives, Documents, Objects, Factoring and Signatures tabs are chunks of their own, loaded with their texts when the
 * tab is first shown (the shell's spinner meanwhile, then the tab's own skeleton while its data
 * loads): nothing of them weighs on the overview's first load (ADR 004). The tab a link opens
 * starts loading with the page itself, next to the application's own request rather than after
 * it. (The overview's cards stay in the page's chunk: split off, the bundler re-cut the chunks
 * shared with the wizard, and the first wizard step went over its budget.)
 */
const once = <T,>(load: () => Promise<T>) => {
  let started: Promise<T> | null = null;
  return () => (started ??= load());
};
const loaders = {
  representatives: once(async () => {
    const [module] = await Promise.all([
      import('../../features/representatives/components/representatives-tab'),
      // The cards show each signer's invitation and signature in the signatures' texts.
      loadNamespaces(['representatives', 'signatures']),
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
  objects: once(async () => {
    const [module] = await Promise.all([
      import('../../features/finance-objects/components/finance-objects-tab'),
      loadNamespaces(['objects']),
    ]);
    return { default: module.FinanceObjectsTab };
  }),
  factoring: once(async () => {
    const [module] = await Promise.all([
      import('../../features/factoring/components/factoring-tab'),
      loadNamespaces(['factoring']),
    ]);
    return { default: module.FactoringTab };
  }),
  signatures: once(async () => {
    const [module] = await Promise.all([
      import('../../features/signatures/components/signatures-tab'),
      loadNamespaces(['signatures']),
    ]);
    return { default: module.SignaturesTab };
  }),
};
const RepresentativesTab = lazy(loaders.representatives);
const SignersOverview = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/signatures/components/signers-overview'),
    loadNamespaces(['signatures']),
  ]);
  return { default: module.SignersOverview };
});
const DocumentsTab = lazy(loaders.documents);
const FinanceObjectsTab = lazy(loaders.objects);
const FactoringTab = lazy(loaders.factoring);
const SignaturesTab = lazy(loaders.signatures);
if (typeof window !== 'undefined') {
  const linked = new URLSearchParams(window.location.search).get('tab') ?? '';
  if (linked in loaders) void loaders[linked as keyof typeof loaders]();
}

const TABS: TabBodies = {
  overview: (application) => <OverviewTab application={application} />,
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
  objects: (application) => (
    <Suspense fallback={<PageLoader />}>
      <FinanceObjectsTab application={application} />
    </Suspense>
  ),
  factoring: (application) => (
    <Suspense fallback={<PageLoader />}>
      <FactoringTab application={application} />
    </Suspense>
  ),
  signatures: (application) => (
    <Suspense fallback={<PageLoader />}>
      <SignaturesTab application={application} />
    </Suspense>
  ),
};

/** Application overview (route dashboardApplicationOverview, /dashboard/applications/:id). */
export function ApplicationOverviewPage() {
  const { id = '' } = useParams();
  return <ApplicationFrame applicationId={id} tabs={TABS} />;
}
