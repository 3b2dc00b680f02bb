import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountFields } from '../../../components/account-fields';
import { accountFormValidator, EMPTY_ACCOUNT_VALUES, type AccountFormValues } from '../../../lib/account-form';
import { useConfig, useFeature } from '../../../lib/config';
import { useCreateAccount } from '../../auth/api/create-account';

/**
 * The wizard's account creation (guests): the register form's fields; register, log in, and the
 * logged-out-only guard moves on to the result page, which creates the application. Passwords are
 * never stored with the wizard state.
 */
export function AccountCreationForm({ back, login }: { back: string; login: { to: string; state?: unknown } }) {
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

  const submit = form.onSubmit(async (values) => {
    await account.submit(await validator.parse(values), values, form);
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={submit} onFocus={validator.preload} noValidate>
        <Stack gap="md">
          <Text>{t('application:account.intro')}</Text>
          <AccountFields form={form} showMarketing={marketing} />
          <Group justify="space-between" mt="sm" wrap="wrap-reverse">
            <Button component={Link} to={back} variant="default">
              {t('wizard:actions.back')}
            </Button>
            <Button type="submit" loading={account.pending}>
              {t('application:account.submit')}
            </Button>
          </Group>
          <Text size="sm" ta="center">
            {t('auth:register.have_account')}{' '}
            <Anchor component={Link} to={login.to} state={login.state}>
              {t('auth:register.login_link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
