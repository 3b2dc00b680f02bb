import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorPage } from '../../../components/error-page';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useAuth } from '../../../lib/session-store';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * E-mail confirmation: POST confirm_email/{code} on mount. Success: a button to the applications
 * list (logged in) or to login. Failure: error page + something_went_wrong toast. When logged in
 * the profile is reloaded afterwards (emailVerified changes); `useConfirmEmail` owns toast and reload.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { confirmationCode = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const result = useConfirmEmail(confirmationCode);

  if (result.isPending) return <PageLoader />;
  if (result.isError) {
    return <ErrorPage title={t('auth:confirm.error_title')} subtitle={t('auth:confirm.error_subtitle')} />;
  }
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <PageTitle title={t('auth:confirm.success_title')} mb={0} />
          <Alert color="green" variant="light" role="status">
            {t('auth:confirm.success_text', { email: result.data.email })}
          </Alert>
          {isAuthenticated ? (
            <Button component={Link} to="/dashboard/applications">
              {t('auth:confirm.to_applications')}
            </Button>
          ) : (
            <Button component={Link} to="/login">
              {t('auth:confirm.to_login')}
            </Button>
          )}
          <Text size="sm" c="dimmed">
            {t('auth:confirm.hint')}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
