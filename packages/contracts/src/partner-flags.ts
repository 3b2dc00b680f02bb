/** Entitlements and public features of a partner (zod-free: the borrower's first routes read them). */
export const ENTITLEMENTS = [
  'customized_pricing',
  'whitelabeled_user_branding',
  'customized_application_amounts',
  'partner_application_create',
  'company_research',
  'partner_loan_applications',
  'wl_partner_application_account_management',
] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

/** Public feature names a partner can switch on (spec 1 section 3 "features"). */
export const FEATURES = ['marketing_opt_in', 'signatory_documents_online', 'appointments'] as const;
