import { describe, expect, it } from 'vitest';
import { caseResponse, queueResponse, type CaseDetail } from '@finportal/contracts/backoffice';
import { useTestApp } from '../../test/harness.js';
import { buildSignatory } from '@finportal/testing/factories';
import { createApplication, getApplication, seed } from '../../test/dashboard.js';
import { loggedInStaff, type StaffMember } from '../../test/backoffice.js';

const t = await useTestApp({ LOG_LEVEL: 'error' }, { logStream: process.stderr });

async function submittedApplication(partner = 'demo') {
  const borrower = await t.signUp(partner);
  const created = await createApplication(borrower.client);
  await seed(t, created.applicationId, { status: 'Submitted' });
  return { borrower, id: created.applicationId, shortId: created.shortApplicationId };
}

async function caseOf(staff: StaffMember, id: string): Promise<CaseDetail> {
  const res = await staff.client.get(`/backoffice/applications/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return caseResponse.parse(res.json()).case;
}

async function move(staff: StaffMember, id: string, status: string, expected = 200) {
  const res = await staff.client.patch(`/backoffice/applications/${id}/status`, { status, reason: `to ${status}` });
  expect(res.statusCode, res.body).toBe(expected);
  return res;
}

async function price(staff: StaffMember, id: string, body: Record<string, unknown>, expected = 200) {
  const res = await staff.client.request('PUT', `/backoffice/applications/${id}/pricing`, body);
  expect(res.statusCode, res.body).toBe(expected);
  return res;
}

describe('the back-office workflow', () => {
  it('walks a case from Submitted to Paid_Out; the one who priced it cannot approve it', async () => {
    const { borrower, id, shortId } = await submittedApplication();
    const first = await loggedInStaff(t, { kind: 'bouser' });
    const second = await loggedInStaff(t, { kind: 'bouser' });

    const queue = await first.client.get(`/backoffice/applications?q=${shortId}`);
    expect(queue.statusCode, queue.body).toBe(200);
    const listed = queueResponse.parse(queue.json());
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ id, status: 'Submitted', display_group: 'in_review', assignee: null });

    const assigned = await first.client.post(`/backoffice/applications/${id}/assign`, { assignee: 'me' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(caseResponse.parse(assigned.json()).case.assignee?.email).toBe(first.account.email);

    const detail = await caseOf(first, id);
    expect(detail.owner.email).toBe(borrower.user.email);
    expect(detail.allowed_transitions).toContain('PreCheck');
    expect(detail.application.shortApplicationId).toBe(shortId);

    await move(first, id, 'PreCheck');
    await move(first, id, 'Internal_Review');
    await move(first, id, 'Pricing');
    // Offer_Available needs the final pricing.
    const noPricing = await move(first, id, 'Offer_Available', 409);
    expect(noPricing.json()).toEqual({ errors: [{ code: 'err_no_pricing', field: 'status' }] });
    const outOfBounds = await price(first, id, { interest_rate: 40, transaction_fee: -1 }, 400);
    expect(outOfBounds.json().errors).toEqual([
      { code: 'err_interest_rate_out_of_bounds', field: 'interest_rate', values: { min: 1, max: 15 } },
      { code: 'err_transaction_fee_not_positive', field: 'transaction_fee' },
    ]);
    await price(first, id, { interest_rate: 6.5, transaction_fee: 1500 });
    const priced = await caseOf(first, id);
    expect(priced.final_pricing).toMatchObject({ interest_rate: 6.5, transaction_fee: 1500 });
    expect(priced.final_pricing?.set_by.email).toBe(first.account.email);

    await move(first, id, 'Offer_Available');
    // The borrower accepts the final offer; staff cannot in their name (ADR 021).
    await move(first, id, 'Offer_Accepted', 403);
    const accepted = await borrower.client.patch(`/user/applications/${id}/status`, { status: 'Offer_Accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await move(first, id, 'Signature');
    // Signature is left only once every signer is done, whoever asks.
    const early = await move(first, id, 'Final_Review', 409);
    expect(early.json()).toEqual({ errors: [{ code: 'err_signatures_incomplete', field: 'status' }] });
    // The applicant signs (this partner identifies nobody and signs the contract outside the portal):
    // the system moves the case on after the last signature.
    const demo = t.ctx.partners.get('demo')!;
    const signatures = demo.signatures;
    demo.signatures = { ...signatures, ident_provider: null, loan_contract_signing: 'offline' };
    try {
      await seed(t, id, {
        signatories: [
          {
            ...buildSignatory({ taxid: '86095742719', percentage_owned: 0, is_beneficial_owner: false }),
            email: borrower.user.email,
            user_email: borrower.user.email,
          },
        ],
      });
      const [signer] = await t.sql<{ id: string }>('SELECT id FROM signatories WHERE application_id = $1', [id]);
      const signed = await borrower.client.patch(`/user/applications/${id}/signatories/${signer!.id}/requirements`, {
        signatory_id: signer!.id,
        application_id: id,
        sepa_mandate_accepted: true,
        legal_signature_accepted: true,
      });
      expect(signed.statusCode, signed.body).toBe(200);
      await t.ctx.jobs.drain();
    } finally {
      demo.signatures = signatures;
    }
    expect((await getApplication(borrower.client, id)).status).toBe('Final_Review');
    const [systemMove] = (await caseOf(first, id)).status_history;
    expect(systemMove).toMatchObject({ to_status: 'Final_Review', changed_by: { kind: 'system', email: null } });

    const refused = await move(first, id, 'Approved', 403);
    expect(refused.json()).toEqual({ errors: [{ code: 'err_approve_require_different_user', field: 'status' }] });
    await move(second, id, 'Approved');
    await move(second, id, 'Awaiting_Payout');
    await move(second, id, 'Paid_Out');

    const done = await caseOf(second, id);
    expect(done.status).toBe('Paid_Out');
    expect(done.allowed_transitions).toEqual([]);
    expect(done.status_history.map((h) => h.to_status).slice(0, 3)).toEqual([
      'Paid_Out',
      'Awaiting_Payout',
      'Approved',
    ]);
    expect(done.status_history[0]?.changed_by).toEqual({ kind: 'staff', email: second.account.email });
    expect(done.status_history[0]?.reason).toBe('to Paid_Out');

    const mails = await t.mailbox(borrower.user.email);
    expect(mails.map((m) => m.template)).toContain('application_status_changed');
    expect(mails.some((m) => m.subject.includes('ausgezahlt') || m.subject.includes('paid out'))).toBe(true);

    const trail = await first.client.get(`/backoffice/audit?application_id=${id}`);
    expect(trail.statusCode, trail.body).toBe(200);
    const actions = trail.json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['application.status_changed', 'application.pricing_set', 'application.assigned']),
    );
  });
});
