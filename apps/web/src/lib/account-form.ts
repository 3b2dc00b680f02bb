import { translateErrorCode } from './i18n';
import { loadAuthSchemas } from './schemas';
import { lazySchemaValidator } from './zod-form';

/** The account-creation form (direct registration and the wizard's account step). */
export interface AccountFormValues {
  email: string;
  password: string;
  password_repeat: string;
  accepted_terms: boolean;
  accepted_partner_terms: boolean;
  marketing_consent_accepted: boolean;
}

export const ACCOUNT_FIELDS = [
  'email',
  'password',
  'password_repeat',
  'accepted_terms',
  'accepted_partner_terms',
  'marketing_consent_accepted',
];

export const EMPTY_ACCOUNT_VALUES: AccountFormValues = {
  email: '',
  password: '',
  password_repeat: '',
  accepted_terms: false,
  accepted_partner_terms: false,
  marketing_consent_accepted: false,
};

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
