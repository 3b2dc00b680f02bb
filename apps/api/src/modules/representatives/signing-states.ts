import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { availableScanStatuses, isFileAvailable } from '@finportal/contracts/document-rules';
import { isGuarantor } from '@finportal/contracts/representative-list-rules';
import type { SignatoryRequirements } from '@finportal/contracts/representative-schemas';
import { signatureStatusOf, type IdentStatus } from '@finportal/contracts/signature-providers';
import { signatureSteps, type SignatureStepFacts, type SignatureSteps } from '@finportal/contracts/signature-steps';
import type { Db } from '../../db/client.js';
import {
  documents,
  identSessions,
  signatories,
  signingRecords,
  type IdentSessionRow,
  type SigningRecordRow,
} from '../../db/schema.js';
import { guaranteesRequired, listEntryOf, type SignatoryRow } from './records.js';
import type { Partner } from '../../platform/tenancy.js';

/**
 * The signing steps of an application's representatives computed from stored data (issue 14, ADR
 * 020 "Who signs what"): one query set per application (the people, their sessions, the guarantee
 * agreement, the signing records), read by the representatives' wire, the pending items and the
 * signatures' calls alike. The rule itself is contracts `signatureSteps`.
 */

type DocumentRow = typeof documents.$inferSelect;

/** One representative's signing state. */
export interface SigningState {
  facts: SignatureStepFacts;
  steps: SignatureSteps;
  /** Null for someone who does not sign (nothing is required of them). */
  requirements: SignatoryRequirements | null;
  /** The person's newest identification or e-sign session. */
  session: IdentSessionRow | null;
}

/** What the steps of an application were computed from. */
export interface SigningData {
  rows: SignatoryRow[];
  states: Map<string, SigningState>;
  /** The newest guarantee agreement the back office provided (client-visible, stored, clean). */
  guarantorContract: DocumentRow | null;
  /** The newest loan contract the back office provided (client-visible, stored, clean). */
  loanContract: DocumentRow | null;
  sessions: IdentSessionRow[];
  records: SigningRecordRow[];
}

export interface SigningApplication {
  id: string;
  productType: string;
  /** A virus scanner is configured: a file never checked is then not available (document-rules.ts). */
  scannerConfigured: boolean;
}

export interface SigningOptions {
  /** The representatives, when the caller has read them already (in their order). */
  rows?: SignatoryRow[];
  /** The download URL of a document (the guarantee agreement's guarantor_contract_url); none: null. */
  urlOf?: (documentId: string) => Promise<string | null>;
}

/**
 * The newest client-visible, available document of a type of the application (the one rule of
 * contracts document-rules.ts `isFileAvailable`: clean, or never checked where no scanner runs).
 * `toSign`: the version to be signed, leaving out the copies the portal signed (the sealed contract).
 */
export async function providedDocument(
  db: Db,
  applicationId: string,
  type: string,
  scannerConfigured: boolean,
  options: { toSign?: boolean } = {},
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.applicationId, applicationId),
        eq(documents.documentType, type),
        eq(documents.isClientVisible, true),
        eq(documents.uploadStatus, 'success'),
        isNull(documents.deletedAt),
        isNull(documents.rejectedAt),
        inArray(documents.virusScanStatus, [...availableScanStatuses(scannerConfigured)]),
        // The document to sign, not a copy the portal signed (the sealed contract is a signed output).
        options.toSign
          ? sql`NOT EXISTS (SELECT 1 FROM signing_records r WHERE r.signed_document_id = ${documents.id})`
          : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  return row ?? null;
}

/** Does a completed e-sign session cover this exact document (its id, and the hash it had when the session started)? */
export function sessionCovers(session: IdentSessionRow, doc: Pick<DocumentRow, 'id' | 'sha256'>): boolean {
  if (session.kind !== 'esign' || session.status !== 'completed' || !session.documentIds.includes(doc.id)) return false;
  const signedHash = session.documentHashes[doc.id];
  return signedHash === undefined || signedHash === doc.sha256;
}

/** The signing state of every representative of the application. */
export async function loadSigning(
  db: Db,
  partner: Partner,
  app: SigningApplication,
  options: SigningOptions = {},
): Promise<SigningData> {
  const [rows, sessions, guarantorContract, loanContract, records] = await Promise.all([
    options.rows ??
      db
        .select()
        .from(signatories)
        .where(eq(signatories.applicationId, app.id))
        .orderBy(asc(signatories.createdAt), asc(signatories.id)),
    db
      .select()
      .from(identSessions)
      .where(eq(identSessions.applicationId, app.id))
      .orderBy(desc(identSessions.createdAt), desc(identSessions.id)),
    providedDocument(db, app.id, 'guarantor_contract', app.scannerConfigured, { toSign: true }),
    providedDocument(db, app.id, 'loan_contract', app.scannerConfigured, { toSign: true }),
    db
      .select()
      .from(signingRecords)
      .where(eq(signingRecords.applicationId, app.id))
      .orderBy(asc(signingRecords.signedAt), asc(signingRecords.id)),
  ]);
  const config = partner.signatures;
  const guarantees = guaranteesRequired(partner, app.productType);
  const guarantorOf = (row: SignatoryRow) =>
    row.isContractSignatory === true && isGuarantor(listEntryOf(row), guarantees);
  const needsUrl = guarantorContract && rows.some(guarantorOf);
  const guarantorContractUrl = needsUrl && options.urlOf ? await options.urlOf(guarantorContract.id) : null;
  // A signed copy uploaded offline counts once it is available (clean); the portal's own signed files are.
  const copyIds = records.filter((r) => r.method === 'offline' && r.signedDocumentId).map((r) => r.signedDocumentId!);
  const copies = copyIds.length
    ? await db
        .select({
          id: documents.id,
          uploadStatus: documents.uploadStatus,
          scan: documents.virusScanStatus,
          deletedAt: documents.deletedAt,
        })
        .from(documents)
        .where(inArray(documents.id, copyIds))
    : [];
  const copyAvailable = (id: string | null) => {
    const copy = copies.find((c) => c.id === id);
    return (
      !!copy &&
      isFileAvailable(
        { upload_status: copy.uploadStatus, virus_scan_status: copy.scan, deleted: copy.deletedAt !== null },
        app.scannerConfigured,
      )
    );
  };

  const states = new Map<string, SigningState>();
  for (const row of rows) {
    const own = sessions.filter((s) => s.signatoryId === row.id);
    const isSigner = row.isContractSignatory === true;
    const isGuarantorSigner = isSigner && guarantorOf(row);
    const guarantorContractSigned =
      !!guarantorContract &&
      records.some(
        (r) =>
          r.signatoryId === row.id &&
          r.documentId === guarantorContract.id &&
          (r.method === 'online' || copyAvailable(r.signedDocumentId)),
      );
    const facts: SignatureStepFacts = {
      isSigner,
      isGuarantor: isGuarantorSigner,
      hasTaxId: !!row.taxid?.trim(),
      identRequired: config.ident_provider !== null,
      identCompleted: own.some((s) => s.status === 'completed') || !!row.kycStatus.ident_completed?.is_completed,
      loanSignatureOnline: config.loan_contract_signing === 'online',
      // The loan contract counts as signed only in the exact version the person's session covered.
      loanSigned: !!loanContract && own.some((s) => sessionCovers(s, loanContract)),
      guarantorSigning: config.guarantor_contract_signing,
      guarantorContractProvided: !!guarantorContract,
      guarantorContractSigned,
      sepaMandateAccepted: row.sepaMandateAcceptedAt !== null,
      legalSignatureAccepted: row.legalSignatureAcceptedAt !== null,
    };
    const session = own[0] ?? null;
    const completedAt = row.signatureCompletedAt;
    const requirements: SignatoryRequirements | null = !isSigner
      ? null
      : {
          signature_provider: config.ident_provider,
          signature_status: completedAt
            ? 'Completed'
            : // A signing session over an earlier version of the contract is no signature of this one.
              session?.kind === 'esign' &&
                session.status === 'completed' &&
                loanContract &&
                !sessionCovers(session, loanContract)
              ? 'NotCompleted'
              : signatureStatusOf((session?.status as IdentStatus | undefined) ?? null),
          digital_signature_url: null,
          guarantor_contract_url: isGuarantorSigner ? guarantorContractUrl : null,
          signature_completed_at: completedAt ? completedAt.toISOString() : null,
          is_video_id_required: facts.identRequired,
          is_loan_signature_required: facts.loanSignatureOnline,
          is_ubo_signature_required: isGuarantorSigner,
          required_other_documents:
            isGuarantorSigner && guarantorContract
              ? [
                  {
                    document_id: guarantorContract.id,
                    document_type: guarantorContract.documentType,
                    signing_method: config.guarantor_contract_signing,
                    is_signed: guarantorContractSigned,
                  },
                ]
              : [],
        };
    states.set(row.id, { facts, steps: signatureSteps(facts), requirements, session });
  }
  return { rows, states, guarantorContract, loanContract, sessions, records };
}
