import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { staffSeesPartner } from '@finportal/contracts/backoffice-permissions';
import type { InviteStatus, SignatoryRequirements } from '@finportal/contracts/representative-schemas';
import type {
  AcceptTermsRequest,
  IdentSession,
  LoanContractResponse,
  RequirementsResponse,
  SignaturesOverviewResponse,
  SignedDocumentRequest,
  SigningRecord,
  SigningRecordsResponse,
} from '@finportal/contracts/signatures';
import { isIdentProvider, OPEN_IDENT_STATUSES } from '@finportal/contracts/signature-providers';
import { maySeeSignerIp } from '@finportal/contracts/application/policies';
import { openSteps, STEPS_BEFORE_TERMS } from '@finportal/contracts/signature-steps';
import { displayGroup } from '@finportal/contracts/statuses';
import type { ApiErrorItem, ErrorCode } from '@finportal/contracts/errors';
import {
  applications,
  documents,
  signatories,
  signatureInvitations,
  signingRecords,
  type IdentSessionRow,
  type StaffUser,
} from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { UserActor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { SessionUser } from '../../platform/session.js';
import { isCurrentActor, type SignatoryRow } from '../representatives/public.js';
import { loadSigning, providedDocument, type SigningData } from '../representatives/public.js';
import { availableScanStatuses } from '@finportal/contracts/document-rules';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService, type ApplicationAccess } from '../applications/public.js';
import { DocumentsService } from '../documents/public.js';
import { personName } from './completion.js';
import { inviteStatusOf } from './invitation-service.js';
import { SIGNING_COMPLETE_CHECK } from './job-types.js';
import { demoPagePath } from './providers/demo-provider.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('err_entity_not_found', 404);

/** The signing calls answer from Signature on (reads also after it); the writes only at Signature. */
const SIGNING_GROUPS = ['waiting_for_signatures', 'in_review_after_signature', 'signed', 'paid_out'];
const signingOpened = (status: string) => SIGNING_GROUPS.includes(displayGroup(status));

/** The signed copy of the guarantee agreement: a scan (PDF) or a photo. */
const SIGNED_COPY_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

/** Requirements of someone who signs nothing (a representative who is not a signer). */
const NOTHING_REQUIRED: SignatoryRequirements = {
  signature_provider: null,
  signature_status: null,
  digital_signature_url: null,
  guarantor_contract_url: null,
  signature_completed_at: null,
  is_video_id_required: false,
  is_loan_signature_required: false,
  is_ubo_signature_required: false,
  required_other_documents: [],
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One call of a signer on their own card: who (one actor), which card, what, and the portal's origin. */
export interface SignerCall<Body> {
  actor: UserActor;
  applicationId: string;
  signatoryId: string;
  body: Body;
  origin: string;
}

/**
 * The signing steps of a representative (issue 14, ADR 020; spec 2 sections 2, 4 and 7): the
 * requirements (read, and step 4 the terms), the signed guarantee agreement's link, the loan
 * contract, the applicant's overview and the signing records.
 */
export class SigningSteps {
  private readonly applications: ApplicationsService;
  private readonly documents: DocumentsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
    this.documents = new DocumentsService(ctx);
  }

  /** The application if the user may see it (404) and it is at or after Signature (409). */
  private async opened(partner: Partner, user: SessionUser, id: string): Promise<ApplicationAccess> {
    const access = await this.applications.access(partner, user, id);
    if (!signingOpened(access.record.status)) throw new AppError('err_signature_not_open', 409);
    return access;
  }

  /** The person themselves (403) on an application at or after Signature (at Signature for a write; 409 first). */
  private async self(partner: Partner, user: SessionUser, id: string, signatoryId: string, write = false) {
    const access = await this.applications.access(partner, user, id);
    const status = access.record.status;
    if (write ? status !== 'Signature' : !signingOpened(status)) throw new AppError('err_signature_not_open', 409);
    const [row] = UUID.test(signatoryId)
      ? await this.ctx.db
          .select()
          .from(signatories)
          .where(and(eq(signatories.id, signatoryId), eq(signatories.applicationId, access.record.id)))
      : [];
    if (!row) throw notFound();
    // Only the signer themselves, by the account that accepted their invitation (ADR 021): an
    // e-mail match is never enough to act on someone's signing steps.
    if (!isCurrentActor(row, user) || (write && row.userId !== user.id)) throw new AppError('err_no_permission', 403);
    return { access, row };
  }

  private signing(partner: Partner, user: SessionUser, access: ApplicationAccess, origin: string | null) {
    const app = {
      id: access.record.id,
      productType: access.record.product_type,
      scannerConfigured: !!this.ctx.virusScanner,
    };
    return loadSigning(this.ctx.db, partner, app, {
      urlOf: origin ? (documentId) => this.urlOf(partner, user, access.record.id, documentId, origin) : undefined,
    });
  }

  /** A download URL of a client-visible document (null while the file is not available). */
  private async urlOf(partner: Partner, user: SessionUser, id: string, documentId: string, origin: string) {
    try {
      return (await this.documents.downloadUrl(partner, user, id, documentId, origin)).download_url;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  private identOf(session: IdentSessionRow | null, origin: string): IdentSession | null {
    if (!session || !isIdentProvider(session.provider)) return null;
    return {
      session_id: session.id,
      provider: session.provider,
      kind: session.kind,
      status: session.status,
      url: OPEN_IDENT_STATUSES.includes(session.status) ? `${origin}${demoPagePath(session.ref)}` : null,
      created_at: session.createdAt.toISOString(),
      updated_at: session.updatedAt.toISOString(),
    };
  }

  private answer(data: SigningData, row: SignatoryRow, origin: string): RequirementsResponse {
    const state = data.states.get(row.id)!;
    return {
      signatory_id: row.id,
      application_id: row.applicationId,
      invite_status: row.inviteStatus,
      kyc_status: state.steps,
      requirements: state.requirements ?? NOTHING_REQUIRED,
      ident: this.identOf(state.session, origin),
      signers: data.rows
        .filter((r) => data.states.get(r.id)?.facts.isSigner)
        .map((r) => ({ signatory_id: r.id, name: personName(r) })),
    };
  }

  /** GET …/signatories/{signatoryId}/requirements (the person themselves). */
  async requirements(partner: Partner, user: SessionUser, id: string, signatoryId: string, origin: string) {
    const { access, row } = await this.self(partner, user, id, signatoryId);
    return this.answer(await this.signing(partner, user, access, origin), row, origin);
  }

  /**
   * PATCH …/signatories/{signatoryId}/requirements: step 4. Both terms accepted (400 naming each
   * one missing), every earlier required step done (409 err_signature_steps_incomplete naming
   * them); records the acceptance and the completion once, then checks whether all have signed.
   */
  async acceptTerms({
    actor,
    applicationId: id,
    signatoryId,
    body,
    origin,
  }: SignerCall<AcceptTermsRequest>): Promise<RequirementsResponse> {
    const { partner, user, ip = '' } = actor;
    const { access, row } = await this.self(partner, user, id, signatoryId, true);
    const mismatch: ApiErrorItem[] = [];
    if (body.signatory_id !== row.id) mismatch.push({ code: 'err_invalid_value', field: 'signatory_id' });
    if (body.application_id !== access.record.id) mismatch.push({ code: 'err_invalid_value', field: 'application_id' });
    if (mismatch.length) throw new AppError('err_invalid_value', 400, mismatch);
    const refused: ApiErrorItem[] = [];
    if (!body.sepa_mandate_accepted)
      refused.push({ code: 'err_sepa_mandate_not_accepted', field: 'sepa_mandate_accepted' });
    if (!body.legal_signature_accepted)
      refused.push({ code: 'err_terms_not_accepted', field: 'legal_signature_accepted' });
    if (refused.length) throw new AppError(refused[0]!.code as ErrorCode, 400, refused);

    const data = await this.signing(partner, user, access, null);
    const state = data.states.get(row.id)!;
    if (!state.facts.isSigner) throw new AppError('err_no_permission', 403);
    const open = openSteps(state.steps, STEPS_BEFORE_TERMS);
    if (open.length) {
      throw new AppError('err_signature_steps_incomplete', 409, [
        { code: 'err_signature_steps_incomplete', values: { steps: open.join(',') } },
      ]);
    }
    if (!row.signatureCompletedAt) {
      await this.ctx.db.transaction(async (tx) => {
        const now = this.ctx.clock.now();
        const done = await tx
          .update(signatories)
          .set({ sepaMandateAcceptedAt: now, legalSignatureAcceptedAt: now, signatureCompletedAt: now, updatedAt: now })
          .where(and(eq(signatories.id, row.id), isNull(signatories.signatureCompletedAt)))
          .returning({ id: signatories.id });
        if (!done.length) return;
        await audit(tx, {
          partnerId: partner.key,
          userId: user.id,
          action: 'signature.terms_accepted',
          entity: 'signatory',
          entityId: row.id,
          applicationId: access.record.id,
          after: {
            sepa_mandate_accepted: true,
            legal_signature_accepted: true,
            signature_completed_at: now.toISOString(),
          },
          ip,
        });
        await enqueue(tx, SIGNING_COMPLETE_CHECK, { application_id: access.record.id });
      });
    }
    return this.requirements(partner, user, id, signatoryId, origin);
  }

  /**
   * PATCH …/signatories/{signatoryId}/signed_document: a guarantor who signs offline links their
   * uploaded signed copy (type guarantor_contract_signed, PDF or image, clean, their own upload) to
   * the guarantee agreement the back office provided. The signing record holds both hashes; the
   * same pair again changes nothing, another copy replaces the link.
   */
  async linkSignedDocument({
    actor,
    applicationId: id,
    signatoryId,
    body,
    origin,
  }: SignerCall<SignedDocumentRequest>): Promise<RequirementsResponse> {
    const { partner, user, ip = '' } = actor;
    const { access, row } = await this.self(partner, user, id, signatoryId, true);
    const data = await this.signing(partner, user, access, null);
    const state = data.states.get(row.id)!;
    if (!state.facts.isGuarantor || state.facts.guarantorSigning !== 'offline') {
      throw new AppError('err_signing_method_not_allowed', 409);
    }
    const unsigned = data.guarantorContract;
    if (!unsigned || unsigned.id !== body.unsigned_doc_id) {
      throw AppError.field('err_document_not_linkable', 'unsigned_doc_id', 409);
    }
    const [signed] = UUID.test(body.signed_doc_id)
      ? await this.ctx.db
          .select()
          .from(documents)
          .where(
            and(
              eq(documents.id, body.signed_doc_id),
              eq(documents.applicationId, access.record.id),
              eq(documents.documentType, 'guarantor_contract_signed'),
              eq(documents.createdBy, user.id),
              eq(documents.uploadStatus, 'success'),
              isNull(documents.deletedAt),
              isNull(documents.rejectedAt),
              // Linked while its scan runs (the person has just uploaded it); the step counts as done
              // once the copy is available (one rule: contracts isFileAvailable). Infected: never.
              inArray(documents.virusScanStatus, [...availableScanStatuses(!!this.ctx.virusScanner), 'scanning']),
              inArray(documents.contentType, SIGNED_COPY_TYPES),
            ),
          )
      : [];
    if (!signed?.sha256 || !unsigned.sha256) throw AppError.field('err_document_not_linkable', 'signed_doc_id', 409);
    const existing = data.records.find(
      (r) => r.signatoryId === row.id && r.documentId === unsigned.id && r.method === 'offline',
    );
    if (existing?.signedDocumentId !== signed.id) {
      await this.ctx.db.transaction(async (tx) => {
        const values = {
          userId: user.id,
          signedDocumentId: signed.id,
          ip,
          sha256Before: unsigned.sha256!,
          sha256After: signed.sha256,
          signedAt: this.ctx.clock.now(),
        };
        await tx
          .insert(signingRecords)
          .values({
            ...values,
            applicationId: access.record.id,
            partnerId: partner.key,
            signatoryId: row.id,
            documentId: unsigned.id,
            provider: 'offline',
            method: 'offline',
          })
          .onConflictDoUpdate({
            target: [signingRecords.signatoryId, signingRecords.documentId, signingRecords.method],
            set: values,
          });
        await audit(tx, {
          partnerId: partner.key,
          userId: user.id,
          action: 'signature.document_linked',
          entity: 'document',
          entityId: unsigned.id,
          applicationId: access.record.id,
          before: existing ? { signed_document_id: existing.signedDocumentId } : null,
          after: { signed_document_id: signed.id, signatory_id: row.id, sha256_after: signed.sha256 },
          ip,
        });
      });
    }
    return this.requirements(partner, user, id, signatoryId, origin);
  }

  /** GET …/loan_contract: the newest loan contract the back office provided (404 before). */
  async loanContract(partner: Partner, user: SessionUser, id: string, origin: string): Promise<LoanContractResponse> {
    const access = await this.opened(partner, user, id);
    const contract = await providedDocument(this.ctx.db, access.record.id, 'loan_contract', !!this.ctx.virusScanner);
    if (!contract) throw notFound();
    const { download_url } = await this.documents.downloadUrl(partner, user, access.record.id, contract.id, origin);
    const [sealed] = await this.ctx.db
      .select({ id: signingRecords.id })
      .from(signingRecords)
      .where(eq(signingRecords.signedDocumentId, contract.id))
      .limit(1);
    return {
      document_id: contract.id,
      document_name: contract.documentName,
      download_url,
      is_signed: !!sealed,
    };
  }

  /** GET …/signatures: who signs, who has signed, and the invitations (the owner and accepted signatories). */
  async overview(partner: Partner, user: SessionUser, id: string): Promise<SignaturesOverviewResponse> {
    const access = await this.opened(partner, user, id);
    const data = await this.signing(partner, user, access, null);
    const invitations = await this.ctx.db
      .select()
      .from(signatureInvitations)
      .where(eq(signatureInvitations.applicationId, access.record.id))
      .orderBy(desc(signatureInvitations.createdAt), desc(signatureInvitations.id));
    const now = this.ctx.clock.now();
    const signers = data.rows
      .filter((r) => data.states.get(r.id)?.facts.isSigner)
      .map((r) => {
        const newest = invitations.find((i) => i.signatoryId === r.id);
        const open = newest && !newest.usedAt && !newest.supersededAt ? newest : undefined;
        const expired = !!open && open.expiresAt <= now;
        const invite: InviteStatus = inviteStatusOf(r.inviteStatus, open, now);
        const isApplicant = r.userId === access.record.user_id || (access.role === 'owner' && isCurrentActor(r, user));
        return {
          signatory_id: r.id,
          name: personName(r),
          email: r.email,
          invite_status: isApplicant ? ('accepted' as const) : invite,
          invitation_expires_at: open && !expired ? open.expiresAt.toISOString() : null,
          signature_status: data.states.get(r.id)!.requirements?.signature_status ?? 'NotCompleted',
          signature_completed_at: iso(r.signatureCompletedAt),
          is_applicant: isApplicant,
        };
      });
    return { signers, all_signed: signers.length > 0 && signers.every((s) => s.signature_completed_at !== null) };
  }

  /**
   * GET …/signing_records (the owner and accepted signatories): who signed what, when, through which
   * provider; the IP address only of the viewer's own signatures (contracts maySeeSignerIp).
   */
  async records(partner: Partner, user: SessionUser, id: string): Promise<SigningRecordsResponse> {
    const access = await this.opened(partner, user, id);
    const own = await this.ctx.db
      .select({ id: signatories.id })
      .from(signatories)
      .where(and(eq(signatories.applicationId, access.record.id), eq(signatories.userId, user.id)));
    return { records: await this.recordsOf(access.record.id, { staff: false, signatoryIds: own.map((r) => r.id) }) };
  }

  /** GET /backoffice/applications/{id}/signing_records: a case of a partner the staff member sees (404 otherwise). */
  async staffRecords(staff: StaffUser, id: string): Promise<SigningRecordsResponse> {
    const [app] = UUID.test(id)
      ? await this.ctx.db
          .select({ id: applications.id, partnerId: applications.partnerId })
          .from(applications)
          .where(eq(applications.id, id))
      : [];
    if (!app || !staffSeesPartner({ kind: staff.kind, partner_id: staff.partnerId }, app.partnerId)) throw notFound();
    return { records: await this.recordsOf(app.id, { staff: true, signatoryIds: [] }) };
  }

  private async recordsOf(
    applicationId: string,
    viewer: { staff: boolean; signatoryIds: readonly string[] },
  ): Promise<SigningRecord[]> {
    const rows = await this.ctx.db
      .select({
        record: signingRecords,
        firstName: signatories.firstName,
        lastName: signatories.lastName,
        documentType: documents.documentType,
      })
      .from(signingRecords)
      .innerJoin(signatories, eq(signatories.id, signingRecords.signatoryId))
      .innerJoin(documents, eq(documents.id, signingRecords.documentId))
      .where(eq(signingRecords.applicationId, applicationId))
      .orderBy(signingRecords.signedAt, signingRecords.id);
    return rows.map(({ record: r, firstName, lastName, documentType }) => ({
      id: r.id,
      signatory_id: r.signatoryId,
      signer_name: personName({ firstName, lastName }),
      document_id: r.documentId,
      document_type: documentType,
      signed_document_id: r.signedDocumentId,
      provider: r.provider,
      method: r.method,
      signed_at: r.signedAt.toISOString(),
      ip: maySeeSignerIp(viewer, r.signatoryId) ? r.ip : null,
      sha256_before: r.sha256Before,
      sha256_after: r.sha256After,
    }));
  }
}
