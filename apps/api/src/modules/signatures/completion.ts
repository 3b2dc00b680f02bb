import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@finportal/contracts/constants';
import { stepsComplete } from '@finportal/contracts/signature-steps';
import { displayGroup, NEXT_STATUS, type RawStatus } from '@finportal/contracts/statuses';
import type { Db } from '../../db/client.js';
import {
  applications,
  applicationStatusHistory,
  documents,
  identSessions,
  signingRecords,
  users,
  type IdentSessionRow,
} from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { pdfSignerFor, type PdfSigner } from '../../platform/pdf-signing.js';
import type { SignatoryRow } from '../../platform/signatory-records.js';
import { loadSigning, providedDocument } from '../../platform/signing-states.js';
import type { Partner } from '../../platform/tenancy.js';
import { emitWebhook } from '../../platform/webhooks.js';
import { DocumentsService } from '../documents/service.js';
import { SIGNING_COMPLETE_CHECK } from './job-types.js';

type DocumentRow = typeof documents.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

/** Where the portal's PDF signer comes from (a test passes its own; production: pdfSignerFor). */
export type SignerSource = () => Promise<PdfSigner>;

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
export const personName = (row: Pick<SignatoryRow, 'firstName' | 'lastName'>) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ');

/** "Vertrag.pdf" → "Vertrag-signed.pdf". */
export function signedName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-signed${name.slice(dot)}` : `${name}-signed`;
}

/**
 * What happens when signing progresses (issue 14, ADR 020 "Documents to sign", "Completion"): a
 * completed e-sign session signs the person's online guarantee agreement; when every signer is
 * complete the loan contract is sealed once and the application moves Signature → Final_Review as
 * the system, with history, audit, webhooks and the borrower's e-mail. Every step runs inside the
 * job's transaction.
 */
export class SigningCompletion {
  private readonly documents: DocumentsService;
  private readonly signer: SignerSource;

  constructor(
    private readonly ctx: AppContext,
    signer?: SignerSource,
  ) {
    this.documents = new DocumentsService(ctx);
    this.signer = signer ?? (() => pdfSignerFor(ctx));
  }

  private partnerOf(key: string): Partner | null {
    return this.ctx.partners.get(key) ?? null;
  }

  private async bytesOf(doc: DocumentRow): Promise<Buffer | null> {
    if (!doc.storageKey) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.ctx.objectStore.read(doc.storageKey)) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  /** A file the portal made, stored as a client-visible document of the application. */
  private async storeSigned(tx: Db, original: DocumentRow, type: string, bytes: Buffer): Promise<string> {
    const stored = await this.documents.storeStaffDocument(tx, {
      applicationId: original.applicationId,
      partnerId: original.partnerId,
      documentType: type,
      fileName: signedName(original.documentName),
      contentType: 'application/pdf',
      bytes,
      trusted: true,
    });
    await tx.update(documents).set({ isClientVisible: true }).where(eq(documents.id, stored.document_id));
    return stored.document_id;
  }

  private async signingFailed(tx: Db, app: ApplicationRow, doc: DocumentRow, signatoryId: string | null) {
    await audit(tx, {
      partnerId: app.partnerId,
      actorKind: 'system',
      action: 'signature.signing_failed',
      entity: 'document',
      entityId: doc.id,
      applicationId: app.id,
      data: { code: 'err_signing_only_pdf', document_type: doc.documentType, signatory_id: signatoryId },
    });
  }

  /** SESSION_COMPLETED: an e-sign session signs the person's online guarantee agreement; then the completion check. */
  async sessionCompleted(tx: Db, sessionId: string): Promise<void> {
    const [session] = await tx.select().from(identSessions).where(eq(identSessions.id, sessionId));
    if (!session || session.status !== 'completed') return;
    const [app] = await tx.select().from(applications).where(eq(applications.id, session.applicationId));
    const partner = app && this.partnerOf(app.partnerId);
    if (!app || !partner) return;
    if (session.kind === 'esign' && partner.signatures.guarantor_contract_signing === 'online') {
      const data = await loadSigning(tx, partner, { id: app.id, productType: app.productType });
      const person = data.rows.find((r) => r.id === session.signatoryId);
      const state = data.states.get(session.signatoryId);
      const contract = data.guarantorContract;
      if (person && state?.facts.isGuarantor && contract && !state.facts.guarantorContractSigned) {
        await this.signGuarantee(tx, app, person, session, contract);
      }
    }
    await enqueue(tx, SIGNING_COMPLETE_CHECK, { application_id: app.id });
  }

  private async signGuarantee(
    tx: Db,
    app: ApplicationRow,
    person: SignatoryRow,
    session: IdentSessionRow,
    contract: DocumentRow,
  ): Promise<void> {
    const bytes = await this.bytesOf(contract);
    if (!bytes || contract.contentType !== 'application/pdf' || !isPdf(bytes)) {
      await this.signingFailed(tx, app, contract, person.id);
      return;
    }
    const signedAt = session.completedAt ?? this.ctx.clock.now();
    const signed = await (
      await this.signer()
    ).sign(bytes, {
      name: personName(person),
      reason: `Guarantee agreement ${app.shortId}`,
      signedAt,
    });
    const signedId = await this.storeSigned(tx, contract, 'guarantor_contract_signed', signed);
    await tx
      .insert(signingRecords)
      .values({
        applicationId: app.id,
        partnerId: app.partnerId,
        signatoryId: person.id,
        userId: session.userId ?? person.userId,
        documentId: contract.id,
        signedDocumentId: signedId,
        provider: session.provider,
        method: 'online',
        identSessionId: session.id,
        ip: session.ip,
        sha256Before: contract.sha256 ?? sha256Of(bytes),
        sha256After: sha256Of(signed),
        signedAt,
      })
      .onConflictDoNothing();
    await audit(tx, {
      partnerId: app.partnerId,
      actorKind: 'system',
      action: 'signature.document_signed',
      entity: 'document',
      entityId: contract.id,
      applicationId: app.id,
      data: { signatory_id: person.id, signed_document_id: signedId, method: 'online', provider: session.provider },
    });
  }

  /**
   * SIGNING_COMPLETE_CHECK: with the application locked, at Signature, every signer's steps done and
   * their terms submitted: seal the loan contract (online signing), then move on. A second run
   * finds the application moved and does nothing.
   */
  async check(tx: Db, applicationId: string): Promise<boolean> {
    await tx.execute(sql`SELECT id FROM applications WHERE id = ${applicationId} FOR UPDATE`);
    const [app] = await tx.select().from(applications).where(eq(applications.id, applicationId));
    const partner = app && this.partnerOf(app.partnerId);
    if (!app || !partner || app.status !== 'Signature') return false;
    const data = await loadSigning(tx, partner, { id: app.id, productType: app.productType });
    const signers = data.rows.filter((r) => data.states.get(r.id)?.facts.isSigner);
    const complete = (r: SignatoryRow) =>
      stepsComplete(data.states.get(r.id)!.steps) && r.signatureCompletedAt !== null;
    if (!signers.length || !signers.every(complete)) return false;
    if (partner.signatures.loan_contract_signing === 'online') {
      await this.sealLoanContract(tx, partner, app, signers, data.sessions);
    }
    return this.moveOn(tx, app, signers.length);
  }

  private async sealLoanContract(
    tx: Db,
    partner: Partner,
    app: ApplicationRow,
    signers: SignatoryRow[],
    sessions: IdentSessionRow[],
  ): Promise<void> {
    const contract = await providedDocument(tx, app.id, 'loan_contract');
    if (!contract) return;
    const sealed = await tx
      .select({ id: signingRecords.id })
      .from(signingRecords)
      .where(and(eq(signingRecords.documentId, contract.id), eq(signingRecords.method, 'online')))
      .limit(1);
    if (sealed.length) return;
    const bytes = await this.bytesOf(contract);
    if (!bytes || !isPdf(bytes)) {
      await this.signingFailed(tx, app, contract, null);
      return;
    }
    // Each signer's completed e-sign session (else their completed identification): provider and reference.
    const sessionOf = (id: string) =>
      sessions.find((s) => s.signatoryId === id && s.status === 'completed' && s.kind === 'esign') ??
      sessions.find((s) => s.signatoryId === id && s.status === 'completed') ??
      null;
    const lines = signers.map((r) => ({
      row: r,
      session: sessionOf(r.id),
      name: personName(r),
      signedAt: r.signatureCompletedAt!,
    }));
    const pdf = await this.signer();
    const withPage = await pdf.addSignerPage(bytes, {
      title: `${partner.legal_name}: ${contract.documentName} (${app.shortId})`,
      signers: lines.map((l) => ({
        name: l.name,
        signedAt: l.signedAt,
        provider: l.session?.provider ?? partner.signatures.ident_provider ?? 'manual',
        reference: l.session?.ref ?? '—',
      })),
    });
    const signed = await pdf.sign(withPage, {
      name: partner.legal_name,
      reason: `Loan contract ${app.shortId} signed by ${lines.map((l) => l.name).join(', ')}`,
      signedAt: this.ctx.clock.now(),
    });
    const signedId = await this.storeSigned(tx, contract, 'loan_contract', signed);
    const before = contract.sha256 ?? sha256Of(bytes);
    const after = sha256Of(signed);
    await tx
      .insert(signingRecords)
      .values(
        lines.map((l) => ({
          applicationId: app.id,
          partnerId: app.partnerId,
          signatoryId: l.row.id,
          userId: l.session?.userId ?? l.row.userId,
          documentId: contract.id,
          signedDocumentId: signedId,
          provider: l.session?.provider ?? partner.signatures.ident_provider ?? 'manual',
          method: 'online' as const,
          identSessionId: l.session?.id ?? null,
          ip: l.session?.ip ?? null,
          sha256Before: before,
          sha256After: after,
          signedAt: l.signedAt,
        })),
      )
      .onConflictDoNothing();
    await audit(tx, {
      partnerId: app.partnerId,
      actorKind: 'system',
      action: 'signature.loan_contract_sealed',
      entity: 'document',
      entityId: contract.id,
      applicationId: app.id,
      data: { signed_document_id: signedId, signers: lines.map((l) => l.row.id), sha256_after: after },
    });
  }

  /** The system's move Signature → Final_Review, as the back office moves (history, audit, webhooks, e-mail). */
  private async moveOn(tx: Db, app: ApplicationRow, signers: number): Promise<boolean> {
    const from = app.status as RawStatus;
    const to = NEXT_STATUS[from];
    if (!to) return false;
    const moved = await tx
      .update(applications)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(applications.id, app.id), eq(applications.status, from)))
      .returning({ id: applications.id });
    if (!moved.length) return false;
    const reason = 'All signatures completed';
    // changed_by and its kind null: the system (the back office shows no person).
    await tx.insert(applicationStatusHistory).values({ applicationId: app.id, fromStatus: from, toStatus: to, reason });
    await audit(tx, {
      partnerId: app.partnerId,
      actorKind: 'system',
      action: 'application.status_changed',
      entity: 'application',
      entityId: app.id,
      before: { status: from },
      after: { status: to },
      data: { reason, short_id: app.shortId },
    });
    const event = { application_id: app.id, short_id: app.shortId };
    await emitWebhook(tx, app.partnerId, 'application.status_changed', { ...event, from, to });
    await emitWebhook(tx, app.partnerId, 'signature.completed', { ...event, signers });
    const partner = this.partnerOf(app.partnerId);
    if (partner && displayGroup(from) !== displayGroup(to)) {
      const [owner] = await tx.select().from(users).where(eq(users.id, app.userId));
      if (owner) {
        await this.ctx.mailer.enqueue(tx, {
          partner,
          to: owner.email,
          language: owner.communicationLanguage as Language,
          template: 'application_status_changed',
          linkPath: `/dashboard/applications/${app.id}`,
          vars: { shortId: app.shortId, group: displayGroup(to) },
        });
      }
    }
    return true;
  }
}
