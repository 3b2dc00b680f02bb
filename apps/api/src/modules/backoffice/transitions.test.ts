import { beforeAll, describe, expect, it } from 'vitest';
import { borrowerActions } from '@finportal/contracts/application/policies';
import {
  availableMoves,
  judgeMove,
  movesFrom,
  type WorkflowActor,
  type WorkflowFacts,
} from '@finportal/contracts/application/workflow';
import { PERMISSION_MATRIX } from '@finportal/contracts/backoffice-permissions';
import { caseResponse } from '@finportal/contracts/backoffice';
import { RAW_STATUSES } from '@finportal/contracts/statuses';
import { COMPLETE_SIGNATORY, createApplication, getApplication, pendingOf, seed } from '../../test/dashboard.js';
import { loggedInStaff, type StaffMember } from '../../test/backoffice.js';
import { useTestApp, type TestClient } from '../../test/harness.js';

/**
 * Issue 24: one table of (status, actor, target) cases through the workflow's policy (contracts
 * application/workflow.ts) and through the API, which must give the same verdict: the move made, or
 * refused with the policy's code and HTTP status and nothing changed. The actors are every kind the
 * API knows: the applicant, an accepted signatory, a bouser, a partner admin and a partner user. The
 * case page's `transitions` and the borrower's `actions` are the policy's too. (The screens render
 * what the API sends: apps/web move-status-card and offer-card tests.)
 */
const t = await useTestApp();

type ActorName = 'applicant' | 'signer' | 'bouser' | 'admin' | 'partnerUser';

interface Actor {
  name: ActorName;
  policy: WorkflowActor;
  move: (id: string, to: string) => ReturnType<TestClient['patch']>;
}

async function setUp() {
  const owner = await t.signUp('demo');
  const rep = await t.signUp('demo');
  const id = (await createApplication(owner.client)).applicationId;
  await seed(t, id, {
    signatories: [{ ...COMPLETE_SIGNATORY, email: rep.user.email, user_email: rep.user.email }],
  });
  const [bouser, admin, partnerUser, pricer] = await Promise.all([
    loggedInStaff(t, { kind: 'bouser' }),
    loggedInStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_admin' }),
    loggedInStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_user' }),
    loggedInStaff(t, { kind: 'bouser' }),
  ]);
  // Priced by a colleague of everyone here: the moves that need the final pricing pass, four eyes too.
  await t.sql(
    'UPDATE applications SET final_interest_rate = 5, final_transaction_fee = 0, pricing_set_by = $2, pricing_set_at = now() WHERE id = $1',
    [id, pricer.account.id],
  );
  await t.sql(
    'INSERT INTO application_pricing_writes (application_id, staff_id, interest_rate, transaction_fee) VALUES ($1, $2, 5, 0)',
    [id, pricer.account.id],
  );
  const staffActor = (name: ActorName, member: StaffMember, role: keyof typeof PERMISSION_MATRIX): Actor => ({
    name,
    policy: { kind: 'staff', id: member.account.id, permissions: PERMISSION_MATRIX[role] },
    move: (app, to) => member.client.patch(`/backoffice/applications/${app}/status`, { status: to, reason: 'table' }),
  });
  const actors: Actor[] = [
    {
      name: 'applicant',
      policy: { kind: 'applicant', id: owner.user.userId },
      move: (app, to) => owner.client.patch(`/user/applications/${app}/status`, { status: to }),
    },
    {
      name: 'signer',
      policy: { kind: 'signer', id: rep.user.userId },
      move: (app, to) => rep.client.patch(`/user/applications/${app}/status`, { status: to }),
    },
    staffActor('bouser', bouser, 'bouser'),
    staffActor('admin', admin, 'role_partner_admin'),
    staffActor('partnerUser', partnerUser, 'role_partner_user'),
  ];
  return { id, owner, bouser, actors, pricer };
}

const setStatus = (id: string, status: string) =>
  t.sql('UPDATE applications SET status = $2, offer_accepted_at = NULL WHERE id = $1', [id, status]);
const statusOf = async (id: string) =>
  (await t.sql<{ status: string }>('SELECT status FROM applications WHERE id = $1', [id]))[0]!.status;

describe('the workflow table: policy and API agree', () => {
  let world: Awaited<ReturnType<typeof setUp>>;
  let made = 0;
  beforeAll(async () => {
    world = await setUp();
  });

  // One status at a time: every actor, every move of the graph from it and four that are not.
  it.each(RAW_STATUSES)('from %s, for every actor and target', async (from) => {
    const { id, owner, bouser, actors, pricer } = world;
    await setStatus(id, from);
    // The facts as the API computes them for this application: its pending items, the pricing
    // (by `pricer`), nobody has signed.
    const facts: WorkflowFacts = {
      pendingItems: (await pendingOf(owner.client, id)).pending_actions.length,
      finalPricingSet: true,
      pricingWriterIds: [pricer.account.id],
      signaturesComplete: false,
    };
    // What the screens receive is the policy's.
    const detail = caseResponse.parse((await bouser.client.get(`/backoffice/applications/${id}`)).json()).case;
    expect(detail.transitions).toEqual(availableMoves(from, actors[2]!.policy, facts));
    expect((await getApplication(owner.client, id)).actions).toEqual(
      borrowerActions(availableMoves(from, actors[0]!.policy, facts)),
    );

    const targets = new Set([...movesFrom(from).map((m) => m.to), 'Open', 'Paid_Out', 'Rejected', 'Approved']);
    for (const actor of actors) {
      for (const to of targets) {
        await setStatus(id, from);
        const verdict = judgeMove(from, to, actor.policy, facts);
        const res = await actor.move(id, to);
        const label = `${actor.name} ${from}→${to}: ${res.body}`;
        if (verdict.ok) {
          expect(res.statusCode, label).toBe(200);
          expect(await statusOf(id), label).toBe(to);
          made++;
        } else {
          expect(res.statusCode, label).toBe(verdict.httpStatus);
          expect(res.json().errors[0].code, label).toBe(verdict.code);
          expect(await statusOf(id), label).toBe(from);
        }
      }
    }
  });

  it('wrote one history entry of its actor for every move made', async () => {
    const history = await t.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM application_status_history WHERE application_id = $1 AND from_status IS NOT NULL AND changed_by_kind IN ('staff', 'user')",
      [world.id],
    );
    expect(history[0]!.n).toBe(made);
    expect(made).toBeGreaterThan(50);
  });
});

describe('status moves by the back office', () => {
  it('moves of one case at the same time happen one after the other', async () => {
    const borrower = await t.signUp('demo');
    const id = (await createApplication(borrower.client)).applicationId;
    await seed(t, id, { status: 'Submitted' });
    const [a, b] = await Promise.all([loggedInStaff(t, { kind: 'bouser' }), loggedInStaff(t, { kind: 'bouser' })]);
    const results = await Promise.all([
      a.client.patch(`/backoffice/applications/${id}/status`, { status: 'PreCheck', reason: 'first' }),
      b.client.patch(`/backoffice/applications/${id}/status`, { status: 'Screening', reason: 'second' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    // PreCheck → Screening is a move of the graph, Screening → PreCheck is not: one order works, or both.
    expect(codes[0]).toBe(200);
    const history = await t.sql<{ to_status: string }>(
      "SELECT to_status FROM application_status_history WHERE application_id = $1 AND changed_by_kind = 'staff' ORDER BY id",
      [id],
    );
    expect(history.length).toBe(codes.filter((c) => c === 200).length);
  });

  it('a reason is required, and a status that does not exist is refused', async () => {
    const borrower = await t.signUp('demo');
    const id = (await createApplication(borrower.client)).applicationId;
    await seed(t, id, { status: 'Submitted' });
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const noReason = await staff.client.patch(`/backoffice/applications/${id}/status`, {
      status: 'PreCheck',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ field: 'reason' });
    const unknown = await staff.client.patch(`/backoffice/applications/${id}/status`, {
      status: 'Teleported',
      reason: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'err_status_change_not_allowed', field: 'status' });
  });
});
