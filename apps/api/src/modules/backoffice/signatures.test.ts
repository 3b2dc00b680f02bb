import { describe, expect, it } from 'vitest';
import { caseResponse } from '@finportal/contracts/backoffice';
import { PASSWORD } from '@finportal/testing/factories';
import { actionsOf, createApplication, makeReady, seed } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { linkFrom, useTestApp } from '../../test/harness.js';

const t = await useTestApp();

async function caseWithSignatory() {
  const borrower = await t.signUp('demo');
  const id = (await createApplication(borrower.client)).applicationId;
  await makeReady(t, borrower.client, id);
  expect((await borrower.client.patch(`/user/applications/${id}/status`, { status: 'Submitted' })).statusCode).toBe(
    200,
  );
  const [person] = await t.sql<{ id: string; email: string }>(
    'SELECT id, email FROM signatories WHERE application_id = $1',
    [id],
  );
  const staff = await loggedInStaff(t, { kind: 'bouser' });
  // Nobody is contacted before the offer is accepted: invitations go out at Signature (ADR 021).
  const early = await staff.client.post(`/backoffice/applications/${id}/signatories/${person!.id}/invite`);
  expect(early.statusCode, early.body).toBe(409);
  expect(early.json()).toEqual({ errors: [{ code: 'err_update_not_allowed' }] });
  await seed(t, id, { status: 'Signature' });
  return { borrower, id, person: person!, staff };
}

describe('signature steps of the back office', () => {
  it('invites a representative without an account: the signing invitation makes them an accepted signatory', async () => {
    const { id, person, staff } = await caseWithSignatory();
    const email = `rep-${Date.now()}@company.example`;
    await t.sql('UPDATE signatories SET email = $2 WHERE id = $1', [person.id, email]);
    const invited = await staff.client.post(`/backoffice/applications/${id}/signatories/${person.id}/invite`);
    expect(invited.statusCode, invited.body).toBe(200);
    const shown = caseResponse
      .parse(invited.json())
      .case.representatives.signatories.find((s) => s.signatory_id === person.id);
    expect(shown?.invite_status).toBe('not_accepted');
    const [mail] = await t.mailbox(email);
    expect(mail).toMatchObject({ template: 'signature_invitation' });
    const token = linkFrom(mail!).split('/').pop()!;

    const rep = t.client('demo', { ip: '10.5.5.5' });
    const accepted = await rep.post('/user/account/invite_accept', {
      password: PASSWORD,
      token,
      accepted_terms: true,
      interface_language: 'de',
      communication_language: 'de',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await t.sql<{ invite_status: string; user_id: string | null }>(
      'SELECT invite_status, user_id FROM signatories WHERE id = $1',
      [person.id],
    );
    expect(row).toMatchObject({ invite_status: 'accepted', user_id: expect.any(String) });
    // An accepted signatory reads the application.
    expect((await rep.get(`/user/applications/${id}`)).statusCode).toBe(200);
  });

  it("accepts the applicant's own entry at once (no e-mail), refuses a person without e-mail, marks an identification done", async () => {
    const { borrower, id, person, staff } = await caseWithSignatory();
    await t.sql('UPDATE signatories SET email = $2 WHERE id = $1', [person.id, borrower.user.email]);
    const invited = await staff.client.post(`/backoffice/applications/${id}/signatories/${person.id}/invite`);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(caseResponse.parse(invited.json()).case.representatives.signatories[0]?.invite_status).toBe('accepted');
    expect((await t.mailbox(borrower.user.email)).map((m) => m.template)).not.toContain('signature_invitation');

    await t.sql('UPDATE signatories SET email = NULL WHERE id = $1', [person.id]);
    const noEmail = await staff.client.post(`/backoffice/applications/${id}/signatories/${person.id}/invite`);
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json()).toEqual({ errors: [{ code: 'err_signatory_data_missing', field: 'email' }] });

    await t.sql(
      `UPDATE signatories SET kyc_status = '{"ident_completed": {"is_required": true, "is_completed": false}}' WHERE id = $1`,
      [person.id],
    );
    expect(Object.keys(await actionsOf(borrower.client, id))).toContain('identification_completed');
    const short = await staff.client.post(`/backoffice/applications/${id}/signatories/${person.id}/identification`, {
      note: 'ok',
    });
    expect(short.statusCode).toBe(400);
    const done = await staff.client.post(`/backoffice/applications/${id}/signatories/${person.id}/identification`, {
      note: 'Identified with passport in the Vienna branch.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(Object.keys(await actionsOf(borrower.client, id))).not.toContain('identification_completed');
    const trail = await t.sql<{ after: { note: string } }>(
      "SELECT after FROM audit_log WHERE action = 'signatory.identified_manually' AND entity_id = $1",
      [person.id],
    );
    expect(trail[0]?.after.note).toBe('Identified with passport in the Vienna branch.');
  });
});
