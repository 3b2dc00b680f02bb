import { z } from 'zod';
import { text } from './text.js';
import { customFieldEntry, customFieldInput } from './applications.js';
import { CREDIT_REPORT_PROVIDERS } from './constants.js';

export { CREDIT_REPORT_PROVIDERS, type CreditReportProvider } from './constants.js';

/**
 * The wire shapes of the representatives (signatories) of an application: GET/POST/PATCH/DELETE
 * /user/applications/{id}/signatories (spec 2 sections 3 and 7; ADR 014). Their rules are in
 * `representatives.ts`, their permissions in `representative-permissions.ts`.
 */

/** The representative's text fields (spec 2 section 3 "Signatory"), in form order. */
export const SIGNATORY_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'telephone',
  'position',
  'nationality',
  'birthdate',
  'taxid',
  'street',
  'street_number',
  'postcode',
  'location',
  'country',
] as const;

/** The yes/no questions of the role (the signatory flags); the main contact is a flag of its own. */
export const SIGNATORY_ROLE_FLAGS = [
  'is_beneficial_owner',
  'is_legal_signatory',
  'is_contract_signatory',
  'is_sole_signatory',
] as const;

/** The representative's fields as the client sends them (spec 2 section 3 "Signatory"), in form order. */
export const SIGNATORY_FIELDS = [
  ...SIGNATORY_TEXT_FIELDS,
  'is_beneficial_owner',
  'percentage_owned',
  'is_legal_signatory',
  'is_contract_signatory',
  'is_sole_signatory',
  'is_main_contact',
] as const;
export type SignatoryField = (typeof SIGNATORY_FIELDS)[number];

export const INVITE_STATUSES = ['not_invited', 'not_accepted', 'expired', 'accepted'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** The kyc_status steps of spec 2 section 3, each with is_required and is_completed. */
export const KYC_STEPS = [
  'tax_id_specified',
  'ident_completed',
  'guarantor_contract_uploaded',
  'guarantor_contract_exist',
  'loan_signature',
  'legal_signature_accepted',
  'sepa_mandate_accepted',
] as const;
export type KycStep = (typeof KYC_STEPS)[number];

export const SIGNATURE_STATUSES = ['NotCompleted', 'InProgress', 'Completed', 'Failed'] as const;

const optionalText = text().nullable().optional();
const optionalFlag = z.boolean().nullable().optional();

/**
 * One representative as POST and PATCH send it. The shape only (types); the rules are
 * `representativeIssues`, and `representativeSchema(context)` is this shape with them. Every field
 * may be missing or null: a PATCH sends what changes (the tax id alone, or the form), and the
 * form keeps unanswered yes/no questions as null. `birthdate` is YYYY-MM-DD; `percentage_owned` a
 * decimal (0.25 for 25 %).
 */
export const representativeInput = z.object({
  first_name: optionalText,
  last_name: optionalText,
  email: optionalText,
  telephone: optionalText,
  position: optionalText,
  nationality: optionalText,
  birthdate: optionalText,
  taxid: optionalText,
  street: optionalText,
  street_number: optionalText,
  postcode: optionalText,
  location: optionalText,
  country: optionalText,
  is_beneficial_owner: optionalFlag,
  percentage_owned: z.number().nullable().optional(),
  is_legal_signatory: optionalFlag,
  /** Willing to sign. */
  is_contract_signatory: optionalFlag,
  /** Can sign alone. */
  is_sole_signatory: optionalFlag,
  is_main_contact: optionalFlag,
  /**
   * The answers to the partner's signatory custom fields (scope signatory), in their stored form
   * (signatory-custom-fields.ts). A PATCH sends the changed ones: each replaces the stored value
   * of its field, a null value removes it.
   */
  custom_fields_list: z.array(customFieldInput).max(100).optional(),
});
export type RepresentativeInput = z.input<typeof representativeInput>;

/** What the rules read: the wire names; a form may hold '' for an empty text. */
export type RepresentativeValues = Partial<Record<SignatoryField, unknown>>;

/** POST /user/applications/{id}/signatories: `data`, a list of one representative (spec 2 section 7). */
export const addRepresentativeRequest = z.object({ data: z.array(representativeInput).length(1) });
export type AddRepresentativeRequest = z.input<typeof addRepresentativeRequest>;

/** PATCH /user/applications/{id}/signatories/{signatoryId}: the tax id alone, or fields with flags and contact. */
export const updateRepresentativeRequest = representativeInput;
export type UpdateRepresentativeRequest = z.input<typeof updateRepresentativeRequest>;

export const signatoryParams = z.object({ id: z.string().max(64), signatoryId: z.string().max(64) });

const kycStepState = z.object({ is_required: z.boolean(), is_completed: z.boolean() });

/** requirements of spec 2 section 3; the provider stays a string (an unknown one shows provider_error). */
export const signatoryRequirements = z.object({
  signature_provider: z.string().nullable(),
  signature_status: z.enum(SIGNATURE_STATUSES).nullable(),
  digital_signature_url: z.string().nullable(),
  guarantor_contract_url: z.string().nullable(),
  /** ISO 8601, UTC. */
  signature_completed_at: z.string().nullable(),
  is_video_id_required: z.boolean(),
  is_loan_signature_required: z.boolean(),
  is_ubo_signature_required: z.boolean(),
  required_other_documents: z.array(
    z.object({
      document_id: z.string(),
      document_type: z.string(),
      signing_method: z.enum(['online', 'offline']),
      is_signed: z.boolean(),
    }),
  ),
});
export type SignatoryRequirements = z.infer<typeof signatoryRequirements>;

/** A credit-report provider's score of the person (shown on the card, never required). */
export const creditScoreSchema = z.object({ provider: z.enum(CREDIT_REPORT_PROVIDERS), score: z.number() });
export type CreditScore = z.infer<typeof creditScoreSchema>;

/** A representative as GET answers it (spec 2 section 3 "Signatory"). */
export const signatorySchema = z.object({
  signatory_id: z.string(),
  application_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  position: z.string().nullable(),
  nationality: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthdate: z.string().nullable(),
  taxid: z.string().nullable(),
  street: z.string().nullable(),
  street_number: z.string().nullable(),
  postcode: z.string().nullable(),
  location: z.string().nullable(),
  country: z.string().nullable(),
  is_beneficial_owner: z.boolean().nullable(),
  /** A decimal: 0.25 is 25 %. */
  percentage_owned: z.number().nullable(),
  is_legal_signatory: z.boolean().nullable(),
  is_contract_signatory: z.boolean().nullable(),
  is_sole_signatory: z.boolean().nullable(),
  is_main_contact: z.boolean(),
  /**
   * True for the logged-in user's own card: linked to their account by an accepted invitation, or,
   * before anyone was invited, the card with their e-mail (ADR 021: a card is linked to an account
   * only by accepting its invitation).
   */
  is_current_actor: z.boolean(),
  invite_status: z.enum(INVITE_STATUSES),
  /** The invitation to sign: first sent, newest sent, and when the newest link expires; null before any. */
  invitation: z.object({ first_sent_at: z.string(), last_sent_at: z.string(), expires_at: z.string() }).nullable(),
  /** A guarantor (the one rule of ADR 021: a shareholder who signs, where the product needs guarantees). */
  is_guarantor: z.boolean(),
  kyc_status: z.partialRecord(z.enum(KYC_STEPS), kycStepState),
  requirements: signatoryRequirements.nullable(),
  credit_score: creditScoreSchema.nullable().optional(),
  /** The answers to the partner's signatory custom fields (scope signatory), stored per representative. */
  custom_fields_list: z.array(customFieldEntry),
});
export type Signatory = z.infer<typeof signatorySchema>;

/** GET /user/applications/{id}/signatories (spec 1 section 7). */
export const signatoriesResponse = z.object({
  signatories: z.array(signatorySchema),
  /** Beyond the spec: the partner's product requires guarantees (the guarantor list rule applies; ADR 014). */
  guarantees_required: z.boolean(),
});
export type SignatoriesResponse = z.infer<typeof signatoriesResponse>;

export const signatoryResponse = z.object({ signatory: signatorySchema });
export type SignatoryResponse = z.infer<typeof signatoryResponse>;

/** DELETE /user/applications/{id}/signatories/{signatoryId}: 204, no body. */
export const deletedResponse = z.null().describe('Deleted: no body');
