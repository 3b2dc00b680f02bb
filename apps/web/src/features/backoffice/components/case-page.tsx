import type { CaseDetail, StaffProfile } from '@finportal/contracts/backoffice';
import { Anchor, Button, Container, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageTitle, useDocumentTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/http';
import { useCase } from '../api/get-case';
import { useQueueLink } from '../model/queue-link';
import { CaseHeader } from './case-header';
import { CaseTabs } from './case-tabs';
import { MoveStatusCard } from './move-status-card';
import { PricingCard } from './pricing-card';

/**
 * A case (`/backoffice/applications/:id`, issue 13): who has it and where it stands, the status
 * move and the final pricing beside everything the borrower entered, its history and audit trail.
 */
export function CasePage({ profile }: { profile: StaffProfile }) {
  const { id = '' } = useParams();
  const found = useCase(id);
  if (found.isPending) return <CaseSkeleton />;
  if (found.isError) return <CaseFailed error={found.error} retry={() => void found.refetch()} />;
  return <CaseView detail={found.data} profile={profile} />;
}

function CaseView({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'lg' }}>
      <CaseHeader detail={detail} profile={profile} />
      <Grid gap="lg" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <CaseTabs detail={detail} profile={profile} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <MoveStatusCard detail={detail} profile={profile} />
            <PricingCard detail={detail} profile={profile} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function CaseSkeleton() {
  const { t } = useTranslation(['backoffice']);
  useDocumentTitle(t('backoffice:case.title_loading'));
  return (
    <Container size="xl" py={{ base: 'md', sm: 'lg' }}>
      <LoadingSkeleton>
        <Skeleton height={20} width={160} />
        <Skeleton height={36} width="60%" />
        <Skeleton height={24} width="40%" />
        <Skeleton height={240} />
      </LoadingSkeleton>
    </Container>
  );
}

function CaseFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation(['backoffice']);
  const queue = useQueueLink();
  const notFound = isApiError(error) && error.status === 404;
  return (
    <Container size="sm" py="xl">
      <PageTitle title={notFound ? t('backoffice:case.not_found_title') : t('backoffice:case.failed_title')} />
      <Text mb="md">{notFound ? t('backoffice:case.not_found_text') : t('backoffice:case.failed_text')}</Text>
      <Group gap="md">
        {!notFound && (
          <Button variant="default" onClick={retry}>
            {t('backoffice:layout.retry')}
          </Button>
        )}
        <Anchor component={Link} to={queue}>
          {t('backoffice:case.back')}
        </Anchor>
      </Group>
    </Container>
  );
}
