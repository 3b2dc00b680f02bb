import type * as AuthContracts from '@finportal/contracts/auth';
import type { Language } from '@finportal/contracts/constants';
import { Button, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useConfig } from '../../../lib/config';
import { currentLanguage, translateErrorCode } from '../../../lib/i18n';
import { loadAuthSchemas } from '../../../lib/schemas';
import { lazySchemaValidator, reportFormError } from '../../../lib/zod-form';
import { useAcceptInvite } from '../api/accept-invite';
import { AuthLayout } from './auth-layout';
import { ConsentFields } from '../../../components/consent-fields';

const pickInviteFields = (m: typeof AuthContracts) =>
  m.inviteAcceptRequest.pick({ password: true, accepted_terms: true });

interface InviteValues {
  password: string;
  password_repeat: string;
  accepted_terms: boolean;
  accepted_partner_terms: boolean;
  interface_language: Language;
  communication_language: Language;
}

const FIELDS = [
  'password',
  'password_repeat',
  'accepted_terms',
  'accepted_partner_terms',
  'interface_language',
  'communication_language',
];

/** Invitation acceptance: password + repeat, terms, languages; the API logs the user in on success. */
export function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { app, partner } = useConfig();
  const partnerTermsRequired = partner.parameters.is_partner_terms_required;
  const invite = useAcceptInvite();
  const initialLanguage = app.languages.supported.includes(currentLanguage())
    ? currentLanguage()
    : app.languages.default;

  const validator = useMemo(
    () =>
      lazySchemaValidator<ReturnType<typeof pickInviteFields>, InviteValues>(
        () => loadAuthSchemas().then(pickInviteFields),
        (v) =>
          v.password_repeat !== v.password
            ? { password_repeat: translateErrorCode('err_password_repeat_invalid') }
            : {},
        (v) =>
          partnerTermsRequired && !v.accepted_partner_terms
            ? { accepted_partner_terms: translateErrorCode('err_partner_terms_not_accepted') }
            : {},
      ),
    [partnerTermsRequired],
  );
  const form = useForm<InviteValues>({
    mode: 'controlled',
    initialValues: {
      password: '',
      password_repeat: '',
      accepted_terms: false,
      accepted_partner_terms: false,
      interface_language: initialLanguage,
      communication_language: initialLanguage,
    },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    const error = await invite.submit({
      password: values.password,
      token,
      accepted_terms: true, // validated above (must be ticked)
      accepted_partner_terms: partnerTermsRequired ? values.accepted_partner_terms : false,
      interface_language: values.interface_language,
      communication_language: values.communication_language,
    });
    if (error) {
      reportFormError(
        form,
        error,
        FIELDS,
        t('auth:invite.errors.invite_error'),
        t('auth:register.errors.check_fields'),
      );
    }
  });

  const languageOptions = app.languages.supported.map((code) => ({
    value: code,
    label: t(`common:language_names.${code}`),
  }));

  return (
    <AuthLayout
      title={t('auth:invite.title')}
      intro={t('auth:invite.intro', { partner: partner.parameters.display_name })}
    >
      <form onSubmit={submit} onFocus={validator.preload} noValidate>
        <Stack gap="md">
          <NewPasswordFields form={form} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              label={t('auth:fields.interface_language')}
              data={languageOptions}
              key={form.key('interface_language')}
              {...form.getInputProps('interface_language')}
            />
            <NativeSelect
              label={t('auth:fields.communication_language')}
              data={languageOptions}
              key={form.key('communication_language')}
              {...form.getInputProps('communication_language')}
            />
          </SimpleGrid>
          <ConsentFields form={form} showMarketing={false} />
          <Button type="submit" loading={invite.pending} fullWidth>
            {t('auth:invite.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
