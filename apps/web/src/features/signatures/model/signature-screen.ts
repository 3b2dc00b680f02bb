import type { UploadExtension } from '@finportal/contracts/documents';
import type { KycStep } from '@finportal/contracts/representative-schemas';
import { isIdentProvider, signatureStatusOf, type SignatureStatus } from '@finportal/contracts/signature-providers';
import { openSteps, STEPS_BEFORE_TERMS, stepsComplete } from '@finportal/contracts/signature-steps';
import type { RequirementsResponse } from '@finportal/contracts/signatures';

/**
 * The Signature screen's rules (spec 2 section 2), pure: which of the four steps show, which are
 * done, which are locked and why, and when the terms can be submitted. The kyc_status steps come
 * from the API (contracts signature-steps.ts computes them there); this only arranges them.
 */
export const SCREEN_STEPS = ['tax_id', 'identity', 'agreements', 'terms'] as const;
export type ScreenStep = (typeof SCREEN_STEPS)[number];

/** The kyc_status steps each screen step completes. */
const STEP_KYC: Record<ScreenStep, readonly KycStep[]> = {
  tax_id: ['tax_id_specified'],
  identity: ['ident_completed', 'loan_signature'],
  agreements: ['guarantor_contract_exist', 'guarantor_contract_uploaded'],
  terms: ['sepa_mandate_accepted', 'legal_signature_accepted'],
};

/** The document type of the guarantor contract the back office provides (documents' type list). */
export const GUARANTOR_CONTRACT_TYPE = 'guarantor_contract';
/** The signed scan of the guarantor contract as the person uploads it (ADR 020, offline). */
export const GUARANTOR_CONTRACT_SIGNED_TYPE = 'guarantor_contract_signed';
/** What the offline upload accepts: the scan as a PDF or an image. */
export const SCAN_EXTENSIONS = ['pdf', 'jpg', 'png'] as const satisfies readonly UploadExtension[];
export const SCAN_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export interface StepState {
  step: ScreenStep;
  /** 1-based among the visible steps. */
  number: number;
  done: boolean;
  /** An earlier visible step is still open: this one waits (the earliest such step is named). */
  lockedBy: ScreenStep | null;
}

const required = (r: RequirementsResponse, k: KycStep) => r.kyc_status[k]?.is_required === true;
const completed = (r: RequirementsResponse, k: KycStep) => r.kyc_status[k]?.is_completed === true;

/** Other documents to sign, apart from the guarantor contract (which has its own block). */
export function otherDocuments(r: RequirementsResponse) {
  return r.requirements.required_other_documents.filter((d) => d.document_type !== GUARANTOR_CONTRACT_TYPE);
}

/** The guarantor contract is signed online, in the provider's session of step 2. */
export function onlineGuarantorContract(r: RequirementsResponse): boolean {
  return required(r, 'guarantor_contract_exist') && !required(r, 'guarantor_contract_uploaded');
}

/** The guarantor contract is signed on paper and uploaded (step 3). */
export function offlineGuarantorContract(r: RequirementsResponse): boolean {
  return required(r, 'guarantor_contract_uploaded');
}

/** The visibility rules of spec 2 section 2, in order. */
export function isStepShown(step: ScreenStep, r: RequirementsResponse): boolean {
  switch (step) {
    case 'tax_id':
      return required(r, 'tax_id_specified') && !stepsComplete(r.kyc_status);
    case 'identity':
      return (
        required(r, 'ident_completed') ||
        r.requirements.is_video_id_required ||
        required(r, 'loan_signature') ||
        otherDocuments(r).some((d) => d.signing_method === 'online') ||
        onlineGuarantorContract(r)
      );
    case 'agreements':
      return offlineGuarantorContract(r) || otherDocuments(r).some((d) => d.signing_method === 'offline');
    case 'terms':
      return required(r, 'legal_signature_accepted') && required(r, 'sepa_mandate_accepted');
  }
}

/** A step's own work is done: its required kyc steps, and its documents signed. */
export function isStepDone(step: ScreenStep, r: RequirementsResponse): boolean {
  const kycOpen = openSteps(r.kyc_status, STEP_KYC[step]).length > 0;
  if (kycOpen) return false;
  const docs = otherDocuments(r);
  if (step === 'identity') {
    if (onlineGuarantorContract(r) && !completed(r, 'guarantor_contract_exist')) return false;
    return docs.every((d) => d.signing_method !== 'online' || d.is_signed);
  }
  if (step === 'agreements') return docs.every((d) => d.signing_method !== 'offline' || d.is_signed);
  return true;
}

/** The visible steps, numbered, each done or locked by the earliest open step before it. */
export function screenSteps(r: RequirementsResponse): StepState[] {
  const shown = SCREEN_STEPS.filter((step) => isStepShown(step, r));
  const states: StepState[] = [];
  let firstOpen: ScreenStep | null = null;
  shown.forEach((step, index) => {
    const done = isStepDone(step, r);
    states.push({ step, number: index + 1, done, lockedBy: firstOpen });
    if (!done && firstOpen === null) firstOpen = step;
  });
  return states;
}

/**
 * The terms can be submitted: every required step before the terms is complete (kyc_status), and
 * every other document is signed. The checkboxes are checked on submit (the codes of the server).
 */
export function canSubmitTerms(r: RequirementsResponse): boolean {
  return (
    openSteps(r.kyc_status, STEPS_BEFORE_TERMS).length === 0 &&
    screenSteps(r)
      .filter((s) => s.step !== 'terms')
      .every((s) => s.done)
  );
}

/** Everything required is done (the success panel), or the server recorded the completion. */
export function signingComplete(r: RequirementsResponse): boolean {
  return r.requirements.signature_completed_at !== null || stepsComplete(r.kyc_status);
}

/** The identity check's status: the requirements' own, else the newest session's. */
export function identityStatus(r: RequirementsResponse): SignatureStatus {
  return r.requirements.signature_status ?? signatureStatusOf(r.ident?.status ?? null);
}

/** Poll while the provider works on the check (InProgress), and nothing is complete yet. */
export function shouldPoll(r: RequirementsResponse | undefined): boolean {
  return !!r && identityStatus(r) === 'InProgress' && !signingComplete(r);
}

/** The provider as the screen treats it: a known one, `manual`, or unknown (provider_error). */
export function providerKind(r: RequirementsResponse): 'online' | 'manual' | 'unknown' | 'none' {
  const name = r.requirements.signature_provider;
  if (name === null) return 'none';
  if (!isIdentProvider(name)) return 'unknown';
  return name === 'manual' ? 'manual' : 'online';
}
