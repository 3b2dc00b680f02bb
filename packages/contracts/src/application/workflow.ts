import type { BackofficePermission } from '../backoffice-permissions.js';
import { RAW_STATUSES, type RawStatus } from '../statuses.js';

/**
 * The application's life as one workflow (issue 24, ADR 021): every status move, who may make it,
 * the guards it needs and the events it emits, declared once. The API's one command
 * (`modules/applications/workflow.ts`) performs every move through `judgeMove`; the case page's
 * `allowed_transitions` and the borrower's `actions` come from `availableMoves`. Zod-free: the
 * screens import it without the schemas.
 */

/** Who acts on an application. */
export type WorkflowActor =
  /** The borrower who created the application (its owner). */
  | { kind: 'applicant'; id: string }
  /** An accepted signatory who is not the owner. */
  | { kind: 'signer'; id: string }
  /** Back-office or partner staff, with the permissions of their role (backoffice-permissions.ts). */
  | { kind: 'staff'; id: string; permissions: readonly BackofficePermission[] }
  /** The portal itself (a job): e.g. the move that follows the last signature. */
  | { kind: 'system' };

export type ActorKind = WorkflowActor['kind'];

/** Who may make a move: a kind of actor, staff with a named permission. */
export type MoveActor =
  { kind: 'applicant' } | { kind: 'signer' } | { kind: 'staff'; permission: BackofficePermission } | { kind: 'system' };

/**
 * The named conditions a move needs. Each answers with its own code (GUARDS) when it fails:
 * - `nothing_pending`: no pending item is left (the checks of next_status_validate);
 * - `final_pricing_set`: the back office set the final pricing;
 * - `four_eyes`: the actor wrote no pricing of this application (any write, same values or not);
 * - `signatures_complete`: every signer has completed every signing step and submitted.
 */
export type GuardName = 'nothing_pending' | 'final_pricing_set' | 'four_eyes' | 'signatures_complete';

export type WorkflowRefusalCode =
  | 'err_status_change_not_allowed'
  | 'err_no_permission'
  | 'err_application_not_ready'
  | 'err_no_pricing'
  | 'err_approve_require_different_user'
  | 'err_signatures_incomplete';

export const GUARDS: Record<GuardName, { code: WorkflowRefusalCode; httpStatus: 403 | 409 }> = {
  nothing_pending: { code: 'err_application_not_ready', httpStatus: 409 },
  final_pricing_set: { code: 'err_no_pricing', httpStatus: 409 },
  four_eyes: { code: 'err_approve_require_different_user', httpStatus: 403 },
  signatures_complete: { code: 'err_signatures_incomplete', httpStatus: 409 },
};

/**
 * What follows a move. Every move emits `application.status_changed`; the others name what else
 * happened. Followers (e-mails, webhooks, invitations) are jobs reacting to these events.
 */
export const WORKFLOW_EVENTS = [
  'application.status_changed',
  /** The borrower submitted: the submission e-mail, the `application.submitted` webhook. */
  'application.submitted',
  /** The final offer is there: the borrower is told by e-mail to review and accept it. */
  'offer.available',
  /** The borrower accepted the final offer. */
  'offer.accepted',
  /** Signing opened: every signer is invited (once). */
  'signature.opened',
  /** Every signer has signed: the `signature.completed` webhook. */
  'signature.completed',
] as const;
export type WorkflowEvent = (typeof WORKFLOW_EVENTS)[number];

export interface Move {
  from: RawStatus;
  to: RawStatus;
  by: readonly MoveActor[];
  guards: readonly GuardName[];
  events: readonly WorkflowEvent[];
}

const APPLICANT: MoveActor = { kind: 'applicant' };
const SYSTEM: MoveActor = { kind: 'system' };
const STAFF: MoveActor = { kind: 'staff', permission: 'cases.status' };
const APPROVER: MoveActor = { kind: 'staff', permission: 'cases.approve' };

/** Moves from one status to each of `tos` with the same actors, guards and events. */
function moves(
  from: RawStatus,
  tos: readonly RawStatus[],
  by: readonly MoveActor[],
  guards: readonly GuardName[] = [],
  events: readonly WorkflowEvent[] = [],
): Move[] {
  return tos.map((to) => ({ from, to, by, guards, events: ['application.status_changed', ...events] }));
}

/**
 * Every move of an application. Any move not listed is refused with
 * err_status_change_not_allowed; a move by someone not in `by` with err_no_permission; a move
 * whose guard fails with that guard's code.
 *
 * - The borrower submits (Open → Submitted, nothing pending) and accepts the final offer
 *   (Offer_Available → Offer_Accepted); staff cannot do either in the borrower's name.
 * - The offer, signing and approval rest on the final pricing; approval needs a second person.
 * - Signature is left forward only with every signature complete, whoever asks: the system moves
 *   on after the last signature; staff may do the same move (e.g. after a manual identification)
 *   under the same guard.
 */
export const MOVES: readonly Move[] = [
  ...moves('Open', ['Submitted'], [APPLICANT], ['nothing_pending'], ['application.submitted']),
  ...moves('Open', ['PreCheck'], [STAFF], ['nothing_pending']),
  ...moves('Open', ['Rejected'], [STAFF]),
  ...moves('PreCheck', ['Screening', 'Sales_PreCheck', 'Internal_Review', 'Open', 'Rejected'], [STAFF]),
  ...moves('Submitted', ['PreCheck', 'Screening', 'Sales_PreCheck', 'Internal_Review', 'Open', 'Rejected'], [STAFF]),
  ...moves('Screening', ['Sales_PreCheck', 'Internal_Review', 'Open', 'Rejected'], [STAFF]),
  ...moves('Sales_PreCheck', ['Sales_PreCheck_Done', 'Open', 'Rejected'], [STAFF]),
  ...moves('Sales_PreCheck_Done', ['Internal_Review', 'Rejected'], [STAFF]),
  ...moves(
    'Internal_Review',
    ['Internal_Review_Second', 'Internal_Pricing', 'External_Pricing', 'Pricing', 'Open', 'Rejected'],
    [STAFF],
  ),
  ...moves('Internal_Review_Second', ['Internal_Pricing', 'External_Pricing', 'Pricing', 'Rejected'], [STAFF]),
  ...(['Internal_Pricing', 'External_Pricing', 'Pricing'] as const).flatMap((from) => [
    ...moves(from, ['Bank_Submitted', 'Rejected'], [STAFF]),
    ...moves(from, ['Offer_Available'], [STAFF], ['final_pricing_set'], ['offer.available']),
  ]),
  ...moves('Bank_Submitted', ['Offer_Available'], [STAFF], ['final_pricing_set'], ['offer.available']),
  ...moves('Bank_Submitted', ['Rejected'], [STAFF]),
  ...moves('Offer_Available', ['Offer_Accepted'], [APPLICANT], ['final_pricing_set'], ['offer.accepted']),
  ...moves('Offer_Available', ['Rejected'], [STAFF]),
  ...moves('Offer_Accepted', ['Final_Sales_Check', 'Rejected'], [STAFF]),
  ...moves('Offer_Accepted', ['Signature'], [STAFF], ['final_pricing_set'], ['signature.opened']),
  ...moves('Final_Sales_Check', ['Signature'], [STAFF], ['final_pricing_set'], ['signature.opened']),
  ...moves('Final_Sales_Check', ['Rejected'], [STAFF]),
  ...moves('Signature', ['Final_Review'], [SYSTEM, STAFF], ['signatures_complete'], ['signature.completed']),
  ...moves('Signature', ['Rejected'], [STAFF]),
  ...moves('Final_Review', ['Approved'], [APPROVER], ['final_pricing_set', 'four_eyes']),
  ...moves('Final_Review', ['Signature'], [STAFF], ['final_pricing_set'], ['signature.opened']),
  ...moves('Final_Review', ['Rejected'], [STAFF]),
  ...moves('Approved', ['Awaiting_Payout', 'Limit_Active', 'Rejected'], [STAFF]),
  ...moves('Awaiting_Payout', ['Paid_Out', 'Gifts_Entry'], [STAFF]),
  ...moves('Gifts_Entry', ['Paid_Out'], [STAFF]),
];

/** The transition graph (every move of MOVES by its statuses), e.g. for a diagram or a filter. */
export const TRANSITIONS: Record<RawStatus, readonly RawStatus[]> = Object.fromEntries(
  RAW_STATUSES.map((from) => [from, MOVES.filter((m) => m.from === from).map((m) => m.to)]),
) as unknown as Record<RawStatus, readonly RawStatus[]>;

/** The move from `from` to `to`, if the workflow has one. */
export function findMove(from: string, to: string): Move | undefined {
  return MOVES.find((m) => m.from === from && m.to === to);
}

/** The moves that leave `status`. */
export function movesFrom(status: string): Move[] {
  return MOVES.filter((m) => m.from === status);
}

/** May this actor make this move (kind, and for staff the named permission)? Guards aside. */
export function actorMayMake(move: Move, actor: WorkflowActor): boolean {
  return move.by.some((allowed) => {
    if (allowed.kind !== actor.kind) return false;
    if (allowed.kind === 'staff' && actor.kind === 'staff') return actor.permissions.includes(allowed.permission);
    return true;
  });
}

/**
 * What the guards read. A guard whose fact is not given fails: a caller that did not compute it
 * cannot let a move through by accident.
 */
export interface WorkflowFacts {
  /** Number of pending items (next_status_validate) of the application. */
  pendingItems?: number;
  finalPricingSet?: boolean;
  /** Everyone who ever wrote the final pricing of this application (staff ids). */
  pricingWriterIds?: readonly string[];
  /** Every signer completed every signing step and submitted (there is at least one signer). */
  signaturesComplete?: boolean;
}

/** Does `guard` hold for this actor with these facts? */
export function guardHolds(guard: GuardName, actor: WorkflowActor, facts: WorkflowFacts): boolean {
  switch (guard) {
    case 'nothing_pending':
      return facts.pendingItems === 0;
    case 'final_pricing_set':
      return facts.finalPricingSet === true;
    case 'four_eyes':
      return 'id' in actor && facts.pricingWriterIds !== undefined && !facts.pricingWriterIds.includes(actor.id);
    case 'signatures_complete':
      return facts.signaturesComplete === true;
  }
}

/** The guards of `move` that fail, in their declared order. */
export function failedGuards(move: Move, actor: WorkflowActor, facts: WorkflowFacts): GuardName[] {
  return move.guards.filter((guard) => !guardHolds(guard, actor, facts));
}

export type MoveVerdict =
  { ok: true; move: Move } | { ok: false; code: WorkflowRefusalCode; httpStatus: 403 | 409; guard?: GuardName };

/**
 * The verdict on a move, in this order: not a move of the workflow (409
 * err_status_change_not_allowed); not this actor's move (403 err_no_permission); a guard fails
 * (its code).
 */
export function judgeMove(from: string, to: string, actor: WorkflowActor, facts: WorkflowFacts): MoveVerdict {
  const move = findMove(from, to);
  if (!move) return { ok: false, code: 'err_status_change_not_allowed', httpStatus: 409 };
  if (!actorMayMake(move, actor)) return { ok: false, code: 'err_no_permission', httpStatus: 403 };
  const [failed] = failedGuards(move, actor, facts);
  if (failed) return { ok: false, ...GUARDS[failed], guard: failed };
  return { ok: true, move };
}

/** A move this actor may make from the current status, and what still stands in its way. */
export interface AvailableMove {
  to: RawStatus;
  /** The code of the first failing guard; null: the move can be made now. */
  blocked_by: WorkflowRefusalCode | null;
}

/** The moves from `status` that are this actor's to make, each with its first failing guard. */
export function availableMoves(status: string, actor: WorkflowActor, facts: WorkflowFacts): AvailableMove[] {
  return movesFrom(status)
    .filter((move) => actorMayMake(move, actor))
    .map((move) => {
      const [failed] = failedGuards(move, actor, facts);
      return { to: move.to, blocked_by: failed ? GUARDS[failed].code : null };
    });
}

/** The statuses this actor may move the application to now (every guard holds). */
export function allowedTransitions(status: string, actor: WorkflowActor, facts: WorkflowFacts): RawStatus[] {
  return availableMoves(status, actor, facts)
    .filter((m) => m.blocked_by === null)
    .map((m) => m.to);
}

/** The guards that the moves from `status` need: the facts a caller has to compute. */
export function guardsFrom(status: string): Set<GuardName> {
  return new Set(movesFrom(status).flatMap((m) => m.guards));
}

/**
 * The next status of the application on the borrower's side, as next_status_validate reports it:
 * the move the applicant or the system makes from `status` (Open → Submitted, Offer_Available →
 * Offer_Accepted, Signature → Final_Review). Null where the next step is the back office's.
 */
export function nextStatusOf(status: string): RawStatus | null {
  const move = movesFrom(status).find((m) => m.by.some((a) => a.kind === 'applicant' || a.kind === 'system'));
  return move?.to ?? null;
}
