import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applicationResponse } from '@finportal/contracts/applications';
import { caseResponse, type CaseDetail } from '@finportal/contracts/backoffice';
import { signatoriesResponse } from '@finportal/contracts/representative-schemas';
import { signingRecordsResponse } from '@finportal/contracts/signatures';
import { buildSignatory, PASSWORD } from '@finportal/testing/factories';
import { loggedInStaff, type StaffMember } from '../../test/backoffice.js';
import { COMPLETE_SIGNATORY, createApplication, getApplication, seed, signatoryIds } from '../../test/dashboard.js';
import { linkFrom, useTestApp, type TestClient } from '../../test/harness.js';

/**
 * Issue 24: what the probe and the new user found at the seams of the application's life, each
 * through the API as the caller would meet it. Every case failed before the one workflow (ADR 021).
 */
const t = await useTestApp();
const unique = () => randomBytes(4).toString('hex');

async function caseOf(staff: StaffMember, id: string): Promise<CaseDetail> {
  const res = await staff.client.get(`/backoffice/applications/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return caseResponse.parse(res.json()).case;
}

const move = (staff: StaffMember, id: string, status: string) =>
  staff.client.patch(`/backoffice/applications/${id}/status`, { status, reason: `to ${status}` });

const price = (staff: StaffMember, id: string, interest_rate = 6.5, transaction_fee = 1500) =>
  staff.client.request('PUT', `/backoffice/applications/${id}/pricing`, { interest_rate, transaction_fee });

const statusOf = async (id: string) =>
  (await t.sql<{ status: string }>('SELECT status FROM applications WHERE id = $1', [id]))[0]!.status;

/** An application of a new borrower at `status` with the given representatives. */
async function applicationAt(status: string, signatories: Parameters<typeof seed>[2]['signatories'] = []) {
  const owner = await t.signUp('demo');
  const id = (await createApplication(owner.client)).applicationId;
  await seed(t, id, { status: status as never, signatories });
  return { owner, id };
}

describe('status moves: one command, its guards', () => {
  it('staff cannot leave Signature forward while a signature is missing (finding 1)', async () => {
    const { id } = await applicationAt('Signature', [{ ...COMPLETE_SIGNATORY, email: `s-${unique()}@x.example` }]);
    await t.sql('UPDATE applications SET final_interest_rate = 5, final_transaction_fee = 0 WHERE id = $1', [id]);
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const detail = await caseOf(staff, id);
    expect(detail.transitions).toContainEqual({ to: 'Final_Review', blocked_by: 'err_signatures_incomplete' });
    expect(detail.allowed_transitions).not.toContain('Final_Review');
    const refused = await move(staff, id, 'Final_Review');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ errors: [{ code: 'err_signatures_incomplete', field: 'status' }] });
    expect(await statusOf(id)).toBe('Signature');
    // Rejecting stays possible.
    expect((await move(staff, id, 'Rejected')).statusCode).toBe(200);
  });

  it('nobody who wrote the pricing approves, the same values sent again by a colleague too (finding 2)', async () => {
    const { id } = await applicationAt('Pricing');
    const [x, y, z] = await Promise.all([
      loggedInStaff(t, { kind: 'bouser' }),
      loggedInStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_admin' }),
      loggedInStaff(t, { kind: 'bouser' }),
    ]);
    expect((await price(x, id)).statusCode).toBe(200);
    expect((await price(y, id)).statusCode).toBe(200);
    await t.sql("UPDATE applications SET status = 'Final_Review' WHERE id = $1", [id]);
    for (const writer of [x, y]) {
      const detail = await caseOf(writer, id);
      expect(detail.transitions).toContainEqual({ to: 'Approved', blocked_by: 'err_approve_require_different_user' });
      const refused = await move(writer, id, 'Approved');
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().errors[0].code).toBe('err_approve_require_different_user');
    }
    expect((await caseOf(z, id)).allowed_transitions).toContain('Approved');
    expect((await move(z, id, 'Approved')).statusCode).toBe(200);
  });

  it('writes one history and audit shape for every actor, the system named as such (finding 8)', async () => {
    const { owner, id } = await applicationAt('Open');
    // The borrower's own submission shows in the staff's trail with its change.
    await t.sql('UPDATE applications SET status = $2 WHERE id = $1', [id, 'Open']);
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    expect((await move(staff, id, 'Rejected')).statusCode).toBe(200);
    const audits = await t.sql<{ actor_kind: string; before: unknown; after: unknown; data: { events: string[] } }>(
      "SELECT actor_kind, before, after, data FROM audit_log WHERE application_id = $1 AND action = 'application.status_changed'",
      [id],
    );
    expect(audits).toEqual([
      {
        actor_kind: 'staff',
        before: { status: 'Open' },
        after: { status: 'Rejected' },
        data: expect.objectContaining({ events: ['application.status_changed'], reason: 'to Rejected' }),
      },
    ]);
    const jobs = await t.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE type = 'application.status_changed' AND payload->>'application_id' = $1",
      [id],
    );
    expect(jobs[0]!.n).toBe(1);
    expect(owner.user.email).toBeTruthy();
  });
});

describe('the final offer (finding 9)', () => {
  it('is mailed at Offer_Available, shown final on the overview, and accepted by the borrower only', async () => {
    const { owner, id } = await applicationAt('Pricing');
    const [pricer, staff] = await Promise.all([
      loggedInStaff(t, { kind: 'bouser' }),
      loggedInStaff(t, { kind: 'bouser' }),
    ]);
    expect((await price(pricer, id, 5.25, 990)).statusCode).toBe(200);
    // Before the offer is made, the borrower still sees the indicative offer only.
    expect((await getApplication(owner.client, id)).final_offer).toBeNull();
    expect((await move(staff, id, 'Offer_Available')).statusCode).toBe(200);
    const mails = await t.mailbox(owner.user.email);
    const offerMail = mails.find((m) => m.template === 'offer_available');
    expect(offerMail, 'the final offer e-mail').toBeDefined();
    expect(linkFrom(offerMail!)).toContain(`/dashboard/applications/${id}`);

    const shown = await getApplication(owner.client, id);
    expect(shown.final_offer).toMatchObject({
      interest_rate: 5.25,
      transaction_fee: 990,
      is_final_interest_rate: true,
      is_final_transaction_fee: true,
      accepted_at: null,
    });
    expect(shown.final_offer!.monthly_payment).toBeGreaterThan(0);
    expect(shown.actions).toEqual([{ action: 'accept_offer', status: 'Offer_Accepted', blocked_by: null }]);

    // Staff cannot accept on the borrower's behalf; nobody is invited before the acceptance.
    const byStaff = await move(staff, id, 'Offer_Accepted');
    expect(byStaff.statusCode, byStaff.body).toBe(403);
    expect((await caseOf(staff, id)).capabilities.can_invite).toBe(false);

    const accepted = await owner.client.patch(`/user/applications/${id}/status`, { status: 'Offer_Accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = applicationResponse.parse(accepted.json()).application;
    expect(after.status).toBe('Offer_Accepted');
    expect(after.final_offer?.accepted_at).toEqual(expect.any(String));
    expect(after.actions).toEqual([]);
    const history = await t.sql<{ changed_by_kind: string; to_status: string }>(
      'SELECT changed_by_kind, to_status FROM application_status_history WHERE application_id = $1 ORDER BY id',
      [id],
    );
    expect(history.at(-1)).toEqual({ changed_by_kind: 'user', to_status: 'Offer_Accepted' });
    // Twice: the second is no move of the workflow any more.
    const again = await owner.client.patch(`/user/applications/${id}/status`, { status: 'Offer_Accepted' });
    expect(again.statusCode).toBe(409);
  });
});

describe('representatives’ cards and invitations', () => {
  /** At Final_Sales_Check, priced: the applicant (signs nothing) and two co-signers; staff move it to Signature. */
  async function signing() {
    const owner = await t.signUp('demo');
    const id = (await createApplication(owner.client)).applicationId;
    const tag = unique();
    const emails = { anna: `anna-${tag}@company.example`, bert: `bert-${tag}@company.example` };
    await seed(t, id, {
      status: 'Final_Sales_Check',
      signatories: [
        buildSignatory({ first_name: 'Anna', last_name: 'Alpha', email: emails.anna, is_sole_signatory: false }),
        buildSignatory({ first_name: 'Bert', last_name: 'Beta', email: emails.bert, is_sole_signatory: false }),
      ],
    });
    await t.sql('UPDATE applications SET final_interest_rate = 6.5, final_transaction_fee = 1500 WHERE id = $1', [id]);
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    expect((await move(staff, id, 'Signature')).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    return { owner, id, emails, ids: await signatoryIds(t, id), staff };
  }

  const invitationsTo = async (email: string) =>
    (await t.mailbox(email)).filter((m) => ['signature_invitation', 'signature_reminder'].includes(m.template));
  const tokenOf = (mail: Parameters<typeof linkFrom>[0]) => new URL(linkFrom(mail)).pathname.split('/').pop()!;

  async function accept(token: string): Promise<{ client: TestClient }> {
    const client = t.client('demo');
    const res = await client.post('/user/account/invite_accept', {
      password: PASSWORD,
      token,
      accepted_terms: true,
      accepted_partner_terms: true,
      interface_language: 'en',
      communication_language: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    return { client };
  }

  it('each signer gets one invitation at Signature; a resend breaks no link (finding 10)', async () => {
    const { owner, id, emails, ids, staff } = await signing();
    expect(await invitationsTo(emails.anna)).toHaveLength(1);
    const first = tokenOf((await invitationsTo(emails.anna))[0]!);
    // The applicant and staff send it again: new links, the first still valid.
    expect(
      (await owner.client.post(`/user/applications/${id}/signatories/${ids.Anna}/invitation`, {})).statusCode,
    ).toBe(200);
    const resent = await staff.client.post(`/backoffice/applications/${id}/signatories/${ids.Anna}/invite`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await invitationsTo(emails.anna)).toHaveLength(3);
    const shown = await t.client('demo').get(`/user/account/invite/${first}`);
    expect(shown.json()).toMatchObject({ status: 'valid' });
    // The back office says who was invited when, and offers "resend".
    const anna = caseResponse
      .parse(resent.json())
      .case.representatives.signatories.find((s) => s.signatory_id === ids.Anna)!;
    expect(anna.invitation).toMatchObject({ first_sent_at: expect.any(String), last_sent_at: expect.any(String) });
    // Accepting with the first link uses them all up.
    await accept(first);
    const second = tokenOf((await invitationsTo(emails.anna))[0]!);
    expect((await t.client('demo').get(`/user/account/invite/${second}`)).json()).toMatchObject({ status: 'invalid' });
  });

  it('the applicant cannot take over a co-signer’s card (finding 3)', async () => {
    const { owner, id, emails, ids, staff } = await signing();
    // The e-mail of an invited card is not the applicant's to change.
    const redirect = await owner.client.patch(`/user/applications/${id}/signatories/${ids.Anna}`, {
      email: owner.user.email,
    });
    expect(redirect.statusCode, redirect.body).toBe(403);
    expect(redirect.json().errors).toContainEqual({ code: 'err_no_permission', field: 'email' });
    // Even where the stored e-mail matches the applicant's (data from before), the card is not hers.
    await t.sql('UPDATE signatories SET email = $2 WHERE id = $1', [ids.Bert, owner.user.email]);
    const cards = signatoriesResponse.parse((await owner.client.get(`/user/applications/${id}/signatories`)).json());
    expect(cards.signatories.find((s) => s.signatory_id === ids.Bert)!.is_current_actor).toBe(false);
    const terms = await owner.client.patch(`/user/applications/${id}/signatories/${ids.Bert}/requirements`, {
      signatory_id: ids.Bert,
      application_id: id,
      sepa_mandate_accepted: true,
      legal_signature_accepted: true,
    });
    expect(terms.statusCode, terms.body).toBe(403);
    // A staff re-invite does not link the card to the applicant.
    expect(
      (await staff.client.post(`/backoffice/applications/${id}/signatories/${ids.Bert}/invite`, {})).statusCode,
    ).toBe(200);
    const [bert] = await t.sql<{ user_id: string | null; invite_status: string }>(
      'SELECT user_id, invite_status FROM signatories WHERE id = $1',
      [ids.Bert],
    );
    expect(bert).toEqual({ user_id: null, invite_status: 'not_accepted' });
    // Staff correct the e-mail: the open links stop working, the card waits for a new invitation.
    const before = tokenOf((await invitationsTo(emails.anna))[0]!);
    const corrected = await staff.client.patch(`/backoffice/applications/${id}/signatories/${ids.Anna}/email`, {
      email: `anna.new-${unique()}@company.example`,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect((await t.client('demo').get(`/user/account/invite/${before}`)).json()).toMatchObject({ status: 'invalid' });
    expect(
      caseResponse.parse(corrected.json()).case.representatives.signatories.find((s) => s.signatory_id === ids.Anna),
    ).toMatchObject({ invite_status: 'not_invited' });
  });

  it('an accepted card is never re-linked nor its e-mail corrected', async () => {
    const { id, emails, ids, staff } = await signing();
    await accept(tokenOf((await invitationsTo(emails.bert))[0]!));
    const corrected = await staff.client.patch(`/backoffice/applications/${id}/signatories/${ids.Bert}/email`, {
      email: `other-${unique()}@company.example`,
    });
    expect(corrected.statusCode, corrected.body).toBe(409);
    const again = await staff.client.post(`/backoffice/applications/${id}/signatories/${ids.Bert}/invite`, {});
    expect(again.statusCode).toBe(409);
  });

  it('tells the applicant who signs nothing what to do, and leads the signer to their steps (finding 11)', async () => {
    const { owner, emails } = await signing();
    const news = (await t.mailbox(owner.user.email)).find((m) => m.template === 'application_status_changed');
    expect(news?.text_body).toMatch(
      /You do not have to sign anything yourself|Sie selbst müssen nichts unterschreiben/,
    );
    expect(linkFrom(news!)).toContain('tab=representatives');
    expect((await invitationsTo(emails.anna))[0]!.text_body).toMatch(/Signatures|Unterschriften/);
  });
});

describe('what only some may do', () => {
  it('shows a signer’s IP to the person and staff only (issue 25, finding 9)', async () => {
    const [owner, rep] = await Promise.all([t.signUp('demo'), t.signUp('demo')]);
    const id = (await createApplication(owner.client)).applicationId;
    await seed(t, id, {
      status: 'Signature',
      signatories: [
        { ...COMPLETE_SIGNATORY, first_name: 'Rita', email: rep.user.email, user_email: rep.user.email },
        { ...COMPLETE_SIGNATORY, first_name: 'Olga', email: owner.user.email, user_email: owner.user.email },
      ],
    });
    const ids = await signatoryIds(t, id);
    const [doc] = await t.sql<{ id: string }>(
      `INSERT INTO documents (application_id, partner_id, document_type, document_name, upload_status, virus_scan_status, is_client_visible, sha256, entity_kind)
       VALUES ($1, 'demo', 'loan_contract', 'Loan.pdf', 'success', 'not_infected', true, $2, 'application') RETURNING id`,
      [id, 'a'.repeat(64)],
    );
    await t.sql(
      `INSERT INTO signing_records (application_id, partner_id, signatory_id, document_id, provider, method, ip, sha256_before)
       VALUES ($1, 'demo', $2, $3, 'idnow', 'online', '203.0.113.7', $4), ($1, 'demo', $5, $3, 'idnow', 'online', '198.51.100.9', $4)`,
      [id, ids.Rita, doc!.id, 'a'.repeat(64), ids.Olga],
    );
    const read = async (client: TestClient) =>
      signingRecordsResponse.parse((await client.get(`/user/applications/${id}/signing_records`)).json()).records;
    const byOwner = await read(owner.client);
    expect(byOwner.find((r) => r.signatory_id === ids.Olga)!.ip).toBe('198.51.100.9');
    expect(byOwner.find((r) => r.signatory_id === ids.Rita)!.ip).toBeNull();
    const byRep = await read(rep.client);
    expect(byRep.find((r) => r.signatory_id === ids.Rita)!.ip).toBe('203.0.113.7');
    expect(byRep.find((r) => r.signatory_id === ids.Olga)!.ip).toBeNull();
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const staffView = signingRecordsResponse.parse(
      (await staff.client.get(`/backoffice/applications/${id}/signing_records`)).json(),
    ).records;
    expect(staffView.map((r) => r.ip).sort()).toEqual(['198.51.100.9', '203.0.113.7']);
  });

  it('lets the applicant answer the back office’s questions, not an accepted signatory (issue 25, finding 13)', async () => {
    const [owner, rep] = await Promise.all([t.signUp('demo'), t.signUp('demo')]);
    const id = (await createApplication(owner.client)).applicationId;
    await seed(t, id, {
      status: 'Submitted',
      signatories: [{ ...COMPLETE_SIGNATORY, email: rep.user.email, user_email: rep.user.email }],
    });
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const asked = await staff.client.post(`/backoffice/applications/${id}/requests`, {
      kind: 'information',
      message: 'How many employees does the company have?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requestId = caseResponse.parse(asked.json()).case.requests[0]!.id;
    // Both read the questions; the server says who answers them.
    expect((await rep.client.get(`/user/applications/${id}/requests`)).json()).toMatchObject({ can_answer: false });
    expect((await owner.client.get(`/user/applications/${id}/requests`)).json()).toMatchObject({ can_answer: true });
    const path = `/user/applications/${id}/requests/${requestId}/answer`;
    const bySigner = await rep.client.post(path, { answer: '42' });
    expect(bySigner.statusCode, bySigner.body).toBe(403);
    const byOwner = await owner.client.post(path, { answer: '42' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
  });
});
