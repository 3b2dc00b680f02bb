import { Container, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';
import { SupportContact } from './support-contact';

/**
 * Generic error page (spec 1 section 2): title, the HTTP status as 'error code' when there is one,
 * two subtitle lines, the support phone and a mailto link.
 */
export function ErrorPage({ status, title, subtitle }: { status?: number | null; title?: string; subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <PageTitle title={title ?? t('common:error_page.title')} mb={0} />
          {status ? <Text fw={600}>{t('common:error_page.error_code', { code: status })}</Text> : null}
          <Text>{subtitle ?? t('common:error_page.subtitle_1')}</Text>
          <Text>{t('common:error_page.subtitle_2')}</Text>
          <SupportContact />
        </Stack>
      </Paper>
    </Container>
  );
}
