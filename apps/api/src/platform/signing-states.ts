import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { SignatoryRequirements } from '@finportal/contracts/representative-schemas';
import { signatureStatusOf, type IdentStatus } from '@finportal/contracts/signature-providers';
import { signatureSteps, type SignatureStepFacts, type SignatureSteps } from '@finportal/contracts/signature-steps';
import type { Db } from '../db/client.js';
import {
  documents,
  identSessions,
  signatories,
  signingRecords,
  type IdentSessionRow,
  type SigningRecordRow,
} from '../db/schema.js';
import { guaranteesRequired, type SignatoryRow } from './signatory-records.js';
import type { Partner } from './tenancy.js';

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
  sessions: IdentSessionRow[];
  records: SigningRecordRow[];
}

export interface SigningApplication {
  id: string;
  productType: string;
}

export interface SigningOptions {
  /** The representatives, when the caller has read them already (in their order). */
  rows?: SignatoryRow[];
  /** The download URL of a document (the guarantee agreement's guarantor_contract_url); none: null. */
  urlOf?: (documentId: string) => Promise<string | null>;
}

/** Scan statuses of a file that may be handed out (a clean one, or one no scanner looks at). */
export const CLEAN_SCANS = ['not_infected', 'not_scanned'] as const;

/** The newest client-visible, stored and clean document of a type of the application. */
export async function providedDocument(db: Db, applicationId: string, type: string): Promise<DocumentRow | null> {
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
        inArray(documents.virusScanStatus, CLEAN_SCANS),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  return row ?? null;
}

/** The signing state of every representative of the application. */
export async function loadSigning(
  db: Db,
  partner: Partner,
  app: SigningApplication,
  options: SigningOptions = {},
): Promise<SigningData> {
  const [rows, sessions, guarantorContract, records] = await Promise.all([
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
    providedDocument(db, app.id, 'guarantor_contract'),
    db
      .select()
      .from(signingRecords)
      .where(eq(signingRecords.applicationId, app.id))
      .orderBy(asc(signingRecords.signedAt), asc(signingRecords.id)),
  ]);
  const config = partner.signatures;
  const guarantees = guaranteesRequired(partner, app.productType);
  const needsUrl = guarantorContract && guarantees && rows.some((r) => r.isContractSignatory && r.isBeneficialOwner);
  const guarantorContractUrl = needsUrl && options.urlOf ? await options.urlOf(guarantorContract.id) : null;

  const states = new Map<string, SigningState>();
  for (const row of rows) {
    const own = sessions.filter((s) => s.signatoryId === row.id);
    const isSigner = row.isContractSignatory === true;
    const isGuarantor = isSigner && row.isBeneficialOwner === true && guarantees;
    const guarantorContractSigned =
      !!guarantorContract && records.some((r) => r.signatoryId === row.id && r.documentId === guarantorContract.id);
    const facts: SignatureStepFacts = {
      isSigner,
      isGuarantor,
      hasTaxId: !!row.taxid?.trim(),
      identRequired: config.ident_provider !== null,
      identCompleted: own.some((s) => s.status === 'completed') || !!row.kycStatus.ident_completed?.is_completed,
      loanSignatureOnline: config.loan_contract_signing === 'online',
      loanSigned: own.some((s) => s.kind === 'esign' && s.status === 'completed'),
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
            : signatureStatusOf((session?.status as IdentStatus | undefined) ?? null),
          digital_signature_url: null,
          guarantor_contract_url: isGuarantor ? guarantorContractUrl : null,
          signature_completed_at: completedAt ? completedAt.toISOString() : null,
          is_video_id_required: facts.identRequired,
          is_loan_signature_required: facts.loanSignatureOnline,
          is_ubo_signature_required: isGuarantor,
          required_other_documents:
            isGuarantor && guarantorContract
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
  return { rows, states, guarantorContract, sessions, records };
}
