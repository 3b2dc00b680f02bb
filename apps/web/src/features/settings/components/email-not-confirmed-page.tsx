import { Alert, Anchor, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useReloadProfile } from '../../../lib/profile';
import { emailNotConfirmedStore } from '../../../lib/session-store';
import { useResendConfirmationEmail } from '../api/resend-confirmation-email';

/**
 * Shown instead of the content when a call failed with err_email_not_confirmed: resend the
 * confirmation e-mail, or reload the profile and retry (the content re-mounts and loads again).
 */
export function EmailNotConfirmedPage() {
  const { t } = useTranslation();
  const reloadProfile = useReloadProfile();
  const resend = useResendConfirmationEmail();

  const retry = async () => {
    await reloadProfile();
    emailNotConfirmedStore.set(false);
  };

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <PageTitle title={t('dashboard:email_not_confirmed.title')} mb={0} />
          <Text>{t('dashboard:email_not_confirmed.text')}</Text>
          {resend.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {t('dashboard:general.verification_email_send')}
            </Alert>
          )}
          {resend.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('dashboard:general.errors.something_went_wrong')}
            </Alert>
          )}
          <div>
            <Button onClick={() => resend.mutate()} loading={resend.isPending}>
              {t('dashboard:email_not_confirmed.resend')}
            </Button>
          </div>
          <Text size="sm">
            {t('dashboard:email_not_confirmed.already_confirmed')}{' '}
            <Anchor component="button" type="button" onClick={() => void retry()} inherit>
              {t('dashboard:email_not_confirmed.reload')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
