import type { BackofficePermission } from '../backoffice-permissions.js';
import { displayGroup, isAtOrAfter, isClosedStatus, type RawStatus } from '../statuses.js';
import type { AvailableMove, WorkflowRefusalCode } from './workflow.js';

/**
 * Who may do what to an application, when (issue 24, ADR 021), beside the status moves of
 * workflow.ts: the windows in which staff price, work contracts, invite and identify; the
 * capabilities the case page receives; what the borrower may change (allowed_updates) and do
 * (actions). The API enforces these functions and sends their results; the screens render what
 * they receive and import a predicate only where a form must judge before it calls. Zod-free.
 */

// ---------------------------------------------------------------------------------------------
// When: the windows of the application's life
// ---------------------------------------------------------------------------------------------

/** The final pricing is set while the case is under review, until the borrower accepted the offer. */
export function pricingOpen(status: string): boolean {
  return displayGroup(status) === 'in_review' && !isAtOrAfter(status, 'Offer_Accepted');
}

/** The loan contract and the guarantee agreement are made or replaced under review and at Signature. */
export function contractsOpen(status: string): boolean {
  return ['in_review', 'waiting_for_signatures'].includes(displayGroup(status));
}

/**
 * Signers are invited when the application reaches Signature (one invitation each, by the
 * workflow's follower); a new link is sent only at Signature. Nobody is contacted before the
 * borrower accepted the offer (spec 2 section 2, representatives).
 */
export function invitationsOpen(status: string): boolean {
  return status === 'Signature';
}

/** Staff mark an identification done by hand once the offer is accepted, until signing ends. */
export function identificationOpen(status: string): boolean {
  return ['Offer_Accepted', 'Final_Sales_Check', 'Signature'].includes(status);
}

/**
 * Staff correct a representative's e-mail (which revokes their open invitation) while the case is
 * under review or at Signature.
 */
export function contactCorrectionOpen(status: string): boolean {
  return ['in_review', 'waiting_for_signatures'].includes(displayGroup(status));
}

/** The signing calls answer from Signature on; they change something only at Signature. */
export function signingReadable(status: string): boolean {
  return ['waiting_for_signatures', 'in_review_after_signature', 'signed', 'paid_out'].includes(displayGroup(status));
}
export function signingOpen(status: string): boolean {
  return status === 'Signature';
}

/** The back office asks the borrower for documents or information until the case is closed or paid out. */
export function requestsOpen(status: string): boolean {
  return !isClosedStatus(status) && status !== 'Paid_Out';
}

// ---------------------------------------------------------------------------------------------
// Staff: the case page's capabilities
// ---------------------------------------------------------------------------------------------

export const CASE_CAPABILITIES = [
  'can_move',
  'can_price',
  'can_assign',
  'can_request',
  'can_work_contracts',
  'can_change_visibility',
  'can_invite',
  'can_identify',
  'can_correct_contact',
  'can_read_audit',
] as const;
export type CaseCapability = (typeof CASE_CAPABILITIES)[number];
export type CaseCapabilities = Record<CaseCapability, boolean>;

/**
 * What a staff member may do on a case now: their role's permission and the window of the case's
 * status. `can_move` says only that the person may move cases; which moves are open now is
 * `allowed_transitions`.
 */
export function caseCapabilities(permissions: readonly BackofficePermission[], status: string): CaseCapabilities {
  const has = (p: BackofficePermission) => permissions.includes(p);
  return {
    can_move: has('cases.status'),
    can_price: has('cases.pricing') && pricingOpen(status),
    can_assign: has('cases.assign'),
    can_request: has('cases.request') && requestsOpen(status),
    can_work_contracts: has('cases.documents') && contractsOpen(status),
    can_change_visibility: has('cases.documents'),
    can_invite: has('cases.signatures') && invitationsOpen(status),
    can_identify: has('cases.signatures') && identificationOpen(status),
    can_correct_contact: has('cases.signatures') && contactCorrectionOpen(status),
    can_read_audit: has('audit.read'),
  };
}

// ---------------------------------------------------------------------------------------------
// The borrower: what they may change and do
// ---------------------------------------------------------------------------------------------

/** How the current user relates to an application: its creator, or an accepted signatory. */
export type ApplicationRole = 'owner' | 'signatory';

/** allowed_updates of spec 2 section 6 (the permissions of the borrower's screens). */
export const ALLOWED_UPDATES = [
  'signatory',
  'signatory_other',
  'signatory_flags',
  'signatory_tin',
  'signatory_contact',
  'taxIdNumber',
  'bankinfo',
  'custom_fields',
  'debitor',
] as const;
export type AllowedUpdate = (typeof ALLOWED_UPDATES)[number];

const SIGNATORY_SELF: readonly AllowedUpdate[] = ['signatory_tin', 'signatory_contact'];

/** The owner after submission: every representative's tax id and contact data, nothing else (ADR 007). */
const OWNER_AFTER_SUBMISSION: readonly AllowedUpdate[] = ['signatory_other', 'signatory_tin', 'signatory_contact'];

/**
 * allowed_updates of spec 2 section 6, per status and role (ADR 007):
 * - the owner edits everything while the application is Open;
 * - under review and at Signature the owner may still complete every representative's tax id and
 *   contact data (spec 2 section 2: "the tax number can be added later"), but no longer add,
 *   delete or change names, roles or shares; the e-mail of an invited or accepted card stays
 *   theirs (`emailFrozen`, ADR 021);
 * - an accepted signatory who is not the owner edits only their own tax id and contact data, while
 *   Open, under review and at Signature;
 * - after signature, paid out or closed: nothing.
 */
export function allowedUpdatesFor(status: string, role: ApplicationRole): AllowedUpdate[] {
  const group = displayGroup(status);
  if (status === 'Open') return role === 'owner' ? [...ALLOWED_UPDATES] : [...SIGNATORY_SELF];
  if (group === 'in_review' || group === 'waiting_for_signatures') {
    return role === 'owner' ? [...OWNER_AFTER_SUBMISSION] : [...SIGNATORY_SELF];
  }
  return [];
}

/**
 * A representative's e-mail is the person's own once they were invited or accepted: only they
 * change it (on their own card); the applicant cannot point someone else's invitation or
 * signature at another address (ADR 021). Staff correct it on the case, which revokes the open
 * invitation.
 */
export function emailFrozen(card: { invite_status: string }, isOwnCard: boolean): boolean {
  return !isOwnCard && card.invite_status !== 'not_invited';
}

/** What the borrower may do with the application now, each a workflow move of the applicant. */
export const BORROWER_ACTIONS = { submit: 'Submitted', accept_offer: 'Offer_Accepted' } as const;
export type BorrowerAction = keyof typeof BORROWER_ACTIONS;

export interface BorrowerActionState {
  action: BorrowerAction;
  /** The status the action moves the application to. */
  status: RawStatus;
  /** What still stands in its way (the guard's code); null: it can be done now. */
  blocked_by: WorkflowRefusalCode | null;
}

/**
 * The borrower's actions now: the moves the workflow gives the applicant from the current status
 * (`availableMoves` with the applicant as actor; a signatory who is not the owner has none), named.
 */
export function borrowerActions(moves: readonly AvailableMove[]): BorrowerActionState[] {
  const byStatus = new Map(Object.entries(BORROWER_ACTIONS).map(([action, to]) => [to as string, action]));
  return moves.flatMap((m) => {
    const action = byStatus.get(m.to) as BorrowerAction | undefined;
    return action ? [{ action, status: m.to, blocked_by: m.blocked_by }] : [];
  });
}

/**
 * Who answers the back office's information requests: the applicant, who applied and knows the
 * company's affairs. An accepted signatory reads them but does not answer or close them (ADR 021,
 * amending ADR 019's "the borrower").
 */
export function mayAnswerRequests(role: ApplicationRole): boolean {
  return role === 'owner';
}

/**
 * Who sees a signer's IP address in the signing records: staff, and the person themselves; the
 * co-signers and the applicant see who signed what and when, not from where.
 */
export function maySeeSignerIp(viewer: { staff: boolean; signatoryIds: readonly string[] }, signatoryId: string) {
  return viewer.staff || viewer.signatoryIds.includes(signatoryId);
}

/**
 * Who uploads a signed copy of the guarantee agreement: only a person required to sign it on paper
 * (their signing step `guarantor_contract_uploaded` is required), for themselves (ADR 021).
 */
export function signsGuaranteeOnPaper(steps: Partial<Record<string, { is_required: boolean }>>): boolean {
  return steps.guarantor_contract_uploaded?.is_required === true;
}
