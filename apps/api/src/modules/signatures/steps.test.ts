import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatoriesResponse } from '@finportal/contracts/representative-schemas';
import {
  loanContractResponse,
  requirementsResponse,
  signaturesOverviewResponse,
  signingRecordsResponse,
} from '@finportal/contracts/signatures';
import { actionsOf } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { expectError, useTestApp } from '../../test/harness.js';
import { signingSteps } from '../../test/signing-steps.js';
import { DocumentsService } from '../documents/public.js';
import { SESSION_COMPLETED } from './job-types.js';
import { enqueue } from '../../platform/jobs/queue.js';

const t = await useTestApp();
const {
  demo,
  files,
  signed,
  runJobs,
  base,
  signingCase,
  provide,
  identified,
  setTaxId,
  requirementsOf,
  terms,
  announceSignedCopy,
  uploadSignedCopy,
} = signingSteps(t);

describe('the signing steps computed from data', () => {
  it('a signer, a guarantor and someone who does not sign', async () => {
    const { id, owner, rep, ids } = await signingCase();
    const list = signatoriesResponse.parse((await owner.client.get(`/user/applications/${id}/signatories`)).json());
    const of = (sid: string) => list.signatories.find((s) => s.signatory_id === sid)!;
    const step = (is_required: boolean, is_completed: boolean) => ({ is_required, is_completed });
    expect(of(ids.Olga).kyc_status).toEqual({
      tax_id_specified: step(true, false),
      ident_completed: step(true, false),
      guarantor_contract_exist: step(false, false),
      guarantor_contract_uploaded: step(false, false),
      loan_signature: step(true, false),
      sepa_mandate_accepted: step(true, false),
      legal_signature_accepted: step(true, false),
    });
    expect(of(ids.Gustav).kyc_status).toMatchObject({
      guarantor_contract_exist: step(true, false),
      guarantor_contract_uploaded: step(true, false),
    });
    expect(of(ids.Nina)).toMatchObject({ kyc_status: {}, requirements: null });
    expect(of(ids.Gustav).requirements).toMatchObject({
      signature_provider: 'idnow',
      signature_status: 'NotCompleted',
      is_video_id_required: true,
      is_loan_signature_required: true,
      is_ubo_signature_required: true,
      guarantor_contract_url: null,
      required_other_documents: [],
    });

    // The back office provides the contracts; the tax id and the identification (an e-sign session
    // that covered the loan contract) are done.
    await provide(id, 'loan_contract');
    const contract = await provide(id, 'guarantor_contract');
    await setTaxId(ids.Gustav);
    await identified(id, ids.Gustav);
    const mine = await requirementsOf(rep.client, id, ids.Gustav);
    expect(mine.kyc_status).toMatchObject({
      tax_id_specified: step(true, true),
      ident_completed: step(true, true),
      loan_signature: step(true, true),
      guarantor_contract_exist: step(true, true),
      guarantor_contract_uploaded: step(true, false),
    });
    expect(mine.requirements.signature_status).toBe('Completed');
    expect(mine.requirements.guarantor_contract_url).toMatch(/\/downloads\//);
    expect(mine.requirements.required_other_documents).toEqual([
      { document_id: contract, document_type: 'guarantor_contract', signing_method: 'offline', is_signed: false },
    ]);
    expect(mine.signers.map((s) => s.name).sort()).toEqual(['Gustav Mustermann', 'Olga Mustermann']);
    expect(mine.ident).toMatchObject({ provider: 'idnow', kind: 'esign', status: 'completed', url: null });

    // A manual identification of the back office (stored kyc_status) counts as identified.
    await t.sql(
      `UPDATE signatories SET kyc_status = '{"ident_completed":{"is_required":true,"is_completed":true}}' WHERE id = $1`,
      [ids.Olga],
    );
    expect((await requirementsOf(owner.client, id, ids.Olga)).kyc_status.ident_completed).toEqual(step(true, true));
  });

  it('only the person reads their requirements: another representative 403, another borrower 404, before Signature 409', async () => {
    const { id, owner, rep, ids } = await signingCase();
    expectError(await owner.client.get(`${base(id, ids.Gustav)}/requirements`), 403, 'err_no_permission');
    expectError(await rep.client.get(`${base(id, ids.Olga)}/requirements`), 403, 'err_no_permission');
    const stranger = await t.signUp('demo');
    expectError(await stranger.client.get(`${base(id, ids.Olga)}/requirements`), 404, 'err_entity_not_found');
    expectError(
      await owner.client.get(`${base(id, randomBytes(16).toString('hex'))}/requirements`),
      404,
      'err_entity_not_found',
    );
    await t.sql(`UPDATE applications SET status = 'Submitted' WHERE id = $1`, [id]);
    expectError(await owner.client.get(`${base(id, ids.Olga)}/requirements`), 409, 'err_signature_not_open');
    expectError(await owner.client.get(`/user/applications/${id}/signatures`), 409, 'err_signature_not_open');
  });
});

describe('step 4: the terms', () => {
  it('refuses a missing mandate, missing terms, other ids and open steps; then completes the person once', async () => {
    const { id, owner, ids } = await signingCase();
    const path = `${base(id, ids.Olga)}/requirements`;
    const noSepa = await owner.client.patch(path, terms(id, ids.Olga, { sepa_mandate_accepted: false }));
    expect(noSepa.statusCode).toBe(400);
    expect(noSepa.json()).toEqual({
      errors: [{ code: 'err_sepa_mandate_not_accepted', field: 'sepa_mandate_accepted' }],
    });
    expectError(
      await owner.client.patch(path, terms(id, ids.Olga, { legal_signature_accepted: false })),
      400,
      'err_terms_not_accepted',
      'legal_signature_accepted',
    );
    expectError(await owner.client.patch(path, terms(id, ids.Gustav)), 400, 'err_invalid_value', 'signatory_id');

    const open = await owner.client.patch(path, terms(id, ids.Olga));
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({
      errors: [
        {
          code: 'err_signature_steps_incomplete',
          values: { steps: 'tax_id_specified,ident_completed,loan_signature' },
        },
      ],
    });
    const [before] = await t.sql<{ signature_completed_at: Date | null }>(
      'SELECT signature_completed_at FROM signatories WHERE id = $1',
      [ids.Olga],
    );
    expect(before!.signature_completed_at).toBeNull();

    await setTaxId(ids.Olga);
    // An e-sign session before the loan contract was there signed nothing of it.
    await identified(id, ids.Olga);
    expect((await owner.client.patch(path, terms(id, ids.Olga))).json()).toEqual({
      errors: [{ code: 'err_signature_steps_incomplete', values: { steps: 'loan_signature' } }],
    });
    await provide(id, 'loan_contract');
    await identified(id, ids.Olga);
    const done = await owner.client.patch(path, terms(id, ids.Olga));
    expect(done.statusCode, done.body).toBe(200);
    const answer = requirementsResponse.parse(done.json());
    expect(answer.kyc_status.sepa_mandate_accepted).toEqual({ is_required: true, is_completed: true });
    expect(answer.requirements.signature_completed_at).not.toBeNull();
    const again = requirementsResponse.parse((await owner.client.patch(path, terms(id, ids.Olga))).json());
    expect(again.requirements.signature_completed_at).toBe(answer.requirements.signature_completed_at);
    const trail = await t.sql("SELECT 1 FROM audit_log WHERE action = 'signature.terms_accepted' AND entity_id = $1", [
      ids.Olga,
    ]);
    expect(trail).toHaveLength(1);
  });
});

describe('the signed guarantee agreement (offline)', () => {
  it('links the uploaded signed copy with a signing record, once; refuses what does not fit', async () => {
    const { id, owner, rep, ids } = await signingCase();
    const path = `${base(id, ids.Gustav)}/signed_document`;
    const early = await uploadSignedCopy(rep.client, id, 'too early');
    expectError(
      await rep.client.patch(path, { unsigned_doc_id: early.documentId, signed_doc_id: early.documentId }),
      409,
      'err_document_not_linkable',
      'unsigned_doc_id',
    );
    const contract = await provide(id, 'guarantor_contract');
    const [{ sha256: contractSha } = { sha256: '' }] = await t.sql<{ sha256: string }>(
      'SELECT sha256 FROM documents WHERE id = $1',
      [contract],
    );
    // Not a guarantor: the applicant.
    expectError(
      await owner.client.patch(`${base(id, ids.Olga)}/signed_document`, {
        unsigned_doc_id: contract,
        signed_doc_id: early.documentId,
      }),
      409,
      'err_signing_method_not_allowed',
    );
    // The agreement itself is no signed copy; someone else's upload is not theirs.
    expectError(
      await rep.client.patch(path, { unsigned_doc_id: contract, signed_doc_id: contract }),
      409,
      'err_document_not_linkable',
      'signed_doc_id',
    );
    // Only a person who signs the agreement on paper uploads a signed copy (ADR 021): not the applicant.
    expectError(await announceSignedCopy(owner.client, id, files.pdf('by the applicant')), 403, 'err_no_permission');
    // A copy someone else uploaded (stored before this rule) is not the guarantor's to link.
    const [othersCopy] = await t.sql<{ id: string }>(
      `INSERT INTO documents (application_id, partner_id, document_type, document_name, upload_status, virus_scan_status,
         content_type, sha256, created_by)
       VALUES ($1, 'demo', 'guarantor_contract_signed', 'other.pdf', 'success', 'not_scanned', 'application/pdf', $2, $3) RETURNING id`,
      [id, 'b'.repeat(64), owner.user.userId],
    );
    expectError(
      await rep.client.patch(path, { unsigned_doc_id: contract, signed_doc_id: othersCopy!.id }),
      409,
      'err_document_not_linkable',
      'signed_doc_id',
    );

    const copy = await uploadSignedCopy(rep.client, id);
    for (let i = 0; i < 2; i++) {
      const res = await rep.client.patch(path, { unsigned_doc_id: contract, signed_doc_id: copy.documentId });
      expect(res.statusCode, res.body).toBe(200);
      const answer = requirementsResponse.parse(res.json());
      expect(answer.kyc_status.guarantor_contract_uploaded).toEqual({ is_required: true, is_completed: true });
      expect(answer.requirements.required_other_documents[0]?.is_signed).toBe(true);
    }
    const records = signingRecordsResponse.parse(
      (await owner.client.get(`/user/applications/${id}/signing_records`)).json(),
    ).records;
    expect(records).toEqual([
      expect.objectContaining({
        signatory_id: ids.Gustav,
        signer_name: 'Gustav Mustermann',
        document_id: contract,
        document_type: 'guarantor_contract',
        signed_document_id: copy.documentId,
        provider: 'offline',
        method: 'offline',
        sha256_before: contractSha,
        sha256_after: copy.sha256,
      }),
    ]);
    // The signer's address is theirs and the back office's: the applicant does not see it (ADR 021).
    expect(records[0]!.ip).toBeNull();
    const own = signingRecordsResponse.parse((await rep.client.get(`/user/applications/${id}/signing_records`)).json());
    expect(own.records[0]!.ip).toBeTruthy();

    // Online signing partners: no offline link.
    demo.signatures = { ...demo.signatures, guarantor_contract_signing: 'online' };
    expectError(
      await rep.client.patch(path, { unsigned_doc_id: contract, signed_doc_id: copy.documentId }),
      409,
      'err_signing_method_not_allowed',
    );
  });
});

describe('the loan contract and the records', () => {
  it('404 until the back office shows one, then its download URL to the applicant and the signatories', async () => {
    const { id, owner, rep } = await signingCase();
    expectError(await owner.client.get(`/user/applications/${id}/loan_contract`), 404, 'err_entity_not_found');
    // A contract still hidden from the borrower is not provided.
    await new DocumentsService(t.ctx).storeStaffDocument(t.ctx.db, {
      applicationId: id,
      partnerId: 'demo',
      documentType: 'loan_contract',
      fileName: 'hidden.pdf',
      contentType: 'application/pdf',
      bytes: files.pdf('hidden'),
      trusted: true,
    });
    expectError(await owner.client.get(`/user/applications/${id}/loan_contract`), 404, 'err_entity_not_found');
    const contract = await provide(id, 'loan_contract');
    for (const client of [owner.client, rep.client]) {
      const res = await client.get(`/user/applications/${id}/loan_contract`);
      expect(res.statusCode, res.body).toBe(200);
      expect(loanContractResponse.parse(res.json())).toMatchObject({
        document_id: contract,
        document_name: 'Loan-contract.pdf',
        download_url: expect.stringMatching(/\/downloads\//),
        is_signed: false,
      });
    }
    const download = await owner.client.get(`/user/applications/${id}/signing_records?download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="signing-records-/);
    expect(download.json()).toEqual({ records: [] });
  });
});

describe('completion', () => {
  it('two signers complete: one sealed loan contract, a record per signer, Final_Review once, pending items from real data', async () => {
    const { id, owner, rep, ids } = await signingCase();
    const loan = await provide(id, 'loan_contract');
    const guarantee = await provide(id, 'guarantor_contract');

    const pending = await actionsOf(owner.client, id);
    expect(pending.signatory_tax_ids).toEqual([
      { code: 'err_signatory_without_tax_id', values: expect.arrayContaining([ids.Olga, ids.Gustav]) },
    ]);
    expect(pending.signatory_tax_ids?.[0]?.values).toHaveLength(2);
    expect(pending.identification_completed?.[0]?.values).toHaveLength(2);
    expect(pending.payment_mandate_accepted?.[0]?.values).toHaveLength(2);
    expect(pending.guarantor_contract_uploaded).toEqual([
      { code: 'err_guarantor_contract_missing', values: [ids.Gustav] },
    ]);

    for (const sid of [ids.Olga, ids.Gustav]) {
      await setTaxId(sid);
      await identified(id, sid);
    }
    const copy = await uploadSignedCopy(rep.client, id);
    expect(
      (
        await rep.client.patch(`${base(id, ids.Gustav)}/signed_document`, {
          unsigned_doc_id: guarantee,
          signed_doc_id: copy.documentId,
        })
      ).statusCode,
    ).toBe(200);
    expect(Object.keys(await actionsOf(owner.client, id))).toEqual(['payment_mandate_accepted']);

    expect((await owner.client.patch(`${base(id, ids.Olga)}/requirements`, terms(id, ids.Olga))).statusCode).toBe(200);
    await runJobs();
    const overview = signaturesOverviewResponse.parse(
      (await owner.client.get(`/user/applications/${id}/signatures`)).json(),
    );
    expect(overview.all_signed).toBe(false);
    expect(overview.signers.map((s) => [s.name, s.signature_status, s.is_applicant]).sort()).toEqual([
      ['Gustav Mustermann', 'Completed', false],
      ['Olga Mustermann', 'Completed', true],
    ]);
    expect((await t.sql('SELECT status FROM applications WHERE id = $1', [id]))[0]).toEqual({ status: 'Signature' });

    expect((await rep.client.patch(`${base(id, ids.Gustav)}/requirements`, terms(id, ids.Gustav))).statusCode).toBe(
      200,
    );
    await runJobs();
    expect((await t.sql('SELECT status FROM applications WHERE id = $1', [id]))[0]).toEqual({ status: 'Final_Review' });
    // A second check changes nothing.
    await enqueue(t.ctx.db, (await import('./job-types.js')).SIGNING_COMPLETE_CHECK, { application_id: id });
    await runJobs();

    expect((await t.sql('SELECT status FROM applications WHERE id = $1', [id]))[0]).toEqual({ status: 'Final_Review' });
    const history = await t.sql<{ from_status: string; to_status: string; changed_by_kind: string | null }>(
      `SELECT from_status, to_status, changed_by_kind FROM application_status_history WHERE application_id = $1 AND to_status = 'Final_Review'`,
      [id],
    );
    expect(history).toEqual([{ from_status: 'Signature', to_status: 'Final_Review', changed_by_kind: 'system' }]);
    const sealed = await t.sql<{ id: string; document_name: string; is_client_visible: boolean; sha256: string }>(
      `SELECT id, document_name, is_client_visible, sha256 FROM documents WHERE application_id = $1 AND document_type = 'loan_contract' AND id <> $2`,
      [id, loan],
    );
    expect(sealed).toEqual([
      expect.objectContaining({ document_name: 'Loan-contract-signed.pdf', is_client_visible: true }),
    ]);
    const records = signingRecordsResponse.parse(
      (await owner.client.get(`/user/applications/${id}/signing_records`)).json(),
    ).records;
    const loanRecords = records.filter((r) => r.document_type === 'loan_contract');
    expect(loanRecords.map((r) => r.signatory_id).sort()).toEqual([ids.Olga, ids.Gustav].sort());
    for (const r of loanRecords) {
      expect(r).toMatchObject({
        method: 'online',
        provider: 'idnow',
        // The applicant sees their own address, not the co-signer's.
        ip: r.signatory_id === ids.Olga ? '10.1.2.3' : null,
        signed_document_id: sealed[0]!.id,
      });
      expect(r.sha256_after).toBe(sealed[0]!.sha256);
      expect(r.sha256_before).not.toBe(r.sha256_after);
    }
    expect(records.filter((r) => r.method === 'offline')).toHaveLength(1);
    const audits = await t.sql(
      "SELECT 1 FROM audit_log WHERE action = 'application.status_changed' AND entity_id = $1 AND actor_kind = 'system'",
      [id],
    );
    expect(audits).toHaveLength(1);
    const mails = (await t.mailbox(owner.user.email)).filter((m) => m.template === 'application_status_changed');
    expect(mails).toHaveLength(1);

    // The signed contract is the one the borrower gets now; the steps are gone from the pending items.
    const contract = loanContractResponse.parse(
      (await owner.client.get(`/user/applications/${id}/loan_contract`)).json(),
    );
    expect(contract).toMatchObject({ document_id: sealed[0]!.id, is_signed: true });
    expect(Object.keys(await actionsOf(owner.client, id))).not.toContain('payment_mandate_accepted');

    // The back office sees the records; a partner user of another partner does not see the case.
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const seen = await staff.client.get(`/backoffice/applications/${id}/signing_records`);
    expect(signingRecordsResponse.parse(seen.json()).records).toHaveLength(3);
    const other = await loggedInStaff(
      t,
      { kind: 'puser', partner: 'nordbank', role: 'role_partner_admin' },
      'nordbank',
    );
    expect((await other.client.get(`/backoffice/applications/${id}/signing_records`)).statusCode).toBe(404);
  });

  it('a completed e-sign session signs the online guarantee agreement (PDF only)', async () => {
    demo.signatures = { ...demo.signatures, guarantor_contract_signing: 'online' };
    const { id, ids } = await signingCase();
    const contract = await provide(id, 'guarantor_contract');
    const session = await identified(id, ids.Gustav);
    await enqueue(t.ctx.db, SESSION_COMPLETED, { session_id: session });
    await runJobs();
    const [record] = await t.sql<{
      method: string;
      provider: string;
      signed_document_id: string;
      ident_session_id: string;
    }>('SELECT method, provider, signed_document_id, ident_session_id FROM signing_records WHERE document_id = $1', [
      contract,
    ]);
    expect(record).toMatchObject({ method: 'online', provider: 'idnow', ident_session_id: session });
    const [copy] = await t.sql<{ document_type: string; document_name: string }>(
      'SELECT document_type, document_name FROM documents WHERE id = $1',
      [record!.signed_document_id],
    );
    expect(copy).toEqual({
      document_type: 'guarantor_contract_signed',
      document_name: 'Guarantee-agreement-signed.pdf',
    });
    expect(signed).toContain('Gustav Mustermann');

    // A guarantee agreement that is no PDF is not signed online: recorded as failed.
    const other = await signingCase();
    const image = await provide(other.id, 'guarantor_contract', Buffer.from('not a pdf at all'));
    await enqueue(t.ctx.db, SESSION_COMPLETED, { session_id: await identified(other.id, other.ids.Gustav) });
    await runJobs();
    expect(await t.sql('SELECT 1 FROM signing_records WHERE document_id = $1', [image])).toHaveLength(0);
    const failed = await t.sql<{ data: { code: string } }>(
      "SELECT data FROM audit_log WHERE action = 'signature.signing_failed' AND entity_id = $1",
      [image],
    );
    expect(failed[0]?.data.code).toBe('err_signing_only_pdf');
  });
});
