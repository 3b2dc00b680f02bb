import { describe, expect, it } from 'vitest';
import { RAW_STATUSES, TRANSITIONS } from '@finportal/contracts/statuses';
import { createApplication, seed } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';

/**
 * The status graph of contracts/statuses.ts as the back office meets it (issue 13): every move of
 * the graph is accepted, every other pair of statuses refused with 409 and nothing changed.
 */
const t = await useTestApp();

describe('status moves by the back office', () => {
  it('accepts every transition of the graph and refuses every other', async () => {
    const borrower = await t.signUp('demo');
    const id = (await createApplication(borrower.client)).applicationId;
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const pricer = await loggedInStaff(t, { kind: 'bouser' });
    // Priced by a colleague: the moves that need the final pricing, and the four eyes, are satisfied.
    await t.sql(
      'UPDATE applications SET final_interest_rate = 5, final_transaction_fee = 0, pricing_set_by = $2, pricing_set_at = now() WHERE id = $1',
      [id, pricer.account.id],
    );
    const accepted: string[] = [];
    const refused: string[] = [];
    for (const from of RAW_STATUSES) {
      for (const to of RAW_STATUSES) {
        await t.sql('UPDATE applications SET status = $2 WHERE id = $1', [id, from]);
        const res = await staff.client.patch(`/backoffice/applications/${id}/status`, {
          status: to,
          reason: 'graph test',
        });
        const [row] = await t.sql<{ status: string }>('SELECT status FROM applications WHERE id = $1', [id]);
        if (res.statusCode === 200) {
          expect(row!.status).toBe(to);
          accepted.push(`${from}→${to}`);
        } else {
          expect(res.statusCode, `${from}→${to}: ${res.body}`).toBe(409);
          expect(res.json()).toEqual({ errors: [{ code: 'err_status_change_not_allowed', field: 'status' }] });
          expect(row!.status).toBe(from);
          refused.push(`${from}→${to}`);
        }
      }
    }
    const graph = RAW_STATUSES.flatMap((from) => TRANSITIONS[from].map((to) => `${from}→${to}`));
    expect(accepted.sort()).toEqual(graph.sort());
    expect(refused).toHaveLength(RAW_STATUSES.length ** 2 - graph.length);
    const history = await t.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM application_status_history WHERE application_id = $1 AND changed_by_kind = 'staff'",
      [id],
    );
    expect(history[0]!.n).toBe(graph.length);
  });

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
