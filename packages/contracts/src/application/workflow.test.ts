import { describe, expect, it } from 'vitest';
import { PERMISSION_MATRIX } from '../backoffice-permissions.js';
import { RAW_STATUSES } from '../statuses.js';
import {
  allowedTransitions,
  availableMoves,
  findMove,
  GUARDS,
  judgeMove,
  MOVES,
  nextStatusOf,
  TRANSITIONS,
  WORKFLOW_EVENTS,
  type WorkflowActor,
  type WorkflowFacts,
} from './workflow.js';

const applicant: WorkflowActor = { kind: 'applicant', id: 'owner' };
const signer: WorkflowActor = { kind: 'signer', id: 'cosigner' };
const bouser: WorkflowActor = { kind: 'staff', id: 'x', permissions: PERMISSION_MATRIX.bouser };
const colleague: WorkflowActor = { kind: 'staff', id: 'y', permissions: PERMISSION_MATRIX.bouser };
const partnerUser: WorkflowActor = { kind: 'staff', id: 'p', permissions: PERMISSION_MATRIX.role_partner_user };
const system: WorkflowActor = { kind: 'system' };

/** Every guard holds, X (bouser) wrote the pricing. */
const ready: WorkflowFacts = {
  pendingItems: 0,
  finalPricingSet: true,
  pricingWriterIds: ['x'],
  signaturesComplete: true,
};

describe('the workflow definition', () => {
  it('is one list: the graph is derived from the moves, every move emits status_changed, no move twice', () => {
    const pairs = MOVES.map((m) => `${m.from}→${m.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const move of MOVES) {
      expect(move.events[0]).toBe('application.status_changed');
      for (const event of move.events) expect(WORKFLOW_EVENTS).toContain(event);
      expect(move.by.length).toBeGreaterThan(0);
      expect(TRANSITIONS[move.from]).toContain(move.to);
    }
    const fromGraph = RAW_STATUSES.flatMap((from) => TRANSITIONS[from].map((to) => `${from}→${to}`));
    expect(fromGraph.sort()).toEqual([...pairs].sort());
    // Ends of the life: nothing leaves them.
    expect(TRANSITIONS.Paid_Out).toEqual([]);
    expect(TRANSITIONS.Limit_Active).toEqual([]);
    expect(TRANSITIONS.Rejected).toEqual([]);
  });

  it('names the borrower side of each status (next_status_validate)', () => {
    expect(nextStatusOf('Open')).toBe('Submitted');
    expect(nextStatusOf('Offer_Available')).toBe('Offer_Accepted');
    expect(nextStatusOf('Signature')).toBe('Final_Review');
    expect(nextStatusOf('Internal_Review')).toBeNull();
    expect(nextStatusOf('Teleported')).toBeNull();
  });
});

describe('judgeMove', () => {
  const cases: [string, string, string, WorkflowActor, WorkflowFacts, string | null][] = [
    ['not a move of the graph', 'Open', 'Paid_Out', bouser, ready, 'err_status_change_not_allowed'],
    ['an unknown status', 'Open', 'Teleported', applicant, ready, 'err_status_change_not_allowed'],
    ['the applicant submits', 'Open', 'Submitted', applicant, ready, null],
    [
      'the applicant submits with items pending',
      'Open',
      'Submitted',
      applicant,
      { ...ready, pendingItems: 2 },
      'err_application_not_ready',
    ],
    ['staff do not submit for the borrower', 'Open', 'Submitted', bouser, ready, 'err_no_permission'],
    ['a signer does not submit', 'Open', 'Submitted', signer, ready, 'err_no_permission'],
    ['the applicant accepts the final offer', 'Offer_Available', 'Offer_Accepted', applicant, ready, null],
    [
      'staff cannot accept in the borrower’s name',
      'Offer_Available',
      'Offer_Accepted',
      bouser,
      ready,
      'err_no_permission',
    ],
    [
      'no offer to accept without final pricing',
      'Offer_Available',
      'Offer_Accepted',
      applicant,
      { ...ready, finalPricingSet: false },
      'err_no_pricing',
    ],
    [
      'the offer needs the final pricing',
      'Pricing',
      'Offer_Available',
      bouser,
      { ...ready, finalPricingSet: false },
      'err_no_pricing',
    ],
    [
      'staff skip signing (finding 1)',
      'Signature',
      'Final_Review',
      bouser,
      { ...ready, signaturesComplete: false },
      'err_signatures_incomplete',
    ],
    ['staff move on once all signed', 'Signature', 'Final_Review', bouser, ready, null],
    ['the system moves on once all signed', 'Signature', 'Final_Review', system, ready, null],
    [
      'the system waits for every signature',
      'Signature',
      'Final_Review',
      system,
      { ...ready, signaturesComplete: false },
      'err_signatures_incomplete',
    ],
    ['the system does not approve', 'Final_Review', 'Approved', system, ready, 'err_no_permission'],
    [
      'whoever wrote the pricing does not approve (finding 2)',
      'Final_Review',
      'Approved',
      bouser,
      ready,
      'err_approve_require_different_user',
    ],
    ['a colleague approves', 'Final_Review', 'Approved', colleague, ready, null],
    [
      'a colleague who also wrote the pricing does not',
      'Final_Review',
      'Approved',
      colleague,
      { ...ready, pricingWriterIds: ['x', 'y'] },
      'err_approve_require_different_user',
    ],
    ['a partner user may not approve', 'Final_Review', 'Approved', partnerUser, ready, 'err_no_permission'],
    ['a partner user rejects', 'Final_Review', 'Rejected', partnerUser, ready, null],
    ['a missing fact never lets a guard through', 'Open', 'Submitted', applicant, {}, 'err_application_not_ready'],
    [
      'the four eyes need the writers',
      'Final_Review',
      'Approved',
      colleague,
      { finalPricingSet: true },
      'err_approve_require_different_user',
    ],
  ];
  it.each(cases)('%s', (_name, from, to, actor, facts, code) => {
    const verdict = judgeMove(from, to, actor, facts);
    if (code === null) expect(verdict).toMatchObject({ ok: true, move: { from, to } });
    else expect(verdict).toMatchObject({ ok: false, code });
  });

  it('answers each refusal with its HTTP status', () => {
    expect(judgeMove('Open', 'Paid_Out', bouser, ready)).toMatchObject({ httpStatus: 409 });
    expect(judgeMove('Open', 'Submitted', bouser, ready)).toMatchObject({ httpStatus: 403 });
    for (const [guard, { code, httpStatus }] of Object.entries(GUARDS)) {
      expect(code).toMatch(/^err_/);
      expect([403, 409]).toContain(httpStatus);
      expect(guard).toMatch(/^[a-z_]+$/);
    }
  });
});

describe('availableMoves', () => {
  it('gives each actor only their moves, with the guard that blocks each', () => {
    expect(availableMoves('Final_Review', bouser, ready)).toEqual([
      { to: 'Approved', blocked_by: 'err_approve_require_different_user' },
      { to: 'Signature', blocked_by: null },
      { to: 'Rejected', blocked_by: null },
    ]);
    expect(allowedTransitions('Final_Review', colleague, ready)).toEqual(['Approved', 'Signature', 'Rejected']);
    expect(availableMoves('Final_Review', partnerUser, ready).map((m) => m.to)).toEqual(['Signature', 'Rejected']);
    expect(availableMoves('Offer_Available', applicant, ready)).toEqual([{ to: 'Offer_Accepted', blocked_by: null }]);
    expect(availableMoves('Offer_Available', bouser, ready).map((m) => m.to)).toEqual(['Rejected']);
    expect(availableMoves('Open', signer, ready)).toEqual([]);
    expect(availableMoves('Signature', system, { signaturesComplete: false })).toEqual([
      { to: 'Final_Review', blocked_by: 'err_signatures_incomplete' },
    ]);
  });

  it('agrees with judgeMove for every status, actor and target', () => {
    const actors = [applicant, signer, bouser, colleague, partnerUser, system];
    for (const facts of [ready, {}, { ...ready, signaturesComplete: false, pendingItems: 1 }]) {
      for (const status of RAW_STATUSES) {
        for (const actor of actors) {
          const available = availableMoves(status, actor, facts);
          for (const to of RAW_STATUSES) {
            const verdict = judgeMove(status, to, actor, facts);
            const listed = available.find((m) => m.to === to);
            if (verdict.ok) expect(listed).toEqual({ to, blocked_by: null });
            else if (verdict.code === 'err_status_change_not_allowed' || verdict.code === 'err_no_permission')
              expect(listed).toBeUndefined();
            else expect(listed).toEqual({ to, blocked_by: verdict.code });
          }
        }
      }
    }
    expect(findMove('Signature', 'Final_Review')?.guards).toEqual(['signatures_complete']);
  });
});
