import { Anchor, Breadcrumbs, Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../../components/page';

/** Application overview (route dashboardApplicationOverview). Placeholder until its own issue. */
export function ApplicationOverviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Page title={t('dashboard:overview.title', { id })} size="lg">
      <Breadcrumbs mb="md" aria-label={t('dashboard:overview.breadcrumb_label')}>
        <Anchor component={Link} to="/dashboard/applications">
          {t('dashboard:overview.breadcrumb_loans')}
        </Anchor>
        <Text span>{id}</Text>
      </Breadcrumbs>
      <Card withBorder radius="md" padding="lg">
        <Text>{t('dashboard:overview.placeholder')}</Text>
      </Card>
    </Page>
  );
}
