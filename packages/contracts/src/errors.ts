/**
 * Every err_* code the API can send. The web app translates each as `be_error.<code>`
 * and shows the code itself when a translation is missing.
 */
export const ERROR_CODES = [
  // generic
  'err_validation_failed',
  'err_required',
  'err_invalid_value',
  'err_too_short',
  'err_too_long',
  'err_too_small',
  'err_too_big',
  'err_invalid_email',
  'err_invalid_characters',
  'err_not_found',
  'err_entity_not_found',
  'err_no_permission',
  'err_unauthorized',
  'err_too_many_requests',
  'err_internal',
  'err_bad_origin',
  'err_unsupported_media_type',
  // auth
  'err_invalid_credentials',
  'err_entity_disabled',
  'err_entity_deleted',
  'err_entity_locked',
  'err_session_expired',
  'err_token_expired',
  'err_token_used',
  'err_token_invalid',
  'err_password_too_short',
  'err_password_too_long',
  'err_password_too_simple',
  'err_password_repeat_invalid',
  'err_password_same_as_old',
  'err_email_conflict',
  'err_email_not_confirmed',
  'err_email_already_confirmed',
  'err_terms_not_accepted',
  'err_partner_terms_not_accepted',
  'err_language_not_supported',
  'err_feature_not_active',
  'err_partner_not_found',
  // applications (later issues)
  'err_status_change_not_allowed',
  'err_update_not_allowed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code that the web client turns into the e-mail-not-confirmed page. */
export const EMAIL_NOT_CONFIRMED: ErrorCode = 'err_email_not_confirmed';
/** The code that the web client shows once, then stays silent. */
export const SESSION_EXPIRED: ErrorCode = 'err_session_expired';

export interface ApiErrorItem {
  code: string;
  field?: string;
  values?: Record<string, string | number>;
}

export interface ApiErrorBody {
  errors: ApiErrorItem[];
}
