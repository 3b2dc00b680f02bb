import { beforeAll, describe, expect, it } from 'vitest';
import { applicationResponse } from '@finportal/contracts/applications';
import { createApplication, makeReady, pendingOf, seed } from '../../test/dashboard.js';
import {
  errorsOf,
  expectErrors,
  linkFrom,
  registerAndConfirm,
  useTestApp,
  type TestClient,
} from '../../test/harness.js';

/**
 * PATCH /user/applications/{id}/status: the owner moves an Open application to the status that
 * next_status_validate names (Submitted) once nothing is pending; history, audit and mail are
 * written with it, exactly once even when the request arrives many times at once.
 */
const t = await useTestApp();
const { client: owner, user: ownerUser } = await t.signUp('demo');

const submit = (client: TestClient, id: string, status: string = 'Submitted') =>
  client.patch(`/user/applications/${id}/status`, { status });

/** Status, status history, audit rows of status changes and submission mails of an application. */
async function recordOf(id: string) {
  const [row] = await t.sql<{ status: string; submitted_at: Date | null }>(
    'SELECT status, submitted_at FROM applications WHERE id = $1',
    [id],
  );
  const history = await t.sql<{ from_status: string | null; to_status: string; changed_by: string | null }>(
    'SELECT from_status, to_status, changed_by FROM application_status_history WHERE application_id = $1 ORDER BY id',
    [id],
  );
  const audits = await t.sql<{
    action: string;
    user_id: string;
    actor_kind: string;
    before: unknown;
    after: unknown;
    data: Record<string, unknown>;
  }>(
    "SELECT action, user_id, actor_kind, before, after, data FROM audit_log WHERE entity = 'application' AND entity_id = $1 AND action = 'application.status_changed'",
    [id],
  );
  const mails = (await t.mailbox(ownerUser.email)).filter(
    (m) => m.template === 'application_submitted' && linkFrom(m).endsWith(`/dashboard/applications/${id}`),
  );
  return { status: row!.status, submittedAt: row!.submitted_at, history, audits, mails };
}

describe('refused while items are pending', () => {
  it('409 err_application_not_ready with every pending error; status, history and mail unchanged', async () => {
    const { applicationId: id } = await createApplication(owner);
    const pending = await pendingOf(owner, id);
    expect(pending.next_status).toBe('Submitted');
    expect(pending.pending_actions.map((a) => a.action)).toEqual([
      'bank_information',
      'signatories_specified',
      'required_documents',
    ]);

    const res = await submit(owner, id);
    expectErrors(res, 409, [
      { code: 'err_application_not_ready' },
      { code: 'err_no_bank_name', field: 'bank_information' },
      { code: 'err_no_iban', field: 'bank_information' },
      { code: 'err_no_signatories', field: 'signatories_specified' },
      { code: 'err_required_documents_missing', field: 'required_documents' },
    ]);
    expect(errorsOf(res)[0]).toEqual({ code: 'err_application_not_ready' });

    const record = await recordOf(id);
    expect(record).toMatchObject({ status: 'Open', submittedAt: null, audits: [], mails: [] });
    expect(record.history).toEqual([{ from_status: null, to_status: 'Open', changed_by: ownerUser.userId }]);
  });

  it('one item left (a BWA/SuSa that is out of date) is enough to refuse', async () => {
    const { applicationId: id } = await createApplication(owner);
    await makeReady(t, owner, id);
    await t.sql(
      "UPDATE documents SET as_of_date = now() - interval '120 days' WHERE document_type = 'bwa_susa' AND application_id = $1",
      [id],
    );
    expectErrors(await submit(owner, id), 409, [
      { code: 'err_application_not_ready' },
      { code: 'err_documents_outdated', field: 'required_documents' },
    ]);
    expect((await recordOf(id)).status).toBe('Open');
  });

  it('an unconfirmed e-mail keeps the application from being submitted', async () => {
    const unconfirmed = t.client('demo', { ip: '10.0.1.2' });
    await registerAndConfirm(unconfirmed, {}, { confirm: false });
    const { applicationId: id } = await createApplication(unconfirmed);
    await makeReady(t, unconfirmed, id);
    expectErrors(await submit(unconfirmed, id), 409, [
      { code: 'err_application_not_ready' },
      { code: 'err_email_not_confirmed', field: 'email_verification' },
    ]);
    const [row] = await t.sql('SELECT status FROM applications WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'Open' });
  });
});

describe('refused for any other status or when not Open', () => {
  let id: string;

  beforeAll(async () => {
    id = (await createApplication(owner)).applicationId;
    await makeReady(t, owner, id);
  });

  it('a status other than next_status: 409 err_status_change_not_allowed, a move of the back office 403', async () => {
    expect((await pendingOf(owner, id)).pending_actions).toEqual([]);
    for (const status of ['Approved', 'Open', 'Paid_Out', 'submitted', 'Whatever']) {
      expectErrors(await submit(owner, id, status), 409, [{ code: 'err_status_change_not_allowed', field: 'status' }]);
    }
    // Moves of the workflow that are not the borrower's (ADR 021): err_no_permission.
    for (const status of ['PreCheck', 'Rejected']) {
      expectErrors(await submit(owner, id, status), 403, [{ code: 'err_no_permission' }]);
    }
    const record = await recordOf(id);
    expect(record).toMatchObject({ status: 'Open', audits: [], mails: [] });
    expect(record.history).toHaveLength(1);
  });

  it('a missing or empty status is 400 err_required', async () => {
    expectErrors(await owner.patch(`/user/applications/${id}/status`, {}), 400, [
      { code: 'err_required', field: 'status' },
    ]);
    expectErrors(await submit(owner, id, ''), 400, [{ code: 'err_required', field: 'status' }]);
  });

  it('an application that is not Open (Signature, Rejected) cannot be moved by the borrower', async () => {
    await seed(t, id, { status: 'Signature' });
    expect((await pendingOf(owner, id)).next_status).toBe('Final_Review');
    expectErrors(await submit(owner, id, 'Submitted'), 409, [
      { code: 'err_status_change_not_allowed', field: 'status' },
    ]);
    // The move after the last signature is the system's (and staff's), never the borrower's.
    expectErrors(await submit(owner, id, 'Final_Review'), 403, [{ code: 'err_no_permission' }]);
    await seed(t, id, { status: 'Rejected' });
    expectErrors(await submit(owner, id), 409, [{ code: 'err_status_change_not_allowed', field: 'status' }]);
    const record = await recordOf(id);
    expect(record).toMatchObject({ status: 'Rejected', submittedAt: null, audits: [], mails: [] });
    // Creation and the two fixture moves only.
    expect(record.history.map((h) => h.to_status)).toEqual(['Open', 'Signature', 'Rejected']);
  });
});

describe('a submission with nothing pending', () => {
  it('moves Open → Submitted with history, audit entry and an application_submitted mail', async () => {
    const created = await createApplication(owner);
    const id = created.applicationId;
    await makeReady(t, owner, id);
    expect(await pendingOf(owner, id)).toEqual({ pending_actions: [], next_status: 'Submitted' });

    const res = await submit(owner, id);
    expect(res.statusCode, res.body).toBe(200);
    const { application } = applicationResponse.parse(res.json());
    expect(application).toMatchObject({
      applicationId: id,
      status: 'Submitted',
      allowed_updates: ['signatory_other', 'signatory_tin', 'signatory_contact'],
    });

    const record = await recordOf(id);
    expect(record.status).toBe('Submitted');
    expect(record.submittedAt).toBeInstanceOf(Date);
    expect(record.history).toEqual([
      { from_status: null, to_status: 'Open', changed_by: ownerUser.userId },
      { from_status: 'Open', to_status: 'Submitted', changed_by: ownerUser.userId },
    ]);
    // One audit shape for every mover (ADR 021): before and after, the actor, the move's events.
    expect(record.audits).toEqual([
      {
        action: 'application.status_changed',
        user_id: ownerUser.userId,
        actor_kind: 'user',
        before: { status: 'Open' },
        after: { status: 'Submitted' },
        data: {
          short_id: created.shortApplicationId,
          reason: null,
          events: ['application.status_changed', 'application.submitted'],
        },
      },
    ]);
    expect(record.mails).toHaveLength(1);
    const mail = record.mails[0]!;
    expect(mail).toMatchObject({ partner_id: 'demo', to_address: ownerUser.email, language: 'de' });
    expect(linkFrom(mail)).toBe(`http://demo.localhost:3000/dashboard/applications/${id}`);
    expect(mail.text_body).toContain(created.shortApplicationId);

    // Nothing left for the borrower; a second submission is refused.
    expect(await pendingOf(owner, id)).toEqual({ pending_actions: [], next_status: null });
    expectErrors(await submit(owner, id), 409, [{ code: 'err_status_change_not_allowed', field: 'status' }]);
    expect((await recordOf(id)).history).toHaveLength(2);
  });

  it('20 concurrent submissions succeed exactly once: one 200, nineteen 409, one history row, one mail', async () => {
    const { applicationId: id } = await createApplication(owner);
    await makeReady(t, owner, id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => submit(owner, id)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expectErrors(res, 409, [{ code: 'err_status_change_not_allowed', field: 'status' }]);
    }
    const record = await recordOf(id);
    expect(record.status).toBe('Submitted');
    expect(record.history.filter((h) => h.to_status === 'Submitted')).toEqual([
      { from_status: 'Open', to_status: 'Submitted', changed_by: ownerUser.userId },
    ]);
    expect(record.audits).toHaveLength(1);
    expect(record.mails).toHaveLength(1);
  });
});
