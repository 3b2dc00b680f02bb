import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

interface NewPasswordValues {
  password: string;
  password_repeat: string;
}

/**
 * A new password with its rules and the repeat field: registration, the wizard's account
 * creation, invitation acceptance and password reset all ask for it the same way.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  label,
}: {
  form: UseFormReturnType<T>;
  /** Label of the first field (default "Password"; the reset page says "New password"). */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label ?? t('auth:fields.password')}
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
    </>
  );
}
