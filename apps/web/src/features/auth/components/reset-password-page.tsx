import type * as AuthContracts from '@finportal/contracts/auth';
import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { translateErrorCode } from '../../../lib/i18n';
import { loadAuthSchemas } from '../../../lib/schemas';
import { lazySchemaValidator, reportFormError } from '../../../lib/zod-form';
import { useRecoverPassword } from '../api/recover-password';
import { AuthLayout } from './auth-layout';

const pickPassword = (m: typeof AuthContracts) => m.recoverRequest.pick({ password: true });

interface ResetValues {
  password: string;
  password_repeat: string;
}

/** Reset password (token from the e-mail): new password with repeat, then on to login. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const recover = useRecoverPassword();
  const validator = useMemo(
    () =>
      lazySchemaValidator<ReturnType<typeof pickPassword>, ResetValues>(
        () => loadAuthSchemas().then(pickPassword),
        (v) =>
          v.password_repeat !== v.password
            ? { password_repeat: translateErrorCode('err_password_repeat_invalid') }
            : {},
      ),
    [],
  );
  const form = useForm<ResetValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', password_repeat: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    recover.mutate(
      { password: values.password, token },
      { onError: (error) => reportFormError(form, error, ['password'], t('auth:reset.errors.reset_error')) },
    ),
  );

  return (
    <AuthLayout title={t('auth:reset.title')} intro={t('auth:reset.intro')}>
      <form onSubmit={submit} onFocus={validator.preload} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} label={t('auth:fields.new_password')} />
          <Button type="submit" loading={recover.isPending} fullWidth>
            {t('auth:reset.submit')}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            {t('auth:reset.request_new_link')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
