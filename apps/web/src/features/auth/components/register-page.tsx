import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountFields } from '../../../components/account-fields';
import { accountFormValidator, EMPTY_ACCOUNT_VALUES, type AccountFormValues } from '../../../lib/account-form';
import { useConfig, useFeature } from '../../../lib/config';
import { useCreateAccount } from '../api/create-account';
import { AuthLayout } from './auth-layout';

/**
 * Direct registration: same fields as the wizard's account creation. Whether or not the
 * registration call succeeds, the app then logs in with the same credentials (spec 1 section 4).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { partner } = useConfig();
  const marketing = useFeature('marketing_opt_in');
  const partnerTermsRequired = partner.parameters.is_partner_terms_required;
  const validator = useMemo(() => accountFormValidator(partnerTermsRequired), [partnerTermsRequired]);
  const account = useCreateAccount({ partnerTermsRequired, marketing });

  const form = useForm<AccountFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_ACCOUNT_VALUES,
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  // The logged-out-only guard moves on once the login succeeded.
  const submit = form.onSubmit(async (values) => {
    await account.submit(await validator.parse(values), values, form);
  });

  return (
    <AuthLayout title={t('auth:register.title')} intro={t('auth:register.intro')}>
      <form onSubmit={submit} onFocus={validator.preload} noValidate>
        <Stack gap="md">
          <AccountFields form={form} showMarketing={marketing} />
          <Button type="submit" loading={account.pending} fullWidth>
            {t('auth:register.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth:register.have_account')}{' '}
            <Anchor component={Link} to="/login">
              {t('auth:register.login_link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
