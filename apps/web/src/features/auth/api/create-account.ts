import type { RegisterRequest } from '@finportal/contracts/auth';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_FIELDS, type AccountFormValues } from '../../../lib/account-form';
import { showErrorToast } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { reportFormError } from '../../../lib/zod-form';
import { completeLogin, login } from './login';
import { register } from './register';

interface FormLike {
  setFieldError: (path: string, error: string) => void;
}

/**
 * Account creation (direct registration and the wizard): POST /user/users, then log in with the
 * same credentials whether or not the registration call succeeded (spec 1 section 4). Field errors
 * of the registration go on the form. Resolves to true when the user is logged in afterwards.
 */
export function useCreateAccount(options: { partnerTermsRequired: boolean; marketing: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const { partnerTermsRequired, marketing } = options;

  const submit = useCallback(
    async (
      account: Pick<RegisterRequest, 'email' | 'password' | 'accepted_terms'>,
      values: AccountFormValues,
      form: FormLike,
    ) => {
      setPending(true);
      const language = currentLanguage();
      const body: RegisterRequest = {
        email: account.email,
        password: account.password,
        accepted_terms: account.accepted_terms,
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
          ACCOUNT_FIELDS,
          t('auth:register.errors.registration_error'),
          t('auth:register.errors.check_fields'),
        );
      }
      try {
        await login({ email: account.email, password: values.password });
        await completeLogin();
        return true;
      } catch {
        showErrorToast(t('auth:login.errors.login_wrong_email_or_password'));
        return false;
      } finally {
        setPending(false);
      }
    },
    [partnerTermsRequired, marketing, t],
  );

  return { submit, pending };
}
