import { randomBytes } from 'node:crypto';
import { afterEach, expect } from 'vitest';
import type { CreateDocumentResponse } from '@finportal/contracts/documents';
import { requirementsResponse, type RequirementsResponse } from '@finportal/contracts/signatures';
import { JobWorker } from '../platform/jobs/queue.js';
import type { PdfSigner } from '../platform/pdf-signing.js';
import type { Partner } from '../platform/tenancy.js';
import { DocumentsService } from '../modules/documents/service.js';
import { stepJobHandlers } from '../modules/signatures/step-jobs.js';
import { COMPLETE_SIGNATORY, createApplication, seed, signatoryIds } from './dashboard.js';
import { documentHelpers } from './documents.js';
import type { Borrower, TestApp, TestClient } from './harness.js';
import { setRepresentativesSettings } from './representatives.js';

/**
 * Helpers of the signing-steps tests (issue 14, ADR 020; issue 24, ADR 021): an application at
 * Signature with an applicant who signs, a guarantor with an account of their own and someone who
 * does not sign; contracts the back office provides; completed e-sign sessions that cover exactly
 * the documents provided at that moment; the steps' jobs with a PDF signer of the test's own.
 */
export interface SigningStepsCase {
  id: string;
  owner: Borrower;
  rep: Borrower;
  /** Olga: the applicant, a signer without a share; Gustav: a signer holding 70 % (a guarantor); Nina: no signer. */
  ids: Record<'Olga' | 'Gustav' | 'Nina', string>;
}

export function signingSteps(t: TestApp) {
  const files = documentHelpers(t);
  const demo = t.ctx.partners.get('demo')!;
  const defaultSignatures = { ...demo.signatures };
  afterEach(() => {
    demo.signatures = { ...defaultSignatures };
  });

  /** A small PDF signer of the test's own: appends marks, so that the bytes (and hashes) change. */
  const signed: string[] = [];
  const pages: string[][] = [];
  const testSigner: PdfSigner = {
    async sign(pdf, info) {
      signed.push(info.name);
      return Buffer.concat([pdf, Buffer.from(`\n% signed by ${info.name}\n`)]);
    },
    async addSignerPage(pdf, page) {
      pages.push(page.signers.map((s) => s.name));
      return Buffer.concat([pdf, Buffer.from(`\n% signers: ${page.signers.map((s) => s.name).join('; ')}\n`)]);
    },
  };
  const failures: unknown[] = [];
  /** The steps' jobs with the test's signer (the app's own worker would use pdfSignerFor). */
  const worker = new JobWorker(t.ctx.db, stepJobHandlers(t.ctx, { signer: async () => testSigner }), [], {
    pollMs: 50,
    leaseSeconds: 60,
    concurrency: 1,
    log: { warn: (o) => failures.push(o), error: (o) => failures.push(o) },
  });
  async function runJobs() {
    await worker.drain();
    await t.ctx.jobs.drain();
    expect(failures).toEqual([]);
  }

  const base = (id: string, signatoryId: string) => `/user/applications/${id}/signatories/${signatoryId}`;

  /** An application at Signature: the applicant signs, a second representative (own account) signs and guarantees, a third does not sign. */
  async function signingCase(): Promise<SigningStepsCase> {
    const [owner, rep] = await Promise.all([t.signUp('demo'), t.signUp('demo')]);
    const id = (await createApplication(owner.client)).applicationId;
    const [app] = await t.sql<{ product_type: Partner['representatives']['guarantees_required'][number] }>(
      'SELECT product_type FROM applications WHERE id = $1',
      [id],
    );
    setRepresentativesSettings(t, 'demo', { guarantees_required: [app!.product_type] });
    const person = { ...COMPLETE_SIGNATORY, is_sole_signatory: false };
    await seed(t, id, {
      signatories: [
        {
          ...person,
          first_name: 'Olga',
          email: owner.user.email,
          user_email: owner.user.email,
          is_beneficial_owner: false,
          percentage_owned: 0,
        },
        { ...person, first_name: 'Gustav', email: rep.user.email, user_email: rep.user.email, percentage_owned: 0.7 },
        {
          ...person,
          first_name: 'Nina',
          email: 'nina@example.com',
          is_contract_signatory: false,
          is_legal_signatory: false,
          is_sole_signatory: null,
          is_beneficial_owner: false,
          percentage_owned: 0.1,
        },
      ],
      status: 'Signature',
    });
    const ids = (await signatoryIds(t, id)) as SigningStepsCase['ids'];
    return { id, owner, rep, ids };
  }

  /** A contract of the back office, shown to the borrower (as the case page's "show" does). */
  async function provide(
    id: string,
    type: 'loan_contract' | 'guarantor_contract',
    bytes = files.pdf(`${type} ${randomBytes(4).toString('hex')}`),
  ) {
    const doc = await new DocumentsService(t.ctx).storeStaffDocument(t.ctx.db, {
      applicationId: id,
      partnerId: 'demo',
      documentType: type,
      fileName: type === 'loan_contract' ? 'Loan-contract.pdf' : 'Guarantee-agreement.pdf',
      contentType: 'application/pdf',
      bytes,
      trusted: true,
    });
    await t.sql('UPDATE documents SET is_client_visible = true WHERE id = $1', [doc.document_id]);
    return doc.document_id;
  }

  /**
   * The person's identification and e-signature done at the provider: a completed session that
   * covered what was provided to sign at that moment (the newest visible loan contract, and the
   * guarantee agreement), with the documents' hashes as the real start records them.
   */
  async function identified(id: string, signatoryId: string, kind: 'ident' | 'esign' = 'esign') {
    const docs =
      kind === 'esign'
        ? await t.sql<{ id: string; sha256: string | null }>(
            `SELECT DISTINCT ON (document_type) id, sha256 FROM documents
             WHERE application_id = $1 AND document_type IN ('loan_contract', 'guarantor_contract')
               AND is_client_visible AND upload_status = 'success' AND deleted_at IS NULL
             ORDER BY document_type, created_at DESC, id DESC`,
            [id],
          )
        : [];
    const hashes = Object.fromEntries(docs.filter((d) => d.sha256).map((d) => [d.id, d.sha256]));
    const [row] = await t.sql<{ id: string }>(
      `INSERT INTO ident_sessions (ref, signatory_id, application_id, partner_id, provider, kind, status, ip, completed_at, document_ids, document_hashes)
       VALUES ($1, $2, $3, 'demo', 'idnow', $4, 'completed', '10.1.2.3', now(), $5::jsonb, $6::jsonb) RETURNING id`,
      [
        `ref-${randomBytes(8).toString('hex')}`,
        signatoryId,
        id,
        kind,
        JSON.stringify(docs.map((d) => d.id)),
        JSON.stringify(hashes),
      ],
    );
    return row!.id;
  }

  const setTaxId = (signatoryId: string) =>
    t.sql(`UPDATE signatories SET taxid = '86095742719' WHERE id = $1`, [signatoryId]);

  async function requirementsOf(client: TestClient, id: string, signatoryId: string): Promise<RequirementsResponse> {
    const res = await client.get(`${base(id, signatoryId)}/requirements`);
    expect(res.statusCode, res.body).toBe(200);
    return requirementsResponse.parse(res.json());
  }

  const terms = (id: string, signatoryId: string, overrides: Record<string, unknown> = {}) => ({
    signatory_id: signatoryId,
    application_id: id,
    sepa_mandate_accepted: true,
    legal_signature_accepted: true,
    ...overrides,
  });

  /** The guarantor uploads the hand-signed copy (documents' upload flow); answers the created response. */
  function announceSignedCopy(client: TestClient, id: string, bytes: Buffer) {
    return files.announce(client, id, {
      file_name: 'Guarantee-signed.pdf',
      document_type: 'guarantor_contract_signed',
      bytes,
    });
  }

  /** The guarantor uploads the hand-signed copy (documents' upload flow) and confirms it. */
  async function uploadSignedCopy(client: TestClient, id: string, text = 'signed on paper') {
    const bytes = files.pdf(text);
    const created = await announceSignedCopy(client, id, bytes);
    expect(created.statusCode, created.body).toBe(201);
    const { upload_url, document_id } = created.json<CreateDocumentResponse>();
    expect((await files.put(upload_url, bytes)).statusCode).toBe(200);
    const done = await client.patch(`${files.docsPath(id)}/${document_id}/upload_success`, {
      is_upload_successful: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    return { documentId: document_id, sha256: files.sha(bytes) };
  }

  return {
    demo,
    files,
    signed,
    pages,
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
  };
}
