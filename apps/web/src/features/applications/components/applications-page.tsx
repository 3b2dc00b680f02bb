import { Button, Card, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { useConfig } from '../../../lib/config';
import { Link } from 'react-router';

/** My loans. Placeholder until the applications-list issue; it is already the landing page after login. */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const { app } = useConfig();
  return (
    <Page title={t('dashboard:applications.title')} size="lg">
      <Card withBorder radius="md" padding="lg">
        <Text>{t('dashboard:applications.placeholder')}</Text>
        {app.user_create_application && (
          <Group mt="md">
            <Button component={Link} to="/application/loan-info">
              {t('dashboard:applications.new_loan')}
            </Button>
          </Group>
        )}
      </Card>
    </Page>
  );
}
