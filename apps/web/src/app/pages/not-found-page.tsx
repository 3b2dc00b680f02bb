import { Anchor, Button, Card, Center, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { RichText } from '../../components/rich-text';
import { useOptionalConfig } from '../../lib/config';
import { Link } from 'react-router';

/**
 * Not-found page. With the partner config loaded it lives inside the shell (header, footer) and offers
 * "create an application" and the text's "start a new loan" (both only when users may create
 * applications: spec 1 section 2), "my loans" and "home"; before config it is a bare card.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const config = useOptionalConfig();
  if (!config) return <BareNotFound />;
  const canCreate = config.app.user_create_application;
  const newLoanPath = config.app.is_dynamic_form ? '/application/new' : '/application/loan-info';
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }} data-testid="not-found">
      <Stack gap="md">
        <PageTitle title={t('common:not_found.title')} mb={0} />
        <Text size="lg">{t('common:not_found.subtitle')}</Text>
        <Text>
          <RichText
            text={canCreate ? t('common:not_found.text') : t('common:not_found.text_no_create')}
            components={{
              ...(canCreate ? { newLoan: <Anchor component={Link} to={newLoanPath} /> } : {}),
              myLoans: <Anchor component={Link} to="/dashboard/applications" />,
            }}
          />
        </Text>
        <Group gap="sm">
          {canCreate && (
            <Button component={Link} to={newLoanPath}>
              {t('common:not_found.create_application')}
            </Button>
          )}
          <Button component={Link} to="/" variant={canCreate ? 'outline' : 'filled'}>
            {t('common:not_found.home')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** Before (or without) partner configuration: a bare card, no header, no footer. */
export function BareNotFound() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="md">
      <Card withBorder shadow="sm" radius="md" p="xl" maw={480} w="100%" data-testid="not-found">
        <Stack gap="sm">
          <PageTitle title={t('common:not_found.title')} mb={0} />
          <Text>{t('common:not_found.bare_subtitle')}</Text>
        </Stack>
      </Card>
    </Center>
  );
}
