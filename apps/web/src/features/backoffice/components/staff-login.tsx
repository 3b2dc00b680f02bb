import { staffLoginRequest, type StaffLoginRequest } from '@finportal/contracts/backoffice';
import { Alert, Button, Container, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { PasswordField } from '../../../components/password-field';
import { isApiError, itemMessages } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import { applyServerErrors, zodValidate } from '../../../lib/zod-form';
import { useStaffLogin } from '../api/login';
import { useStaffSessionNotice } from '../api/staff-session';

const FIELDS = ['email', 'password', 'code'] as const;

/** What the login says about a refused attempt (field errors go on their fields). */
function loginFailure(error: unknown, form: { setFieldError: (path: string, error: string) => void }): string | null {
  if (!isApiError(error) || error.errors.length === 0) return i18n.t('common:request-failed');
  // One answer for any wrong part, so that the password alone cannot be tried (ADR 019).
  if (error.hasCode('err_invalid_credentials')) return i18n.t('backoffice:login.invalid');
  const rest = applyServerErrors(form, error, FIELDS);
  return rest.length ? itemMessages(rest).join(' ') : null;
}

/**
 * The staff login (issue 13): e-mail, password and the current code of the authenticator app.
 * Each field says what is wrong with it; a refused login says so above the button and keeps
 * everything typed (a new code is needed only when the old one has been used or has expired).
 */
export function StaffLogin() {
  const { t } = useTranslation(['backoffice']);
  const notice = useStaffSessionNotice();
  const login = useStaffLogin();
  const form = useForm<StaffLoginRequest>({
    initialValues: { email: '', password: '', code: '' },
    validate: zodValidate(staffLoginRequest),
    validateInputOnBlur: true,
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit((values) => {
    setFailure(null);
    login.mutate(staffLoginRequest.parse(values), { onError: (error) => setFailure(loginFailure(error, form)) });
  });

  return (
    <Container size="xs" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <PageTitle title={t('backoffice:login.title')} />
        <Text size="sm" mb="md">
          {t('backoffice:login.intro')}
        </Text>
        {notice === 'expired' && (
          <Alert color="yellow" mb="md" title={t('backoffice:login.expired_title')}>
            {t('backoffice:login.expired_text')}
          </Alert>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('backoffice:login.email')}
              type="email"
              autoComplete="username"
              required
              {...form.getInputProps('email')}
            />
            <PasswordField
              label={t('backoffice:login.password')}
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <TextInput
              label={t('backoffice:login.code')}
              description={t('backoffice:login.code_hint')}
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              {...form.getInputProps('code')}
              onChange={(event) => form.setFieldValue('code', event.currentTarget.value.replace(/\s+/g, ''))}
            />
            {failure && (
              <Alert color="red" role="alert" title={t('backoffice:login.failed')}>
                {failure}
              </Alert>
            )}
            <Button type="submit" loading={login.isPending} fullWidth>
              {t('backoffice:login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
