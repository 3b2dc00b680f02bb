import type { StaffProfile } from '@finportal/contracts/backoffice';
import { Anchor, Container, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../../components/page-loader';
import { PageTitle } from '../../../../components/page-title';

/** The console in a lazy chunk of its own: the queue and the case page do not download it. */
const ConsolePage = lazy(() => import('./console-page').then((m) => ({ default: m.ConsolePage })));

/**
 * `/backoffice/console` (issue 13): the portal settings of the host's partner, for staff with
 * partner.read (partner admins and the operator's staff); others are told it is not theirs.
 */
export function ConsoleRoute({ profile }: { profile: StaffProfile }) {
  if (!profile.permissions.includes('partner.read')) return <ConsoleNotAllowed />;
  return (
    <Suspense fallback={<PageLoader />}>
      <ConsolePage profile={profile} />
    </Suspense>
  );
}

function ConsoleNotAllowed() {
  const { t } = useTranslation(['console', 'backoffice']);
  return (
    <Container size="sm" py="xl">
      <PageTitle title={t('console:not_allowed.title')} />
      <Text mb="md">{t('console:not_allowed.text')}</Text>
      <Anchor component={Link} to="/backoffice">
        {t('backoffice:not_found.to_queue')}
      </Anchor>
    </Container>
  );
}
