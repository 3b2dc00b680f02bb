import type { KycStep } from './representative-schemas.js';
import { isAtOrAfter } from './statuses.js';

/**
 * The signing steps of one representative (kyc_status, spec 2 section 3), computed from stored
 * data (issue 14, ADR 020): one rule for the API's answers, the pending items and the Signature
 * screen. Zod-free.
 */
export interface SignatureStepFacts {
  /** Willing to sign (is_contract_signatory): only signers have steps. */
  isSigner: boolean;
  /** A beneficial owner while the product requires guarantees: signs the guarantor contract too. */
  isGuarantor: boolean;
  hasTaxId: boolean;
  /** The partner identifies signers (an identification provider is set). */
  identRequired: boolean;
  /** An identification of the person completed (a provider's session, or marked by the back office). */
  identCompleted: boolean;
  /** The loan contract is signed online (through the provider's e-sign session). */
  loanSignatureOnline: boolean;
  /** The person's e-sign session completed (the loan contract signed). */
  loanSigned: boolean;
  guarantorSigning: 'online' | 'offline';
  /** The back office provided the guarantor contract. */
  guarantorContractProvided: boolean;
  /** The person's signed guarantor contract: linked (offline) or signed online. */
  guarantorContractSigned: boolean;
  sepaMandateAccepted: boolean;
  legalSignatureAccepted: boolean;
}

export type SignatureSteps = Partial<Record<KycStep, { is_required: boolean; is_completed: boolean }>>;

export function signatureSteps(f: SignatureStepFacts): SignatureSteps {
  if (!f.isSigner) return {};
  const step = (is_required: boolean, is_completed: boolean) => ({ is_required, is_completed });
  return {
    tax_id_specified: step(true, f.hasTaxId),
    ident_completed: step(f.identRequired, f.identCompleted),
    guarantor_contract_exist: step(f.isGuarantor, f.guarantorContractProvided),
    guarantor_contract_uploaded: step(f.isGuarantor && f.guarantorSigning === 'offline', f.guarantorContractSigned),
    loan_signature: step(f.loanSignatureOnline, f.loanSigned),
    sepa_mandate_accepted: step(true, f.sepaMandateAccepted),
    legal_signature_accepted: step(true, f.legalSignatureAccepted),
  };
}

/** The steps before the terms (step 4): the terms can be accepted once these are done. */
export const STEPS_BEFORE_TERMS: readonly KycStep[] = [
  'tax_id_specified',
  'ident_completed',
  'guarantor_contract_exist',
  'guarantor_contract_uploaded',
  'loan_signature',
];

/** The required steps still open, in the screen's order. */
export function openSteps(
  steps: SignatureSteps,
  only: readonly KycStep[] = Object.keys(steps) as KycStep[],
): KycStep[] {
  return only.filter((k) => steps[k]?.is_required && !steps[k]?.is_completed);
}

/** Every required step done (a non-signer is never complete: they have nothing to sign). */
export const stepsComplete = (steps: SignatureSteps) => Object.keys(steps).length > 0 && openSteps(steps).length === 0;

/** Invitations and reminders (ADR 020). */
export const INVITATION_VALID_DAYS_DEFAULT = 14;
export const REMINDER_FIRST_AFTER_DAYS = 5;
export const REMINDER_EVERY_DAYS = 2;
export const REMINDERS_STOP_AFTER_DAYS = 30;

/**
 * Is a reminder due? `firstInvitedAt` the first invitation, `lastReminderAt` the newest reminder
 * (null: none yet). First after 5 days, then every 2 days, none from day 30 on.
 */
export function reminderDue(now: Date, firstInvitedAt: Date, lastReminderAt: Date | null): boolean {
  const day = 86_400_000;
  const age = now.getTime() - firstInvitedAt.getTime();
  if (age < REMINDER_FIRST_AFTER_DAYS * day || age >= REMINDERS_STOP_AFTER_DAYS * day) return false;
  return !lastReminderAt || now.getTime() - lastReminderAt.getTime() >= REMINDER_EVERY_DAYS * day;
}

/**
 * The Signatures tab (spec 1 section 2): for the current user when they are an accepted signatory
 * with signing requirements and the application is at or after Signature. One rule for the tab and
 * for the pending items that lead there (someone without the tab is led to the representatives).
 */
export function hasSignaturesTab(application: {
  status: string;
  current_signatory: { invite_status: string; has_requirements: boolean } | null;
}): boolean {
  const signatory = application.current_signatory;
  return (
    signatory?.invite_status === 'accepted' &&
    signatory.has_requirements &&
    isAtOrAfter(application.status, 'Signature')
  );
}
