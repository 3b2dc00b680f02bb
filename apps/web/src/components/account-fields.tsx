import { EMAIL_MAX } from '@finportal/contracts/constants';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AccountFormValues } from '../lib/account-form';
import { ConsentFields } from './consent-fields';
import { NewPasswordFields } from './new-password-fields';
import { TextField } from './text-field';

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
      <TextField
        label={t('auth:fields.email')}
        type="email"
        maxLength={EMAIL_MAX}
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <NewPasswordFields form={form} />
      <ConsentFields form={form} showMarketing={showMarketing} />
    </>
  );
}
