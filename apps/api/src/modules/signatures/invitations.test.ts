import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { applicationResponse, applicationsListResponse } from '@finportal/contracts/applications';
import { inviteAcceptResponse } from '@finportal/contracts/auth';
import { invitationInfoResponse, invitationResponse } from '@finportal/contracts/signatures';
import { buildBankInfo, buildSignatory, PASSWORD } from '@finportal/testing/factories';
import { enqueue } from '../../platform/jobs/queue.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { createApplication, seed, signatoryIds } from '../../test/dashboard.js';
import { expectErrors, linkFrom, useTestApp, type MailRow, type TestClient } from '../../test/harness.js';
import { INVITE_SIGNERS, SIGNATURE_REMINDERS } from './job-types.js';

const t = await useTestApp();
const DAY = 86_400_000;
const realClock = t.ctx.clock.now;

afterEach(() => {
  t.ctx.clock.now = realClock;
});

/** Fixes the clock `days` after `base` (the invitations, their expiry and the reminders read it). */
const at = (base: Date, days: number) => {
  const moved = new Date(base.getTime() + days * DAY);
  t.ctx.clock.now = () => moved;
};

const unique = () => randomBytes(4).toString('hex');

/**
 * An application at Final_Sales_Check with the final pricing and four representatives: the
 * applicant themselves (the owner's e-mail), two signers with an e-mail and one who does not sign;
 * then the back office moves it to Signature (which enqueues INVITE_SIGNERS), and the jobs run.
 */
async function atSignature(options: { repEmail?: string } = {}) {
  const owner = await t.signUp('demo');
  const id = (await createApplication(owner.client)).applicationId;
  const tag = unique();
  const emails = {
    anna: options.repEmail ?? `anna-${tag}@company.example`,
    bert: `bert-${tag}@company.example`,
    carl: `carl-${tag}@company.example`,
  };
  await seed(t, id, {
    status: 'Final_Sales_Check',
    signatories: [
      buildSignatory({ first_name: 'Olga', last_name: 'Owner', email: owner.user.email.toUpperCase() }),
      buildSignatory({ first_name: 'Anna', last_name: 'Alpha', email: emails.anna, is_sole_signatory: false }),
      buildSignatory({ first_name: 'Bert', last_name: 'Beta', email: emails.bert, is_sole_signatory: false }),
      buildSignatory({
        first_name: 'Carl',
        last_name: 'Gamma',
        email: emails.carl,
        is_contract_signatory: false,
        is_sole_signatory: false,
      }),
    ],
  });
  await t.sql('UPDATE applications SET final_interest_rate = 6.5, final_transaction_fee = 1500 WHERE id = $1', [id]);
  const staff = await loggedInStaff(t, { kind: 'bouser' });
  const moved = await staff.client.patch(`/backoffice/applications/${id}/status`, {
    status: 'Signature',
    reason: 'ready to sign',
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const ids = await signatoryIds(t, id);
  return { owner, id, emails, ids, staff };
}

const signingMails = async (to: string) =>
  (await t.mailbox(to)).filter((m) => m.template === 'signature_invitation' || m.template === 'signature_reminder');

const tokenOf = (mail: MailRow) => {
  const link = new URL(linkFrom(mail));
  expect(link.pathname).toMatch(/^\/user\/account\/invite\/[A-Za-z0-9_-]{43}$/);
  return link.pathname.split('/').pop()!;
};

async function tokenFor(email: string): Promise<string> {
  const [mail] = await signingMails(email);
  expect(mail, `an invitation to ${email}`).toBeDefined();
  return tokenOf(mail!);
}

const acceptBody = (token: string, password = PASSWORD) => ({
  password,
  token,
  accepted_terms: true,
  accepted_partner_terms: true,
  interface_language: 'en',
  communication_language: 'en',
});

async function info(client: TestClient, token: string) {
  const res = await client.get(`/user/account/invite/${token}`);
  expect(res.statusCode, res.body).toBe(200);
  return invitationInfoResponse.parse(res.json());
}

async function inviteStatus(signatoryId: string): Promise<string> {
  const [row] = await t.sql<{ invite_status: string }>('SELECT invite_status FROM signatories WHERE id = $1', [
    signatoryId,
  ]);
  return row!.invite_status;
}

describe('the move to Signature', () => {
  it('invites every signer once, in a branded e-mail with a single-use link; not the applicant, not a non-signer', async () => {
    const { owner, id, emails, ids } = await atSignature();
    await t.ctx.jobs.drain();
    for (const email of [emails.anna, emails.bert]) {
      const mails = await signingMails(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'signature_invitation', partner_id: 'demo' });
      expect(mails[0]!.text_body).toContain('Olga Owner');
      expect(mails[0]!.html_body).toContain('http://demo.localhost:3000/user/account/invite/');
    }
    expect(await signingMails(emails.carl)).toHaveLength(0);
    expect(await signingMails(owner.user.email)).toHaveLength(0);
    expect(await inviteStatus(ids.Olga!)).toBe('accepted');
    expect(await inviteStatus(ids.Anna!)).toBe('not_accepted');
    expect(await inviteStatus(ids.Carl!)).toBe('not_invited');
    // Only the hash is stored, never the token.
    const token = await tokenFor(emails.anna);
    const stored = await t.sql<{ token_hash: string }>(
      'SELECT token_hash FROM signature_invitations WHERE application_id = $1',
      [id],
    );
    expect(stored).toHaveLength(2);
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash) && r.token_hash !== token)).toBe(true);

    // A second run (the job retried, or enqueued again) mails nobody twice.
    await enqueue(t.ctx.db, INVITE_SIGNERS, { application_id: id });
    await t.ctx.jobs.drain();
    expect(await signingMails(emails.anna)).toHaveLength(1);
    expect(await signingMails(emails.bert)).toHaveLength(1);

    const shown = await info(t.client('demo'), token);
    expect(shown).toMatchObject({
      status: 'valid',
      email: emails.anna,
      account_exists: false,
      inviter_name: 'Olga Owner',
      company_name: expect.any(String),
      short_application_id: expect.any(String),
    });
  });
});

describe('accepting', () => {
  it('creates the account; the person sees the application in their list and may change only their own data', async () => {
    const { owner, id, emails, ids } = await atSignature();
    const token = await tokenFor(emails.anna);
    const rep = t.client('demo', { ip: '10.14.0.1' });
    const accepted = await rep.post('/user/account/invite_accept', acceptBody(token));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(inviteAcceptResponse.parse(accepted.json())).toEqual({ ok: true, email: emails.anna, application_id: id });
    const profile = await rep.profile();
    expect(profile.email).toBe(emails.anna);
    const [row] = await t.sql<{ invite_status: string; user_id: string; status: string; confirmed: boolean }>(
      `SELECT s.invite_status, s.user_id, u.status, u.email_confirmed_at IS NOT NULL AS confirmed
       FROM signatories s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
      [ids.Anna],
    );
    expect(row).toMatchObject({ invite_status: 'accepted', status: 'active', confirmed: true });

    const list = applicationsListResponse.parse((await rep.get('/user/applications')).json());
    expect(list.applications.map((a) => a.applicationId)).toEqual([id]);
    const app = applicationResponse.parse((await rep.get(`/user/applications/${id}`)).json()).application;
    expect(app.allowed_updates).toEqual(['signatory_tin', 'signatory_contact']);
    // Not the owner's: the bank data, and a new invitation to someone else.
    expect((await rep.patch(`/user/applications/${id}/bankinfo`, buildBankInfo())).statusCode).toBe(403);
    expectErrors(await rep.post(`/user/applications/${id}/signatories/${ids.Bert}/invitation`), 403, [
      { code: 'err_no_permission' },
    ]);
    // Another application of the same owner stays unknown to them.
    const other = (await createApplication(owner.client)).applicationId;
    expect((await rep.get(`/user/applications/${other}`)).statusCode).toBe(404);

    // The link worked once.
    expectErrors(await t.client('demo').post('/user/account/invite_accept', acceptBody(token)), 400, [
      { code: 'err_token_used', field: 'token' },
    ]);
    expect(await info(t.client('demo'), token)).toEqual({ status: 'invalid' });
    const trail = await t.sql('SELECT 1 FROM audit_log WHERE action = $1 AND entity_id = $2', [
      'signatory.invitation_accepted',
      ids.Anna,
    ]);
    expect(trail).toHaveLength(1);
  });

  it('an existing account accepts with its own password; a wrong one is refused and links nothing', async () => {
    const existing = await t.signUp('demo', { ip: '10.14.0.2' });
    const { id, ids } = await atSignature({ repEmail: existing.user.email });
    const token = await tokenFor(existing.user.email);
    expect(await info(t.client('demo'), token)).toMatchObject({ status: 'valid', account_exists: true });

    const browser = t.client('demo', { ip: '10.14.0.3' });
    expectErrors(await browser.post('/user/account/invite_accept', acceptBody(token, 'Wrong-Passw0rd!')), 401, [
      { code: 'err_invalid_credentials' },
    ]);
    expect(await inviteStatus(ids.Anna!)).toBe('not_accepted');
    expect(browser.session).toBeUndefined();

    const ok = await browser.post('/user/account/invite_accept', acceptBody(token));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await browser.profile()).user_id).toBe(existing.user.userId);
    const [row] = await t.sql<{ user_id: string }>('SELECT user_id FROM signatories WHERE id = $1', [ids.Anna]);
    expect(row!.user_id).toBe(existing.user.userId);
    expect((await existing.client.get(`/user/applications/${id}`)).statusCode).toBe(200);
  });

  it("refuses a logged-in user with another e-mail, another partner's host, an unknown and an expired token", async () => {
    const base = new Date();
    at(base, 0);
    const { emails, ids } = await atSignature();
    const token = await tokenFor(emails.anna);

    const stranger = await t.signUp('demo', { ip: '10.14.0.4' });
    expectErrors(await stranger.client.post('/user/account/invite_accept', acceptBody(token)), 403, [
      { code: 'err_no_permission' },
    ]);

    // The link is bound to its partner's portal: elsewhere it is unknown.
    expect(await info(t.client('nordbank'), token)).toEqual({ status: 'invalid' });
    expectErrors(await t.client('nordbank').post('/user/account/invite_accept', acceptBody(token)), 400, [
      { code: 'err_token_invalid', field: 'token' },
    ]);
    const unknown = randomBytes(32).toString('base64url');
    expect(await info(t.client('demo'), unknown)).toEqual({ status: 'invalid' });
    expectErrors(await t.client('demo').post('/user/account/invite_accept', acceptBody(unknown)), 400, [
      { code: 'err_token_invalid', field: 'token' },
    ]);
    expect(await inviteStatus(ids.Anna!)).toBe('not_accepted');

    // 14 days (the partner's invitation_valid_days) later it has expired.
    at(base, 13.9);
    expect((await info(t.client('demo'), token)).status).toBe('valid');
    at(base, 14.01);
    expect(await info(t.client('demo'), token)).toEqual({ status: 'expired' });
    expectErrors(await t.client('demo').post('/user/account/invite_accept', acceptBody(token)), 400, [
      { code: 'err_token_expired', field: 'token' },
    ]);
    // The reminder job stores it (no reminder is due: one went out just before).
    await t.sql('UPDATE signatories SET last_reminder_at = $2 WHERE id = $1', [
      ids.Anna,
      new Date(base.getTime() + 13.5 * DAY),
    ]);
    await t.sql('UPDATE signatories SET last_reminder_at = $2 WHERE id = $1', [
      ids.Bert,
      new Date(base.getTime() + 13.5 * DAY),
    ]);
    await enqueue(t.ctx.db, SIGNATURE_REMINDERS, {});
    await t.ctx.jobs.drain();
    expect(await inviteStatus(ids.Anna!)).toBe('expired');
    expect(await signingMails(emails.anna)).toHaveLength(1);
  });
});

describe('a new invitation', () => {
  it('the applicant resends: a new link, the old one keeps working until one is used; not to an accepted person', async () => {
    const { owner, id, emails, ids, staff } = await atSignature();
    const old = await tokenFor(emails.bert);
    const res = await owner.client.post(`/user/applications/${id}/signatories/${ids.Bert}/invitation`);
    expect(res.statusCode, res.body).toBe(200);
    expect(invitationResponse.parse(res.json())).toMatchObject({
      signatory_id: ids.Bert,
      invite_status: 'not_accepted',
    });
    const mails = await signingMails(emails.bert);
    expect(mails).toHaveLength(2);
    const fresh = tokenOf(mails[0]!);
    expect(fresh).not.toBe(old);
    // A resend never breaks a link the person already holds (ADR 021).
    expect(await info(t.client('demo'), old)).toMatchObject({ status: 'valid' });
    expect(await info(t.client('demo'), fresh)).toMatchObject({ status: 'valid' });

    // The back office sends the same kind of invitation again; every link still works.
    const byStaff = await staff.client.post(`/backoffice/applications/${id}/signatories/${ids.Bert}/invite`);
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    const newest = await tokenFor(emails.bert);
    expect(await info(t.client('demo'), fresh)).toMatchObject({ status: 'valid' });
    const accepted = await t.client('demo', { ip: '10.14.0.5' }).post('/user/account/invite_accept', acceptBody(old));
    expect(accepted.statusCode, accepted.body).toBe(200);
    // One used: the others answer as used.
    for (const token of [fresh, newest]) {
      expect(await info(t.client('demo'), token)).toEqual({ status: 'invalid' });
      expectErrors(await t.client('demo').post('/user/account/invite_accept', acceptBody(token)), 400, [
        { code: 'err_token_used', field: 'token' },
      ]);
    }

    for (const who of [ids.Bert, ids.Olga, ids.Carl]) {
      expectErrors(await owner.client.post(`/user/applications/${id}/signatories/${who}/invitation`), 409, [
        { code: 'err_update_not_allowed' },
      ]);
    }
    expectErrors(await staff.client.post(`/backoffice/applications/${id}/signatories/${ids.Bert}/invite`), 409, [
      { code: 'err_update_not_allowed' },
    ]);
    // Only at Signature.
    await t.sql("UPDATE applications SET status = 'Final_Review' WHERE id = $1", [id]);
    expectErrors(await owner.client.post(`/user/applications/${id}/signatories/${ids.Anna}/invitation`), 409, [
      { code: 'err_update_not_allowed' },
    ]);
  });
});

describe('reminders', () => {
  it('after 5 days, then every 2 days, none from day 30 or once signed; a new link while not accepted', async () => {
    const base = new Date();
    at(base, 0);
    const { owner, id, emails, ids } = await atSignature();
    await t.ctx.jobs.drain();
    const annaToken = await tokenFor(emails.anna);
    const accepted = await t
      .client('demo', { ip: '10.14.0.6' })
      .post('/user/account/invite_accept', acceptBody(annaToken));
    expect(accepted.statusCode, accepted.body).toBe(200);

    const runAt = async (days: number) => {
      at(base, days);
      await enqueue(t.ctx.db, SIGNATURE_REMINDERS, {});
      await t.ctx.jobs.drain();
    };
    const reminders = async (email: string) =>
      (await signingMails(email)).filter((m) => m.template === 'signature_reminder');

    await runAt(4.9);
    expect(await reminders(emails.bert)).toHaveLength(0);
    expect(await reminders(emails.anna)).toHaveLength(0);

    await runAt(5);
    const [bertFirst] = await reminders(emails.bert);
    expect(bertFirst).toBeDefined();
    // Not accepted: a new invitation; the first link no longer works.
    const newToken = tokenOf(bertFirst!);
    expect((await info(t.client('demo'), newToken)).status).toBe('valid');
    const [annaFirst] = await reminders(emails.anna);
    expect(new URL(linkFrom(annaFirst!)).pathname + new URL(linkFrom(annaFirst!)).search).toBe(
      `/dashboard/applications/${id}?tab=signatures`,
    );
    // The applicant signs too and is reminded of it.
    expect(await reminders(owner.user.email)).toHaveLength(1);

    await runAt(6);
    expect(await reminders(emails.bert)).toHaveLength(1);
    await runAt(7);
    expect(await reminders(emails.bert)).toHaveLength(2);
    expect(await reminders(emails.anna)).toHaveLength(2);

    // Anna signs: no more reminders for her.
    await t.sql('UPDATE signatories SET signature_completed_at = now() WHERE id = $1', [ids.Anna]);
    await runAt(9);
    expect(await reminders(emails.bert)).toHaveLength(3);
    expect(await reminders(emails.anna)).toHaveLength(2);

    await runAt(29.9);
    expect(await reminders(emails.bert)).toHaveLength(4);
    await runAt(30);
    await runAt(33);
    expect(await reminders(emails.bert)).toHaveLength(4);
    expect(await reminders(emails.carl)).toHaveLength(0);
  });
});
