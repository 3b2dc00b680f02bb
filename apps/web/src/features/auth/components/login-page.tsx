import type { LoginRequest } from '@finportal/contracts/auth';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { errorMessages, showErrorToast } from '../../../lib/http';
import { loadAuthSchemas } from '../../../lib/schemas';
import { lazySchemaValidator } from '../../../lib/zod-form';
import { useLogin } from '../api/login';
import { AuthLayout } from './auth-layout';

/**
 * Login (spec 1 section 2). On success the flag is set and the profile loaded; the logged-out-only
 * guard then sends the user to the return path (router state urlToRedirect / confirmationToken),
 * to the application result for ?application=true, or to the applications list.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const login = useLogin();
  const validator = useMemo(() => lazySchemaValidator(() => loadAuthSchemas().then((m) => m.loginRequest)), []);
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    const error = await login.submit(await validator.parse(values));
    if (error) {
      for (const message of errorMessages(error)) showErrorToast(message, t('auth:login.errors.login_error'));
    }
  });

  return (
    <AuthLayout title={t('auth:login.title')}>
      <form onSubmit={submit} onFocus={validator.preload} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth:fields.email')}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('auth:fields.password')}
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth:login.forgot_password')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.pending} fullWidth>
            {t('auth:login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth:login.no_account')}{' '}
            <Anchor component={Link} to="/register" state={location.state}>
              {t('auth:login.register_link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
