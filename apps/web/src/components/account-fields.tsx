import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AccountFormValues } from '../lib/account-form';
import { ConsentFields } from './consent-fields';
import { PasswordField } from './password-field';

/**
 * E-mail, password, repeat and the consents: the fields of the direct registration and of the
 * wizard's account creation (spec 1 section 2).
 */
export function AccountFields({
  form,
  showMarketing,
}: {
  form: UseFormReturnType<AccountFormValues>;
  showMarketing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
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
      <ConsentFields form={form} showMarketing={showMarketing} />
    </>
  );
}
