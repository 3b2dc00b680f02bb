import { describe, expect, it } from 'vitest';
import { caseResponse } from '@finportal/contracts/backoffice';
import { signatoriesResponse } from '@finportal/contracts/representative-schemas';
import { actionsOf, COMPLETE_SIGNATORY, createApplication, seed } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';
import { setRepresentativesSettings } from '../../test/representatives.js';
import { signingSteps } from '../../test/signing-steps.js';
import { startIdent, type SigningCase } from '../../test/signatures-ident.js';

/**
 * Issue 24, findings 4, 6 and 7 (ADR 021): a signature counts for the exact version it signed and
 * is reset when the back office replaces the document; one guarantor rule; one rule for the files
 * that are available to sign and to count.
 */
const t = await useTestApp();
const { files, pages, runJobs, base, signingCase, provide, identified, setTaxId, terms, requirementsOf } =
  signingSteps(t);

const completedAt = async (signatoryId: string) =>
  (
    await t.sql<{ signature_completed_at: Date | null; sepa_mandate_accepted_at: Date | null }>(
      'SELECT signature_completed_at, sepa_mandate_accepted_at FROM signatories WHERE id = $1',
      [signatoryId],
    )
  )[0]!;

describe('a contract replaced after someone signed (finding 4)', () => {
  it('resets that signer, tells them, and seals the new version with those who signed it only', async () => {
    const { id, owner, rep, ids } = await signingCase();
    await provide(id, 'loan_contract');
    const guarantee = await provide(id, 'guarantor_contract');
    // Olga signs version 1 completely.
    await setTaxId(ids.Olga);
    await identified(id, ids.Olga);
    expect((await owner.client.patch(`${base(id, ids.Olga)}/requirements`, terms(id, ids.Olga))).statusCode).toBe(200);
    expect((await completedAt(ids.Olga)).signature_completed_at).not.toBeNull();

    // The back office uploads version 2 and shows it to the customer.
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    const v2 = files.pdf('loan contract, version 2');
    const up = await staff.client.request(
      'PUT',
      `/backoffice/applications/${id}/contracts/loan_contract?file_name=Loan-contract-v2.pdf`,
      undefined,
      { rawBody: v2.toString('latin1'), headers: { 'content-type': 'application/pdf' } },
    );
    expect(up.statusCode, up.body).toBe(200);
    const v2Id = caseResponse
      .parse(up.json())
      .case.documents.find((d) => d.document_name === 'Loan-contract-v2.pdf')!.document_id;
    // Hidden, it changes nothing yet.
    expect((await completedAt(ids.Olga)).signature_completed_at).not.toBeNull();
    const shown = await staff.client.patch(`/backoffice/applications/${id}/documents/${v2Id}`, {
      is_client_visible: true,
    });
    expect(shown.statusCode, shown.body).toBe(200);

    // Olga's signature covered version 1: her completion and terms are reset, her step open again.
    expect(await completedAt(ids.Olga)).toEqual({ signature_completed_at: null, sepa_mandate_accepted_at: null });
    const mine = await requirementsOf(owner.client, id, ids.Olga);
    expect(mine.kyc_status.loan_signature).toEqual({ is_required: true, is_completed: false });
    expect(mine.requirements.signature_status).not.toBe('Completed');
    const mail = (await t.mailbox(owner.user.email)).find((m) => m.template === 'signature_resign');
    expect(mail?.text_body).toContain('Loan-contract-v2.pdf');
    const [reset] = await t.sql<{ data: { reason: string; document_id: string }; actor_kind: string }>(
      "SELECT data, actor_kind FROM audit_log WHERE action = 'signature.reset' AND entity_id = $1",
      [ids.Olga],
    );
    expect(reset).toMatchObject({ actor_kind: 'staff', data: { reason: 'document_replaced', document_id: v2Id } });

    // Both sign version 2; the sealed contract names exactly them.
    await identified(id, ids.Olga);
    expect((await owner.client.patch(`${base(id, ids.Olga)}/requirements`, terms(id, ids.Olga))).statusCode).toBe(200);
    await setTaxId(ids.Gustav);
    await identified(id, ids.Gustav);
    await t.sql(
      `WITH copy AS (
         INSERT INTO documents (application_id, partner_id, document_type, document_name, upload_status, virus_scan_status, sha256)
         VALUES ($1, 'demo', 'guarantor_contract_signed', 'signed.pdf', 'success', 'not_infected', $3) RETURNING id)
       INSERT INTO signing_records (application_id, partner_id, signatory_id, document_id, signed_document_id, provider, method, sha256_before)
       SELECT $1, 'demo', $2, $4, copy.id, 'offline', 'offline', 'x' FROM copy`,
      [id, ids.Gustav, 'c'.repeat(64), guarantee],
    );
    expect((await rep.client.patch(`${base(id, ids.Gustav)}/requirements`, terms(id, ids.Gustav))).statusCode).toBe(
      200,
    );
    pages.length = 0;
    await runJobs();
    expect((await t.sql<{ status: string }>('SELECT status FROM applications WHERE id = $1', [id]))[0]!.status).toBe(
      'Final_Review',
    );
    expect(pages).toEqual([['Olga Mustermann', 'Gustav Mustermann']]);
    const records = await t.sql<{ signatory_id: string }>(
      "SELECT signatory_id FROM signing_records WHERE document_id = $1 AND method = 'online'",
      [v2Id],
    );
    expect(records.map((r) => r.signatory_id).sort()).toEqual([ids.Olga, ids.Gustav].sort());
  });
});

describe('one guarantor (finding 6)', () => {
  it('asks a 10 % shareholder who signs to sign the guarantee, as the list rule counts them', async () => {
    const owner = await t.signUp('demo');
    const id = (await createApplication(owner.client)).applicationId;
    const [app] = await t.sql<{ product_type: string }>('SELECT product_type FROM applications WHERE id = $1', [id]);
    setRepresentativesSettings(t, 'demo', { guarantees_required: [app!.product_type as never] });
    const person = { ...COMPLETE_SIGNATORY, is_sole_signatory: false, is_beneficial_owner: false };
    await seed(t, id, {
      status: 'Signature',
      signatories: [
        { ...person, first_name: 'Ten', percentage_owned: 0.1 },
        { ...person, first_name: 'Fifty', percentage_owned: 0.45, is_beneficial_owner: true },
        { ...person, first_name: 'Silent', percentage_owned: 0.45, is_contract_signatory: false },
      ],
    });
    const list = signatoriesResponse.parse((await owner.client.get(`/user/applications/${id}/signatories`)).json());
    const of = (name: string) => list.signatories.find((s) => s.first_name === name)!;
    expect(of('Ten')).toMatchObject({ is_guarantor: true });
    expect(of('Ten').kyc_status.guarantor_contract_uploaded).toEqual({ is_required: true, is_completed: false });
    expect(of('Fifty').is_guarantor).toBe(true);
    expect(of('Silent')).toMatchObject({ is_guarantor: false, kyc_status: {} });
    // The same two are asked in the pending items.
    const actions = await actionsOf(owner.client, id);
    expect(actions.guarantor_contract_uploaded?.[0]?.values.sort()).toEqual(
      [of('Ten').signatory_id, of('Fifty').signatory_id].sort(),
    );
  });
});

describe('one rule for available files (finding 7)', () => {
  it('a file being checked neither counts for the pending items nor is given to the e-sign session', async () => {
    const owner = await t.signUp('demo');
    const person = await t.signUp('demo');
    const id = (await createApplication(owner.client)).applicationId;
    // A required document uploaded, its virus check not finished: still missing.
    const doc = await files.upload(owner.client, id, { document_type: 'annual_statement_2024' });
    await t.sql(`UPDATE documents SET virus_scan_status = 'scanning' WHERE id = $1`, [doc.document_id]);
    const missing = async () => (await actionsOf(owner.client, id)).required_documents?.[0]?.values ?? [];
    expect(await missing()).toContain('annual_statement_2024');
    const listed = await owner.client.get(`/user/applications/${id}/documents`);
    expect(listed.json().result[0]).toMatchObject({ virus_scan_status: 'scanning', is_available: false });
    await t.sql(`UPDATE documents SET virus_scan_status = 'not_infected' WHERE id = $1`, [doc.document_id]);
    expect(await missing()).not.toContain('annual_statement_2024');

    // A loan contract still being checked is not signed: the session identifies only.
    await seed(t, id, {
      status: 'Signature',
      signatories: [{ ...COMPLETE_SIGNATORY, email: person.user.email, user_email: person.user.email }],
    });
    const [row] = await t.sql<{ id: string }>('SELECT id FROM signatories WHERE application_id = $1', [id]);
    const contract = await signingCaseContract(id, 'scanning');
    const c: SigningCase = { applicationId: id, signatoryId: row!.id };
    const session = await startIdent(person.client, c);
    expect(session.kind).toBe('ident');
    await t.sql(`UPDATE documents SET virus_scan_status = 'scan_failed' WHERE id = $1`, [contract]);
    expect((await requirementsOf(person.client, id, row!.id)).kyc_status.loan_signature).toEqual({
      is_required: true,
      is_completed: false,
    });
  });
});

/** A loan contract provided to the customer whose virus check is in `scan` state. */
async function signingCaseContract(id: string, scan: string): Promise<string> {
  const contract = await provide(id, 'loan_contract');
  await t.sql('UPDATE documents SET virus_scan_status = $2 WHERE id = $1', [contract, scan]);
  return contract;
}
