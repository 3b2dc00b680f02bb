import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@finportal/contracts/constants';
import { openSteps, STEPS_BEFORE_TERMS, stepsComplete } from '@finportal/contracts/signature-steps';
import type { Db } from '../../db/client.js';
import {
  applications,
  companies,
  documents,
  identSessions,
  signatories,
  signingRecords,
  users,
  type IdentSessionRow,
} from '../../db/schema.js';
import { SYSTEM } from '../../platform/actor.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { pdfSignerFor, type PdfSigner } from '../../platform/pdf-signing.js';
import type { SignatoryRow } from '../representatives/public.js';
import { loadSigning, providedDocument, sessionCovers, type SigningData } from '../representatives/public.js';
import type { Partner } from '../../platform/tenancy.js';
import { DocumentsService } from '../documents/public.js';
import { SIGNING_COMPLETE_CHECK } from './job-types.js';
import { resignCopy } from './mail-copy.js';

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
      const data = await loadSigning(tx, partner, {
        id: app.id,
        productType: app.productType,
        scannerConfigured: !!this.ctx.virusScanner,
      });
      const person = data.rows.find((r) => r.id === session.signatoryId);
      const state = data.states.get(session.signatoryId);
      const contract = data.guarantorContract;
      if (
        person &&
        state?.facts.isGuarantor &&
        contract &&
        sessionCovers(session, contract) &&
        !state.facts.guarantorContractSigned
      ) {
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
   * their terms submitted: seal the loan contract (online signing), then the system moves it on
   * through the workflow (whose guard judges completeness again). A second run finds the
   * application moved and does nothing.
   */
  async check(tx: Db, applicationId: string): Promise<boolean> {
    await tx.execute(sql`SELECT id FROM applications WHERE id = ${applicationId} FOR UPDATE`);
    const [app] = await tx.select().from(applications).where(eq(applications.id, applicationId));
    const partner = app && this.partnerOf(app.partnerId);
    if (!app || !partner || app.status !== 'Signature') return false;
    const data = await loadSigning(tx, partner, {
      id: app.id,
      productType: app.productType,
      scannerConfigured: !!this.ctx.virusScanner,
    });
    if (!signingComplete(data)) return false;
    const signers = data.rows.filter((r) => data.states.get(r.id)?.facts.isSigner);
    if (partner.signatures.loan_contract_signing === 'online') {
      await this.sealLoanContract(tx, partner, app, signers, data.sessions);
    }
    await this.ctx.workflow.move(tx, {
      actor: SYSTEM,
      applicationId: app.id,
      to: 'Final_Review',
      reason: 'All signatures completed',
    });
    return true;
  }

  private async sealLoanContract(
    tx: Db,
    partner: Partner,
    app: ApplicationRow,
    signers: SignatoryRow[],
    sessions: IdentSessionRow[],
  ): Promise<void> {
    const contract = await providedDocument(tx, app.id, 'loan_contract', !!this.ctx.virusScanner, { toSign: true });
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
    // Each signer's completed e-sign session that covered this exact contract (else, where the
    // contract is not signed online by session, their completed identification). The sealed
    // document lists only those who signed this version (ADR 021).
    const sessionOf = (id: string) =>
      sessions.find((s) => s.signatoryId === id && sessionCovers(s, contract)) ??
      (partner.signatures.loan_contract_signing === 'online'
        ? null
        : (sessions.find((s) => s.signatoryId === id && s.status === 'completed') ?? null));
    const lines = signers
      .filter((r) => partner.signatures.loan_contract_signing !== 'online' || sessionOf(r.id) !== null)
      .map((r) => ({
        row: r,
        session: sessionOf(r.id),
        name: personName(r),
        signedAt: r.signatureCompletedAt!,
      }))
      // In the order they signed.
      .sort((a, b) => a.signedAt.getTime() - b.signedAt.getTime() || a.name.localeCompare(b.name));
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
}

/**
 * Every signer of the application has completed every signing step and submitted their terms
 * (there is at least one signer): the workflow's guard `signatures_complete` (ADR 021).
 */
export function signingComplete(data: SigningData): boolean {
  const signers = data.rows.filter((r) => data.states.get(r.id)?.facts.isSigner);
  return (
    signers.length > 0 &&
    signers.every((r) => stepsComplete(data.states.get(r.id)!.steps) && r.signatureCompletedAt !== null)
  );
}

/** The guard's fact for the workflow (wired in app.ts). */
export async function signaturesComplete(
  db: Db,
  partner: Partner,
  application: { id: string; productType: string; scannerConfigured: boolean },
): Promise<boolean> {
  return signingComplete(await loadSigning(db, partner, application));
}

/**
 * A document someone signed changed (the back office provided a new loan contract or guarantee
 * agreement, or hid the one they signed; ADR 021): a signer who had completed but whose steps are
 * no longer all done (their signature covers another version) is reset: their completion and terms
 * are cleared, they are told by e-mail to sign the new version, and the audit trail says why.
 * Only at Signature (nobody has signed before). Returns the people reset.
 */
export async function resetOutdatedSignatures(
  ctx: AppContext,
  tx: Db,
  applicationId: string,
  cause: {
    documentId: string;
    documentType: string;
    /** Staff who replaced or showed the contract; the system when its virus check finished clean. */
    actor: { kind: 'staff'; id: string; ip?: string } | { kind: 'system' };
  },
): Promise<string[]> {
  const [app] = await tx.select().from(applications).where(eq(applications.id, applicationId));
  const partner = app && ctx.partners.get(app.partnerId);
  if (!app || !partner || app.status !== 'Signature') return [];
  const data = await loadSigning(tx, partner, {
    id: app.id,
    productType: app.productType,
    scannerConfigured: !!ctx.virusScanner,
  });
  const outdated = data.rows.filter((r) => {
    const state = data.states.get(r.id);
    return (
      state?.facts.isSigner && r.signatureCompletedAt !== null && openSteps(state.steps, STEPS_BEFORE_TERMS).length > 0
    );
  });
  if (!outdated.length) return [];
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, app.companyId));
  const [doc] = await tx.select().from(documents).where(eq(documents.id, cause.documentId));
  for (const person of outdated) {
    await tx
      .update(signatories)
      .set({
        signatureCompletedAt: null,
        sepaMandateAcceptedAt: null,
        legalSignatureAcceptedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(signatories.id, person.id));
    const open = openSteps(data.states.get(person.id)!.steps, STEPS_BEFORE_TERMS);
    await audit(tx, {
      partnerId: app.partnerId,
      userId: cause.actor.kind === 'staff' ? cause.actor.id : null,
      actorKind: cause.actor.kind,
      action: 'signature.reset',
      entity: 'signatory',
      entityId: person.id,
      applicationId: app.id,
      before: { signature_completed_at: person.signatureCompletedAt!.toISOString() },
      after: { signature_completed_at: null, open_steps: open },
      data: {
        reason: 'document_replaced',
        document_type: cause.documentType,
        document_id: cause.documentId,
        sha256: doc?.sha256 ?? null,
      },
      ...(cause.actor.kind === 'staff' && cause.actor.ip ? { ip: cause.actor.ip } : {}),
    });
    const [account] = person.userId
      ? await tx
          .select({ email: users.email, language: users.communicationLanguage })
          .from(users)
          .where(eq(users.id, person.userId))
      : [];
    const to = account?.email ?? person.email;
    if (!to) continue;
    const supported = partner.languages.supported as readonly string[];
    const language = (
      account && supported.includes(account.language) ? account.language : partner.languages.default
    ) as Language;
    await ctx.mailer.enqueueCopy(tx, {
      partner,
      to,
      language,
      template: 'signature_resign',
      linkPath: `/dashboard/applications/${app.id}?tab=signatures`,
      copy: resignCopy(language, {
        partner: partner.display_name,
        shortId: app.shortId,
        company: company?.name ?? '',
        document: doc?.documentName ?? cause.documentType,
      }),
    });
  }
  return outdated.map((r) => r.id);
}
