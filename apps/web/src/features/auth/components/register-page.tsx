import type { RegisterRequest } from '@finportal/contracts/auth';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useConfig, useFeature } from '../../../lib/config';
import { showErrorToast } from '../../../lib/http';
import { currentLanguage, translateErrorCode } from '../../../lib/i18n';
import { loadAuthSchemas } from '../../../lib/schemas';
import { lazySchemaValidator, reportFormError } from '../../../lib/zod-form';
import { completeLogin, login } from '../api/login';
import { register } from '../api/register';
import { AuthLayout } from './auth-layout';
import { ConsentFields } from './consent-fields';
import { Link } from 'react-router';

export interface AccountFormValues {
  email: string;
  password: string;
  password_repeat: string;
  accepted_terms: boolean;
  accepted_partner_terms: boolean;
  marketing_consent_accepted: boolean;
}

const FIELDS = [
  'email',
  'password',
  'password_repeat',
  'accepted_terms',
  'accepted_partner_terms',
  'marketing_consent_accepted',
];

/** The account fields of POST /user/users (languages come from the interface). */
export const loadAccountSchema = () =>
  loadAuthSchemas().then((m) => m.registerRequest.omit({ interface_language: true, communication_language: true }));

/** Validation of the account-creation form: contract schema + repeat + partner terms when required. */
export function accountFormValidator(partnerTermsRequired: boolean) {
  return lazySchemaValidator<Awaited<ReturnType<typeof loadAccountSchema>>, AccountFormValues>(
    loadAccountSchema,
    (v) =>
      v.password_repeat !== v.password ? { password_repeat: translateErrorCode('err_password_repeat_invalid') } : {},
    (v) =>
      partnerTermsRequired && !v.accepted_partner_terms
        ? { accepted_partner_terms: translateErrorCode('err_partner_terms_not_accepted') }
        : {},
  );
}

/**
 * Direct registration: same fields as the wizard's account creation. Whether or not the
 * registration call succeeds, the app then logs in with the same credentials (spec 1 section 4).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { partner } = useConfig();
  const marketing = useFeature('marketing_opt_in');
  const partnerTermsRequired = partner.parameters.is_partner_terms_required;
  const [pending, setPending] = useState(false);
  const validator = useMemo(() => accountFormValidator(partnerTermsRequired), [partnerTermsRequired]);

  const form = useForm<AccountFormValues>({
    mode: 'controlled',
    initialValues: {
      email: '',
      password: '',
      password_repeat: '',
      accepted_terms: false,
      accepted_partner_terms: false,
      marketing_consent_accepted: false,
    },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    setPending(true);
    const account = await validator.parse(values);
    const language = currentLanguage();
    const body: RegisterRequest = {
      ...account,
      accepted_partner_terms: partnerTermsRequired ? values.accepted_partner_terms : false,
      marketing_consent_accepted: marketing ? values.marketing_consent_accepted : false,
      interface_language: language,
      communication_language: language,
    };
    try {
      await register(body);
    } catch (error) {
      reportFormError(
        form,
        error,
        FIELDS,
        t('auth:register.errors.registration_error'),
        t('auth:register.errors.check_fields'),
      );
    }
    try {
      await login({ email: account.email, password: values.password });
      await completeLogin();
    } catch {
      showErrorToast(t('auth:login.errors.login_wrong_email_or_password'));
    } finally {
      setPending(false);
    }
  });

  return (
    <AuthLayout title={t('auth:register.title')} intro={t('auth:register.intro')}>
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
            description={t('auth:fields.password_rules')}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('auth:fields.password_repeat')}
            autoComplete="new-password"
            required
            key={form.key('password_repeat')}
            {...form.getInputProps('password_repeat')}
          />
          <ConsentFields form={form} showMarketing={marketing} />
          <Button type="submit" loading={pending} fullWidth>
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
