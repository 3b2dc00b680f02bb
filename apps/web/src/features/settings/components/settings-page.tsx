import type { Profile } from '@finportal/contracts/auth';
import { EMAIL_NOT_CONFIRMED } from '@finportal/contracts/errors';
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PasswordField } from '../../../components/password-field';
import { SupportContact } from '../../../components/support-contact';
import { useConfig, useFeature } from '../../../lib/config';
import { isApiError } from '../../../lib/http';
import { isEmailVerified, useProfile } from '../../../lib/profile';
import { loadAuthSchemas } from '../../../lib/schemas';
import { lazySchemaValidator, reportFormError } from '../../../lib/zod-form';
import { useChangePassword } from '../api/change-password';
import { useResendConfirmationEmail } from '../api/resend-confirmation-email';
import { useUpdateMarketingPreferences } from '../api/update-marketing-preferences';
import { useLanguageSwitch } from '../model/use-language-switch';

function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Settings (spec 1 section 2): e-mail, password, language, marketing consent, account deletion. */
export function SettingsPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const marketing = useFeature('marketing_opt_in');

  return (
    <Page title={t('settings:title')}>
      {profile.data ? (
        <Stack gap="lg">
          <EmailCard profile={profile.data} />
          <PasswordCard />
          <LanguageCard profile={profile.data} />
          {marketing && <MarketingCard profile={profile.data} />}
          <DeleteAccountCard />
        </Stack>
      ) : (
        <PageLoader />
      )}
    </Page>
  );
}

const needsConfirmedEmail = (error: unknown) => isApiError(error) && error.code === EMAIL_NOT_CONFIRMED;

/**
 * A settings call answered err_email_not_confirmed: said here, at its form, with the resend link
 * (the settings page is never replaced by the e-mail-not-confirmed page: what was typed stays).
 */
function NeedsConfirmation() {
  const { t } = useTranslation();
  const resend = useResendConfirmationEmail({ toasts: true });
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="needs-confirmation">
      {t('settings:email.needs_confirmation')}{' '}
      <Anchor component="button" type="button" onClick={() => resend.mutate()} disabled={resend.isPending} inherit>
        {t('settings:email.resend')}
      </Anchor>
    </Alert>
  );
}

function EmailCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const resend = useResendConfirmationEmail({ toasts: true });
  const verified = isEmailVerified(profile);
  return (
    <SettingsCard title={t('settings:email.title')}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {profile.email}
        </Text>
        {verified ? (
          <Badge color="green" variant="light" leftSection={<CheckIcon width={12} height={12} />}>
            {t('settings:email.verified')}
          </Badge>
        ) : (
          <Badge color="orange" variant="light">
            {t('settings:email.not_verified')}
          </Badge>
        )}
      </Group>
      {!verified && (
        <Text size="sm" mt="sm">
          {t('settings:email.not_verified_text')}{' '}
          <Anchor component="button" type="button" onClick={() => resend.mutate()} disabled={resend.isPending} inherit>
            {t('settings:email.resend')}
          </Anchor>
        </Text>
      )}
    </SettingsCard>
  );
}

interface PasswordValues {
  old_password: string;
  new_password: string;
  new_password_repeat: string;
}

function PasswordCard() {
  const { t } = useTranslation();
  const validator = useMemo(
    () =>
      lazySchemaValidator(
        () => loadAuthSchemas().then((m) => m.changePasswordRequest),
        (v: PasswordValues) =>
          v.new_password_repeat !== v.new_password ? { new_password_repeat: t('settings:password.mismatch') } : {},
      ),
    [t],
  );
  const form = useForm<PasswordValues>({
    mode: 'uncontrolled',
    initialValues: { old_password: '', new_password: '', new_password_repeat: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });
  const change = useChangePassword();
  const submit = form.onSubmit((values) =>
    change.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => form.reset(),
        onError: (error) => {
          if (needsConfirmedEmail(error)) return;
          reportFormError(form, error, ['old_password', 'new_password'], t('settings:password.error'));
        },
      },
    ),
  );
  return (
    <SettingsCard title={t('settings:password.title')}>
      <form onSubmit={submit} onFocus={validator.preload} noValidate>
        <Stack gap="sm" maw={420}>
          <PasswordField
            label={t('settings:password.current')}
            autoComplete="current-password"
            required
            key={form.key('old_password')}
            {...form.getInputProps('old_password')}
          />
          <PasswordField
            label={t('settings:password.new')}
            description={t('auth:fields.password_rules')}
            autoComplete="new-password"
            required
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordField
            label={t('settings:password.repeat')}
            autoComplete="new-password"
            required
            key={form.key('new_password_repeat')}
            {...form.getInputProps('new_password_repeat')}
          />
          {needsConfirmedEmail(change.error) && <NeedsConfirmation />}
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('settings:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function LanguageCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { app } = useConfig();
  const switchLanguage = useLanguageSwitch();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <SettingsCard title={t('settings:language.title')}>
      <Stack gap="xs" maw={420}>
        <NativeSelect
          label={t('settings:language.label')}
          value={app.languages.supported.includes(current as never) ? current : app.languages.default}
          onChange={(e) => void switchLanguage(e.currentTarget.value)}
          data={app.languages.supported.map((code) => ({ value: code, label: t(`common:language_names.${code}`) }))}
        />
        {!isEmailVerified(profile) && (
          <Text size="sm" c="dimmed">
            {t('settings:language.local_only')}
          </Text>
        )}
      </Stack>
    </SettingsCard>
  );
}

function MarketingCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { partner } = useConfig();
  const update = useUpdateMarketingPreferences();
  const checked = update.isPending
    ? (update.variables?.marketing_consent_accepted ?? false)
    : profile.marketing_consent_accepted;
  return (
    <SettingsCard title={t('settings:marketing.title')}>
      <Stack gap="sm">
        <Switch
          checked={checked}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ marketing_consent_accepted: e.currentTarget.checked })}
          label={t('settings:marketing.label', { partner: partner.parameters.display_name })}
        />
        {needsConfirmedEmail(update.error) && <NeedsConfirmation />}
      </Stack>
    </SettingsCard>
  );
}

function DeleteAccountCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings:delete.title')}>
      <Text mb="sm">{t('settings:delete.text')}</Text>
      <SupportContact />
    </SettingsCard>
  );
}
