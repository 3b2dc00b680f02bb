import { z } from 'zod';
import { text } from './text.js';
import { INVITE_STATUSES, KYC_STEPS, signatoryRequirements } from './representative-schemas.js';
import { IDENT_KINDS, IDENT_PROVIDERS, IDENT_STATUSES } from './signature-providers.js';

export { signaturesConfigSchema, type SignaturesConfig } from './signatures-config.js';

/**
 * Invitations, identification and signatures (issue 14, ADR 020; spec 2 sections 2, 3, 4 and 7):
 * the wire of the representative's signing steps, the applicant's view of who has signed, the
 * invitation page, the provider callbacks and the signing records.
 */

const kycStepState = z.object({ is_required: z.boolean(), is_completed: z.boolean() });

/** The person's newest identification or e-sign session. */
export const identSessionSchema = z.object({
  session_id: z.string(),
  provider: z.enum(IDENT_PROVIDERS),
  kind: z.enum(IDENT_KINDS),
  status: z.enum(IDENT_STATUSES),
  /** Where the person continues with the provider (null once the session is final). */
  url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IdentSession = z.infer<typeof identSessionSchema>;

/**
 * GET /user/applications/{id}/signatories/{signatoryId}/requirements (polled every 10 s), and the
 * answer of the calls that change a step. Only the person themselves (the accepted signatory) reads
 * their own; the applicant reads the overview (GET …/signatures).
 */
export const requirementsResponse = z.object({
  signatory_id: z.string(),
  application_id: z.string(),
  invite_status: z.enum(INVITE_STATUSES),
  kyc_status: z.partialRecord(z.enum(KYC_STEPS), kycStepState),
  requirements: signatoryRequirements,
  ident: identSessionSchema.nullable(),
  /** The representatives who sign, by name, for the confirmation modal. */
  signers: z.array(z.object({ signatory_id: z.string(), name: z.string() })),
});
export type RequirementsResponse = z.infer<typeof requirementsResponse>;

/** PATCH …/signatories/{signatoryId}/requirements: step 4, the terms (spec 2 section 7). */
export const acceptTermsRequest = z.object({
  signatory_id: text().max(64),
  application_id: text().max(64),
  sepa_mandate_accepted: z.boolean(),
  legal_signature_accepted: z.boolean(),
});
export type AcceptTermsRequest = z.input<typeof acceptTermsRequest>;

/** POST /user/applications/{id}/signatories_requirements/{signatoryId}/video_idents: starts (or continues) the session. */
export const videoIdentResponse = identSessionSchema;
export type VideoIdentResponse = z.infer<typeof videoIdentResponse>;

/** PATCH …/signatories/{signatoryId}/signed_document: links the signed copy to the unsigned document. */
export const signedDocumentRequest = z.object({
  unsigned_doc_id: text().max(64),
  signed_doc_id: text().max(64),
});
export type SignedDocumentRequest = z.input<typeof signedDocumentRequest>;

/** GET /user/applications/{id}/loan_contract: the newest loan contract the back office provided (404 before). */
export const loanContractResponse = z.object({
  document_id: z.string(),
  document_name: z.string(),
  download_url: z.string(),
  /** The signed contract (every signer's signature), once all have signed. */
  is_signed: z.boolean(),
});
export type LoanContractResponse = z.infer<typeof loanContractResponse>;

/** One signed document: who, when, from where, through what, and the document's hash before and after. */
export const signingRecordSchema = z.object({
  id: z.string(),
  signatory_id: z.string(),
  signer_name: z.string(),
  document_id: z.string(),
  document_type: z.string(),
  signed_document_id: z.string().nullable(),
  provider: z.string(),
  method: z.enum(['online', 'offline']),
  signed_at: z.string(),
  ip: z.string().nullable(),
  sha256_before: z.string(),
  sha256_after: z.string().nullable(),
});
export type SigningRecord = z.infer<typeof signingRecordSchema>;
export const signingRecordsResponse = z.object({ records: z.array(signingRecordSchema) });
export type SigningRecordsResponse = z.infer<typeof signingRecordsResponse>;

/** GET /user/applications/{id}/signatures: the applicant's view of who has signed and who is missing. */
export const signaturesOverviewResponse = z.object({
  signers: z.array(
    z.object({
      signatory_id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      invite_status: z.enum(INVITE_STATUSES),
      /** When the newest invitation expires (null: none open). */
      invitation_expires_at: z.string().nullable(),
      signature_status: z.enum(['NotCompleted', 'InProgress', 'Completed', 'Failed']),
      signature_completed_at: z.string().nullable(),
      /** The applicant themselves (never invited: they sign as the account holder). */
      is_applicant: z.boolean(),
    }),
  ),
  all_signed: z.boolean(),
});
export type SignaturesOverviewResponse = z.infer<typeof signaturesOverviewResponse>;

/** POST /user/applications/{id}/signatories/{signatoryId}/invitation (applicant) and the back office's twin: a new invitation. */
export const invitationResponse = z.object({
  signatory_id: z.string(),
  invite_status: z.enum(INVITE_STATUSES),
  expires_at: z.string(),
});
export type InvitationResponse = z.infer<typeof invitationResponse>;

/** GET /user/account/invite/{token}: what the invitation page shows (one answer for used and unknown tokens). */
export const invitationInfoResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('valid'),
    /** The invited e-mail, which becomes the account's. */
    email: z.string(),
    /** An account with this e-mail exists at the partner: the person logs in with its password to accept. */
    account_exists: z.boolean(),
    /** Null for a plain account invitation (no application). */
    company_name: z.string().nullable(),
    short_application_id: z.string().nullable(),
    inviter_name: z.string().nullable(),
    expires_at: z.string(),
  }),
  z.object({ status: z.literal('expired') }),
  z.object({ status: z.literal('invalid') }),
]);
export type InvitationInfoResponse = z.infer<typeof invitationInfoResponse>;

/** The demo provider's callback body (POST /api/signatures/callbacks/{provider}), signed with the shared secret. */
export const providerCallbackBody = z.object({
  event_id: z.string().min(8).max(100),
  session_ref: z.string().min(8).max(100),
  /** The provider's own status name (contracts signature-providers.ts PROVIDER_STATUS_MAP). */
  status: z.string().min(1).max(60),
  occurred_at: z.string().max(40),
});
export type ProviderCallbackBody = z.infer<typeof providerCallbackBody>;
