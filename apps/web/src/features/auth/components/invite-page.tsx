import type * as AuthContracts from '@finportal/contracts/auth';
import type { InviteAcceptResponse } from '@finportal/contracts/auth';
import type { Language } from '@finportal/contracts/constants';
import type { InvitationInfoResponse } from '@finportal/contracts/signatures';
import { Alert, Anchor, Button, Loader, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConsentFields } from '../../../components/consent-fields';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { useConfig } from '../../../lib/config';
import { currentLanguage, translateErrorCode } from '../../../lib/i18n';
import { loadAuthSchemas } from '../../../lib/schemas';
import { lazySchemaValidator, reportFormError } from '../../../lib/zod-form';
import { useAcceptInvite } from '../api/accept-invite';
import { useInvitation } from '../api/get-invitation';
import { AuthLayout } from './auth-layout';

const pickInviteFields = (m: typeof AuthContracts) =>
  m.inviteAcceptRequest.pick({ password: true, accepted_terms: true });
/** An existing account's password is checked by the server only (no new-password rules here). */
const pickLoginFields = (m: typeof AuthContracts) =>
  m.loginRequest.pick({ password: true }).extend(m.inviteAcceptRequest.pick({ accepted_terms: true }).shape);

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

type ValidInvitation = Extract<InvitationInfoResponse, { status: 'valid' }>;

/**
 * Invitation acceptance (spec 1 section 2; issue 14, ADR 020). The page first asks the API what
 * the link is: a valid invitation shows who invites the person for which company, the invited
 * e-mail (read only), and password + repeat, terms and languages; where an account with that
 * e-mail exists, only its password and the terms. An expired link says that the applicant or the
 * advisor can send a new one; a used or unknown one offers the login. On success the person is
 * logged in and lands on the application they were invited to (a plain account invitation: the
 * applications list).
 */
export function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  if (invitation.status === 'loading') {
    return (
      <AuthLayout title={t('auth:invite.title')}>
        <Loader aria-label={t('auth:invite.loading')} role="status" />
      </AuthLayout>
    );
  }
  if (invitation.status === 'valid') return <InviteForm token={token} invitation={invitation} />;
  const expired = invitation.status === 'expired';
  const failed = invitation.status === 'failed';
  return (
    <AuthLayout title={t(expired ? 'auth:invite.expired_title' : 'auth:invite.invalid_title')}>
      <Stack gap="md">
        <Alert color={expired ? 'yellow' : 'red'} variant="light" role="alert">
          {t(expired ? 'auth:invite.expired' : failed ? 'auth:invite.load_failed' : 'auth:invite.invalid')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('auth:back_to_login')}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}

function InviteForm({ token, invitation }: { token: string; invitation: ValidInvitation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { app, partner } = useConfig();
  const existing = invitation.account_exists;
  const partnerTermsRequired = partner.parameters.is_partner_terms_required;
  // Logged in: a signing invitation goes on to its application (else the guard's applications list).
  const onAccepted = useCallback(
    async (response: InviteAcceptResponse) => {
      // A signer lands on their signing steps (the Signatures tab; the frame shows the overview
      // where the tab is not theirs yet).
      if (response.application_id) {
        await navigate(`/dashboard/applications/${response.application_id}?tab=signatures`, { replace: true });
      }
    },
    [navigate],
  );
  const invite = useAcceptInvite(onAccepted);
  const initialLanguage = app.languages.supported.includes(currentLanguage())
    ? currentLanguage()
    : app.languages.default;

  const validator = useMemo(
    () =>
      lazySchemaValidator<ReturnType<typeof pickInviteFields> | ReturnType<typeof pickLoginFields>, InviteValues>(
        () => loadAuthSchemas().then((m) => (existing ? pickLoginFields(m) : pickInviteFields(m))),
        (v) =>
          !existing && v.password_repeat !== v.password
            ? { password_repeat: translateErrorCode('err_password_repeat_invalid') }
            : {},
        (v) =>
          partnerTermsRequired && !v.accepted_partner_terms
            ? { accepted_partner_terms: translateErrorCode('err_partner_terms_not_accepted') }
            : {},
      ),
    [partnerTermsRequired, existing],
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
  const intro = invitation.company_name
    ? t('auth:invite.intro_signing', {
        inviter: invitation.inviter_name ?? invitation.company_name,
        company: invitation.company_name,
        shortId: invitation.short_application_id ?? '',
        partner: partner.parameters.display_name,
      })
    : t('auth:invite.intro', { partner: partner.parameters.display_name });

  return (
    <AuthLayout title={t('auth:invite.title')} intro={intro}>
      <form onSubmit={submit} onFocus={validator.preload} noValidate>
        <Stack gap="md">
          <TextInput label={t('auth:fields.email')} value={invitation.email} readOnly autoComplete="username" />
          {existing ? (
            <>
              <Alert color="blue" variant="light">
                {t('auth:invite.existing_account')}
              </Alert>
              <PasswordField
                label={t('auth:fields.password')}
                autoComplete="current-password"
                required
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
            </>
          ) : (
            <>
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
            </>
          )}
          <ConsentFields form={form} showMarketing={false} />
          <Button type="submit" loading={invite.pending} fullWidth>
            {t(existing ? 'auth:invite.submit_existing' : 'auth:invite.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
