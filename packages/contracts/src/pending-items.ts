import { z } from 'zod';

/**
 * Pending items (spec 1 section 4, spec 1 section 7 `next_status_validate`): what is still
 * missing before the application can move to its next status. The API computes them from the
 * real state of the application; the partner file decides which checks apply per product.
 */

/** The steps of spec 1 section 4; each pending action belongs to one, and each step is one check. */
export const PENDING_STEPS = [
  'email_verification',
  'bank_information',
  'company_tin',
  'representatives',
  'representative_data',
  'documents',
  'debt_register',
  'objects',
  'signature',
  'factoring',
  /** Information the back office asked for (issue 13): answered on the overview. */
  'requests',
] as const;
export type PendingStep = (typeof PENDING_STEPS)[number];

/** Pending actions (what the API reports) and the step each belongs to. */
export const PENDING_ACTION_STEP = {
  email_verification: 'email_verification',
  bank_information: 'bank_information',
  company_tin: 'company_tin',
  /** No signatories yet, or neither a sole signatory nor at least two signatories. */
  signatories_specified: 'representatives',
  /** Signatories miss required data; hidden while signatories_specified is pending. */
  signatories_minimum_data: 'representative_data',
  required_documents: 'documents',
  debt_register: 'debt_register',
  finance_objects: 'objects',
  signatory_tax_ids: 'signature',
  identification_completed: 'signature',
  payment_mandate_accepted: 'signature',
  guarantor_contract_uploaded: 'signature',
  factoring_details: 'factoring',
  /** Documents the back office asked for or rejected (issue 13; values: the document types). */
  requested_documents: 'documents',
  /** Information the back office asked for (issue 13; values: the request ids). */
  requested_information: 'requests',
} as const satisfies Record<string, PendingStep>;
export type PendingActionName = keyof typeof PENDING_ACTION_STEP;
export const PENDING_ACTIONS = Object.keys(PENDING_ACTION_STEP) as PendingActionName[];

/** Where a step is fixed: the overview tab (and which modal), another tab, or the settings page. */
export const STEP_TARGET: Record<PendingStep, { tab: string; modal?: 'bankinfo' | 'tax_id' } | { page: 'settings' }> = {
  email_verification: { page: 'settings' },
  bank_information: { tab: 'overview', modal: 'bankinfo' },
  company_tin: { tab: 'overview', modal: 'tax_id' },
  representatives: { tab: 'representatives' },
  representative_data: { tab: 'representatives' },
  documents: { tab: 'documents' },
  debt_register: { tab: 'documents' },
  objects: { tab: 'objects' },
  signature: { tab: 'signatures' },
  factoring: { tab: 'factoring' },
  requests: { tab: 'overview' },
};

export const pendingErrorSchema = z.object({
  code: z.string(),
  /** Ids the error is about: signatory ids, document types, field names. */
  values: z.array(z.string()),
});
export type PendingError = z.infer<typeof pendingErrorSchema>;

export const pendingActionSchema = z.object({
  action: z.enum(PENDING_ACTIONS as [PendingActionName, ...PendingActionName[]]),
  step: z.enum(PENDING_STEPS),
  errors: z.array(pendingErrorSchema),
  next_status: z.string().nullable(),
});
export type PendingAction = z.infer<typeof pendingActionSchema>;

/** GET /user/applications/{id}/next_status_validate */
export const nextStatusValidateResponse = z.object({
  pending_actions: z.array(pendingActionSchema),
  /** The status a submission moves to; null when the borrower has no next step. */
  next_status: z.string().nullable(),
});
export type NextStatusValidateResponse = z.infer<typeof nextStatusValidateResponse>;

/** Checks that apply when the partner file names none (per product, `pending_items.by_product` overrides). */
export const DEFAULT_PENDING_CHECKS: readonly PendingStep[] = [
  'email_verification',
  'bank_information',
  'company_tin',
  'representatives',
  'representative_data',
  'documents',
  'objects',
  'signature',
  'factoring',
];

// The factoring step's fields are judged by `factoringDetailsIssues` (factoring-rules.ts, ADR 018).

/** The document type the debt-register check looks for, and its default maximum age in days. */
export const DEBT_REGISTER_DOCUMENT_TYPE = 'debt_register';
export const DEBT_REGISTER_MAX_AGE_DAYS = 14;

/** Signatory fields that the representative-data check requires (spec 2 section 5, tax id optional). */
export const SIGNATORY_REQUIRED_FIELDS = [
  'first_name',
  'last_name',
  'nationality',
  'birthdate',
  'street',
  'street_number',
  'postcode',
  'location',
  'country',
  'is_beneficial_owner',
  'is_legal_signatory',
] as const;
