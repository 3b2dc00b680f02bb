/**
 * The codes that only the application dashboard shows (its routes and pending items). The web app
 * keeps their texts in the lazy `errors-dashboard` namespace, loaded with the dashboard pages, so
 * that /login and the wizard do not download them.
 */
export const DASHBOARD_ERROR_CODES = [
  // applications: permissions, submission and readiness (pending items)
  'err_status_change_not_allowed',
  'err_update_not_allowed',
  'err_application_not_ready',
  'err_no_bank_name',
  'err_no_iban',
  'err_invalid_iban',
  'err_company_tax_id_missing',
  'err_tax_ids_must_differ',
  'err_no_signatories',
  'err_application_signatories_sole_or_atleast_2',
  'err_share_percentage_greater_then_100',
  'err_signatory_data_missing',
  'err_signatory_without_tax_id',
  'err_identification_not_done',
  'err_sepa_mandate_not_accepted',
  'err_guarantor_contract_missing',
  'err_required_documents_missing',
  'err_debt_registry_missing',
  'err_documents_outdated',
  'err_finance_objects_missing',
  'err_factoring_details_missing',
  'err_factoring_debitors_missing',
  // field rules of the dashboard (contracts validators.ts): phone, German personal TIN
  'err_invalid_phone',
  'err_tin_length',
  'err_tin_not_numeric',
  'err_tin_starts_with_0',
  'err_tin_digit_repetition',
  'err_tin_check_digit',
  // representatives (contracts representatives.ts, ADR 014): field and list rules
  'err_birthdate_in_future',
  'err_person_not_adult',
  'err_main_contact_needs_email_and_phone',
  'err_beneficial_owner_share_too_small',
  'err_guarantors_share_too_small',
  // documents (contracts document-rules.ts, issue 11)
  'err_as_of_date_required',
  'err_invalid_upload_type',
  'err_file_empty',
  'err_file_too_large',
  'err_document_too_old',
  'err_file_content_mismatch',
  'err_file_encrypted',
  'err_archive_too_large',
  'err_document_duplicate',
  'err_upload_url_invalid',
  'err_upload_size_mismatch',
  'err_file_not_available',
  'err_upload_in_progress',
  'err_upload_quota_document_type',
  'err_upload_quota_application',
  'err_upload_quota_user',
  // finance objects (contracts finance-object-rules.ts, issue 12, ADR 016)
  'err_object_year_range',
  'err_object_count_range',
  'err_amount_above_price',
  'err_too_many_decimals',
  'err_finance_objects_max',
  'err_finance_objects_not_applicable',
  // factoring details and debtors (contracts factoring-rules.ts, debitor-rules.ts, issue 12, ADR 018)
  'err_factoring_not_applicable',
  'err_abroad_not_applicable',
  'err_cannot_exceed',
  'err_cannot_be_less_than',
  'err_company_id_required',
  'err_company_exists',
  'err_debitor_company_exists',
  'err_debitor_is_applicant',
  'err_factoring_debitors_max',
  'err_cover_provider_not_insurer',
  'err_cover_provider_id_missing',
  'err_cover_exists',
  'err_csv_invalid',
  'err_csv_columns_missing',
  'err_csv_too_many_rows',
  // appointments (contracts appointment-rules.ts, issue 12, ADR 017)
  'err_appointments_not_offered',
  'err_appointment_too_early',
  'err_appointment_too_far',
  'err_appointment_weekday_invalid',
  'err_appointment_holiday',
  'err_appointment_outside_hours',
  'err_appointment_minute_step',
  'err_appointment_offset_mismatch',
  'err_appointment_date_range',
  'err_appointment_slot_taken',
  'err_appointment_exists',
  'err_appointment_cancelled',
  // requests of the back office (contracts data-requests.ts, issue 13)
  'err_document_requested',
  'err_information_requested',
  'err_request_closed',
  // signatures (contracts signatures.ts, signature-steps.ts, issue 14, ADR 020)
  'err_signature_not_open',
  'err_signature_steps_incomplete',
  'err_signing_only_pdf',
  'err_signing_method_not_allowed',
  'err_provider_unknown',
  'err_ident_session_closed',
  'err_callback_signature_invalid',
  'err_callback_replayed',
  'err_document_not_linkable',
] as const;

/**
 * Every err_* code the API can send. The web app translates each as `be_error.<code>`
 * and shows the code itself when a translation is missing.
 */
const SHELL_ERROR_CODES = [
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
  /** change_password: the current password (field old_password) is wrong. */
  'err_invalid_current_password',
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
  // wizard fields
  'err_invalid_postcode',
  'err_invalid_tax_number',
  'err_invalid_tax_number_de',
  'err_invalid_tax_number_ch',
  'err_invalid_tax_number_at',
  'err_invalid_tax_number_pl',
  'err_review_company_name',
  'err_date_invalid',
  'err_date_too_early',
  'err_date_too_late',
  'err_pattern_mismatch',
  'err_custom_field_required',
  'err_company_not_found',
  // eligibility (offer engine)
  'err_company_country_not_allowed',
  'err_company_type_not_allowed',
  'err_company_age_not_allowed',
  'err_loan_type_not_allowed',
  'err_loan_amount_not_allowed',
  'err_loan_duration_not_allowed',
  'err_currency_not_allowed',
  'err_purpose_not_allowed',
  'err_factoring_limit_not_allowed',
  'err_annual_sales_not_allowed',
] as const;

/**
 * The codes only the back office shows (issue 13, ADR 019): staff login, four eyes, pricing. The
 * web app keeps their texts in the back office's own namespace.
 */
export const BACKOFFICE_ERROR_CODES = [
  'err_mfa_code_invalid',
  'err_approve_require_different_user',
  'err_no_pricing',
  'err_signatures_incomplete',
  'err_pricing_not_allowed',
  'err_interest_rate_required',
  'err_interest_rate_not_positive',
  'err_interest_rate_out_of_bounds',
  'err_transaction_fee_required',
  'err_transaction_fee_not_positive',
  'err_transaction_fee_out_of_bounds',
  'err_document_type_unknown',
  'err_document_already_rejected',
  'err_contrast_too_low',
  'err_nothing_to_publish',
  'err_version_not_found',
  'err_logo_not_found',
  'err_demo_adapter_not_allowed',
  'err_webhook_url_not_allowed',
] as const;

export type ErrorCode =
  (typeof SHELL_ERROR_CODES)[number] | (typeof DASHBOARD_ERROR_CODES)[number] | (typeof BACKOFFICE_ERROR_CODES)[number];

/**
 * Every err_* code the API can send. Joined by a call, not an array spread: the web build drops
 * a call it does not use (the contracts' initializers are marked pure), while a spread kept every
 * code in the boot chunk.
 */
export const ERROR_CODES: readonly ErrorCode[] = (SHELL_ERROR_CODES as readonly ErrorCode[]).concat(
  DASHBOARD_ERROR_CODES,
  BACKOFFICE_ERROR_CODES,
);

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
