import { Alert, Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import type { Namespace } from '../../../lib/i18n';
import { useStaffProfile } from '../api/get-me';
import { BackofficeLayout, BackofficeNotFound } from './backoffice-layout';
import { CasePage } from './case-page';
import { ConsoleRoute } from './console/console-route';
import { QueuePage } from './queue-page';
import { StaffLogin } from './staff-login';

/**
 * The texts the back office shows: its own, its error codes, and the borrower's labels it reuses
 * so that staff read what the borrower read (statuses, pending items, fields, document types).
 */
const TEXTS = [
  'backoffice',
  'errors-backoffice',
  'errors-dashboard',
  'dashboard',
  'overview',
  'application',
  'bank-info',
  'representatives',
  'documents',
  'objects',
  'factoring',
  'appointments',
  'console',
] as const satisfies readonly Namespace[];

/**
 * `/backoffice/*` (issue 13): the staff login while there is no staff session (GET /backoffice/me
 * answers 401), else the queue (`/backoffice`) or a case (`/backoffice/applications/:id`), in the
 * back office's own layout. Outside the borrower's shell: a borrower session changes nothing here.
 */
export function BackofficeApp() {
  useTranslation(TEXTS);
  const profile = useStaffProfile();
  if (profile.isPending) {
    return (
      <BackofficeLayout profile={null}>
        <PageLoader />
      </BackofficeLayout>
    );
  }
  if (profile.isError) return <ProfileFailed retry={() => void profile.refetch()} />;
  const staff = profile.data;
  return (
    <BackofficeLayout profile={staff}>
      {staff === null ? (
        <StaffLogin />
      ) : (
        <Routes>
          <Route index element={<QueuePage profile={staff} />} />
          <Route path="applications/:id" element={<CasePage profile={staff} />} />
          <Route path="console" element={<ConsoleRoute profile={staff} />} />
          <Route path="*" element={<BackofficeNotFound />} />
        </Routes>
      )}
    </BackofficeLayout>
  );
}

/** GET /backoffice/me failed for another reason than a missing session (network, server). */
function ProfileFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation(['backoffice']);
  return (
    <BackofficeLayout profile={null}>
      <Container size="xs" py="xl">
        <Alert color="red" title={t('backoffice:layout.unavailable_title')}>
          {t('backoffice:layout.unavailable_text')}
          <Button mt="sm" variant="default" onClick={retry} display="block">
            {t('backoffice:layout.retry')}
          </Button>
        </Alert>
      </Container>
    </BackofficeLayout>
  );
}
