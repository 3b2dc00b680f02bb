import type { ResetRequest } from '@finportal/contracts/auth';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAuthSchemas } from '../../../lib/schemas';
import { lazySchemaValidator } from '../../../lib/zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from './auth-layout';
import { Link } from 'react-router';

/** Forgot password: e-mail; the same success text whether or not an account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const reset = useRequestPasswordReset();
  const validator = useMemo(() => lazySchemaValidator(() => loadAuthSchemas().then((m) => m.resetRequest)), []);
  const form = useForm<ResetRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => reset.mutate(await validator.parse(values)));

  return (
    <AuthLayout title={t('auth:forgot.title')} intro={reset.isSuccess ? undefined : t('auth:forgot.intro')}>
      {reset.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" variant="light" title={t('auth:forgot.success_title')} role="status">
            {t('auth:forgot.success')}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('auth:back_to_login')}
          </Anchor>
        </Stack>
      ) : (
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
            <Button type="submit" loading={reset.isPending} fullWidth>
              {t('auth:forgot.submit')}
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('auth:back_to_login')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
