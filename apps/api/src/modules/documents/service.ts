import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { signsGuaranteeOnPaper } from '@finportal/contracts/application/policies';
import { isFileAvailable } from '@finportal/contracts/document-rules';
import {
  canDeleteDocuments,
  canUploadDocuments,
  extensionOf,
  quotaIssue,
  UPLOAD_EXTENSIONS,
  uploadIssues,
  type UploadExtension,
} from '@finportal/contracts/document-rules';
import {
  documentTypeConfig,
  documentTypeOf,
  resolveDocumentType,
  type CreateDocumentBody,
  type CreateDocumentResponse,
  type Document,
  type DownloadUrlResponse,
  type ListDocumentsFilter,
} from '@finportal/contracts/documents';
import { rowsOf, type Db } from '../../db/client.js';
import { documentDownloads, documents } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import { isPreviewable } from '../../platform/content-disposition.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService, type ApplicationAccess } from '../applications/public.js';
import { documentCategoriesFor } from '@finportal/contracts/partner-products';
import { enqueue } from '../../platform/jobs/queue.js';
import { documentOf } from './wire.js';
import { fulfilDocumentRequests, reopenRequestsFulfilledBy } from '../data-requests/public.js';
import { emitWebhook } from '../../platform/webhooks.js';
import { loadSigning } from '../representatives/public.js';
import { FileInspector, RefusedContent } from './inspect.js';
import { parseTokenPart, storageKeyOf, tokenPart, uploadKeyOf, UUID } from './keys.js';
import { DOCUMENT_SCAN } from './scan.js';
import { isDirect, presignedDownloadUrl, presignedUploadUrl, verifyDirectUpload } from './verify.js';

type DocumentRow = typeof documents.$inferSelect;
type CreateRequest = CreateDocumentBody;

/**
 * A guarantor's signed copy of the guarantee agreement (issue 14, ADR 020): any signer of the
 * application uploads it while it is at Signature (then links it with PATCH …/signed_document); PDF
 * or a photo, whatever the partner's document configuration lists.
 */
const SIGNED_GUARANTEE = 'guarantor_contract_signed';
const signedGuaranteeUpload = (type: string, status: string) => type === SIGNED_GUARANTEE && status === 'Signature';

/** How long an upload URL may be used (once). */
export const UPLOAD_URL_MINUTES = 15;
/** How long a download URL works. */
export const DOWNLOAD_URL_SECONDS = 60;

/**
 * The documents of an application (spec 2 sections 2, 3, 5 and 7; issue 11, ADR 015): list,
 * announce (POST: the type's rules judged before anything is stored, a signed single-use upload
 * URL with the size pinned), receive (PUT: streamed to the object store through the inspector),
 * confirm (upload_success), download (a short-lived URL, the file as an attachment under its
 * original name) and delete (only while Open).
 */
export class DocumentsService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  /** A file is downloadable once stored, confirmed and clean (the one rule: contracts isFileAvailable). */
  isAvailable(row: DocumentRow): boolean {
    return isFileAvailable(
      { upload_status: row.uploadStatus, virus_scan_status: row.virusScanStatus, deleted: row.deletedAt !== null },
      !!this.ctx.virusScanner,
    );
  }

  async list(partner: Partner, user: SessionUser, id: string, query: ListDocumentsFilter): Promise<Document[]> {
    const access = await this.applications.access(partner, user, id);
    const rows = await this.ctx.db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.applicationId, access.record.id),
          isNull(documents.deletedAt),
          eq(documents.isClientVisible, true),
          query.document_type ? eq(documents.documentType, query.document_type) : undefined,
          query.related_entity_kind ? eq(documents.entityKind, query.related_entity_kind) : undefined,
          query.related_entity_id && UUID.test(query.related_entity_id)
            ? eq(documents.entityId, query.related_entity_id)
            : undefined,
        ),
      )
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(query.page_size);
    return rows.map((row) => documentOf(row, !!this.ctx.virusScanner));
  }

  /** Every document of an application, also those the borrower does not see (the back office's case page). */
  async listAll(applicationId: string): Promise<Document[]> {
    const rows = await this.ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, applicationId), isNull(documents.deletedAt)))
      .orderBy(desc(documents.createdAt), desc(documents.id));
    return rows.map((row) => documentOf(row, !!this.ctx.virusScanner));
  }

  /**
   * A file of the back office stored as a document of an application (issue 13: the loan and
   * guarantor contracts): hidden from the borrower until shown, scanned like an upload unless the
   * portal made it itself (`trusted`). Inside the caller's transaction; answers the document.
   */
  async storeStaffDocument(
    tx: Db,
    file: {
      applicationId: string;
      partnerId: string;
      documentType: string;
      fileName: string;
      contentType: string;
      bytes: Uint8Array;
      trusted: boolean;
    },
  ): Promise<Document> {
    const id = randomUUID();
    const key = storageKeyOf({ partnerId: file.partnerId, id });
    await this.ctx.objectStore.write(key, Readable.from([Buffer.from(file.bytes)]));
    const scan = !file.trusted && this.ctx.virusScanner;
    const [row] = await tx
      .insert(documents)
      .values({
        id,
        applicationId: file.applicationId,
        partnerId: file.partnerId,
        entityKind: 'application',
        documentType: file.documentType,
        documentName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        announcedSize: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        storageKey: key,
        uploadStatus: 'success',
        uploadedAt: new Date(),
        virusScanStatus: file.trusted ? 'not_infected' : scan ? 'scanning' : 'not_scanned',
        isClientVisible: false,
      })
      .returning();
    if (scan) await enqueue(tx, DOCUMENT_SCAN, { document_id: id });
    return documentOf(row!, !!this.ctx.virusScanner);
  }

  /**
   * A signed copy of the guarantee agreement comes only from a person required to sign it on paper
   * (contracts signsGuaranteeOnPaper), by the account that accepted their invitation (ADR 021).
   */
  private async signsGuaranteeOnPaper(partner: Partner, user: SessionUser, access: ApplicationAccess) {
    const app = {
      id: access.record.id,
      productType: access.record.product_type,
      scannerConfigured: !!this.ctx.virusScanner,
    };
    const { rows, states } = await loadSigning(this.ctx.db, partner, app);
    return rows.some((r) => r.userId === user.id && signsGuaranteeOnPaper(states.get(r.id)?.steps ?? {}));
  }

  async create(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: CreateRequest,
    ip: string,
    origin: string,
  ): Promise<CreateDocumentResponse> {
    const access = await this.applications.access(partner, user, id);
    const signedGuarantee = signedGuaranteeUpload(body.document_type, access.record.status);
    if (signedGuarantee && !(await this.signsGuaranteeOnPaper(partner, user, access))) {
      throw new AppError('err_no_permission', 403);
    }
    if (!signedGuarantee && !canUploadDocuments(access.role === 'owner', access.record.status)) {
      throw new AppError('err_no_permission', 403);
    }
    const settings = signedGuarantee
      ? resolveDocumentType(
          documentTypeConfig.parse({ document_type: SIGNED_GUARANTEE, allowed_extensions: ['pdf', 'jpg', 'png'] }),
          partner.allowed_file_upload_type_list,
        )
      : documentTypeOf(
          documentCategoriesFor(partner, access.record.product_type, access.record.annual_statement_base_year),
          body.document_type,
        );
    if (!settings)
      throw new AppError('err_invalid_value', 400, [{ code: 'err_invalid_value', field: 'document_type' }]);
    const issues = uploadIssues(body, settings);
    if (issues.length) {
      throw new AppError(
        issues[0]!.code,
        400,
        issues.map(({ code, field, values }) => ({ code, field, ...(values ? { values } : {}) })),
      );
    }
    const entity = this.entityOf(access, body);
    if (body.sha256) await this.refuseDuplicate(access.record.id, body.sha256);

    const token = newToken();
    const documentId = randomUUID();
    // An S3 store: the browser PUTs straight to it, under the upload key (verify.ts).
    const direct = isDirect(this.ctx.objectStore) ? uploadKeyOf({ partnerId: partner.key, id: documentId }) : null;
    const expiresAt = new Date(Date.now() + UPLOAD_URL_MINUTES * 60_000);
    const ext = extensionOf(body.file_name)!;
    const [row] = await this.ctx.db.transaction(async (tx) => {
      // The quotas are counted under locks, so that parallel uploads cannot pass them together.
      await this.assertQuota(tx, partner, user, access.record.id, body.document_type, body.size_bytes);
      const inserted = await tx
        .insert(documents)
        .values({
          id: documentId,
          applicationId: access.record.id,
          partnerId: partner.key,
          entityKind: entity.kind,
          entityId: entity.id,
          documentType: body.document_type,
          documentName: body.file_name,
          asOfDate: body.as_of_date ?? null,
          contentType: UPLOAD_EXTENSIONS[ext],
          announcedSize: body.size_bytes,
          sha256: body.sha256 ?? null,
          storageKey: direct,
          uploadTokenHash: direct ? null : hashToken(token),
          uploadExpiresAt: expiresAt,
          uploadStatus: 'pending',
          createdBy: user.id,
        })
        .returning();
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'document.announced',
        entity: 'document',
        entityId: inserted[0]!.id,
        data: { application_id: access.record.id, document_type: body.document_type, size_bytes: body.size_bytes },
        ip,
      });
      return inserted;
    });
    const base = `${origin}${this.ctx.config.API_BASE_PATH}`;
    return {
      document_id: row!.id,
      upload_url: direct
        ? await presignedUploadUrl(this.ctx.objectStore, row!, UPLOAD_URL_MINUTES * 60)
        : `${base}/uploads/${tokenPart(row!.id, token)}`,
      upload_expires_at: expiresAt.toISOString(),
      document: documentOf(row!, !!this.ctx.virusScanner),
    };
  }

  /**
   * PUT <upload_url>: the token is used up first (a second PUT with it is refused), then the body
   * streams through the inspector to the store. A refused body leaves nothing stored.
   */
  async receive(part: string, body: Readable, declaredLength: number | null): Promise<Document> {
    const parsed = parseTokenPart(part);
    if (!parsed) throw new AppError('err_upload_url_invalid', 403);
    const [row] = await this.ctx.db
      .update(documents)
      .set({ uploadTokenHash: null })
      .where(
        and(
          eq(documents.id, parsed.documentId),
          eq(documents.uploadTokenHash, hashToken(parsed.token)),
          eq(documents.uploadStatus, 'pending'),
          isNull(documents.deletedAt),
          isNull(documents.uploadedAt),
          sql`${documents.uploadExpiresAt} > now()`,
        ),
      )
      .returning();
    if (!row) throw new AppError('err_upload_url_invalid', 403);
    const announced = row.announcedSize ?? 0;
    if (declaredLength !== null && declaredLength !== announced) {
      await this.fail(row);
      throw new AppError('err_upload_size_mismatch', 400);
    }
    const ext = extensionOf(row.documentName) as UploadExtension;
    const inspector = new FileInspector(ext, announced);
    const key = storageKeyOf(row);
    try {
      await this.ctx.objectStore.write(key, body, inspector);
    } catch (error) {
      await this.fail(row);
      if (error instanceof RefusedContent) throw new AppError(error.code, error.status);
      throw error;
    }
    const sha256 = inspector.digest();
    if (row.sha256 && row.sha256 !== sha256) {
      await this.ctx.objectStore.remove(key);
      await this.fail(row);
      throw new AppError('err_upload_size_mismatch', 400, [{ code: 'err_invalid_value', field: 'sha256' }]);
    }
    const [saved] = await this.ctx.db
      .update(documents)
      .set({ storageKey: key, sizeBytes: announced, sha256, uploadedAt: new Date() })
      .where(eq(documents.id, row.id))
      .returning();
    return documentOf(saved!, !!this.ctx.virusScanner);
  }

  /** PATCH .../documents/{documentId}/upload_success: confirms a received file, or records a failed upload. */
  async uploadSuccess(
    partner: Partner,
    user: SessionUser,
    id: string,
    documentId: string,
    successful: boolean,
    ip: string,
  ): Promise<Document> {
    const access = await this.applications.access(partner, user, id);
    const row = await this.row(access, documentId);
    const ownSignedGuarantee =
      row.createdBy === user.id && signedGuaranteeUpload(row.documentType, access.record.status);
    if (!ownSignedGuarantee && !canUploadDocuments(access.role === 'owner', access.record.status)) {
      throw new AppError('err_no_permission', 403);
    }
    if (row.uploadStatus === 'success' && successful) return documentOf(row, !!this.ctx.virusScanner);
    if (row.uploadStatus !== 'pending') throw new AppError('err_update_not_allowed', 409);
    if (successful && !row.uploadedAt) {
      if (!isDirect(this.ctx.objectStore)) throw new AppError('err_file_not_available', 409);
      await verifyDirectUpload(this.ctx, row, storageKeyOf(row)); // refused: removed, failed, the inspector's code
    }
    const [saved] = await this.ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(documents)
        .set({
          uploadStatus: successful ? 'success' : 'failed',
          uploadTokenHash: null,
          virusScanStatus: successful && this.ctx.virusScanner ? 'scanning' : 'not_scanned',
        })
        .where(and(eq(documents.id, row.id), eq(documents.uploadStatus, 'pending')))
        .returning();
      if (updated[0] && successful && this.ctx.virusScanner) {
        await enqueue(tx, DOCUMENT_SCAN, { document_id: row.id });
      }
      // A document the back office asked for (or whose earlier copy it rejected) has arrived.
      if (updated[0] && successful) {
        // The request is fulfilled at once; a file the scan then finds infected opens it again (scan.ts).
        await fulfilDocumentRequests(tx, access.record.id, row.documentType, row.id);
        await emitWebhook(tx, partner.key, 'document.uploaded', {
          application_id: access.record.id,
          short_id: access.record.short_id,
          document_id: row.id,
          document_type: row.documentType,
        });
      }
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: successful ? 'document.uploaded' : 'document.upload_failed',
        entity: 'document',
        entityId: row.id,
        data: { application_id: access.record.id, document_type: row.documentType },
        ip,
      });
      return updated;
    });
    if (!saved) throw new AppError('err_update_not_allowed', 409);
    if (!successful && row.storageKey) await this.ctx.objectStore.remove(row.storageKey);
    return documentOf(saved, !!this.ctx.virusScanner);
  }

  /** GET .../documents/{documentId}/download_url: a short-lived URL of a clean, confirmed file. */
  async downloadUrl(
    partner: Partner,
    user: SessionUser,
    id: string,
    documentId: string,
    origin: string,
    preview = false,
  ): Promise<DownloadUrlResponse> {
    const access = await this.applications.access(partner, user, id);
    return this.urlOf(await this.row(access, documentId), origin, preview);
  }

  /**
   * The back office's download URL of any document of an application (also one the borrower does
   * not see); the caller has checked that the staff member sees the application.
   */
  async staffDownloadUrl(applicationId: string, documentId: string, origin: string): Promise<DownloadUrlResponse> {
    const row = UUID.test(documentId)
      ? (
          await this.ctx.db
            .select()
            .from(documents)
            .where(
              and(
                eq(documents.id, documentId),
                eq(documents.applicationId, applicationId),
                isNull(documents.deletedAt),
              ),
            )
        )[0]
      : undefined;
    if (!row) throw new AppError('err_entity_not_found', 404);
    return this.urlOf(row, origin, false);
  }

  private async urlOf(row: DocumentRow, origin: string, preview: boolean): Promise<DownloadUrlResponse> {
    if (row.uploadStatus === 'pending') throw new AppError('err_upload_in_progress', 409);
    if (!this.isAvailable(row) || !row.storageKey) throw new AppError('err_file_not_available', 409);
    const inline = preview && isPreviewable(row.contentType);
    if (isDirect(this.ctx.objectStore)) {
      return presignedDownloadUrl(this.ctx.objectStore, row, DOWNLOAD_URL_SECONDS, inline);
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000);
    await this.ctx.db.delete(documentDownloads).where(lt(documentDownloads.expiresAt, new Date()));
    await this.ctx.db.insert(documentDownloads).values({ tokenHash: hashToken(token), documentId: row.id, expiresAt });
    const base = `${origin}${this.ctx.config.API_BASE_PATH}`;
    const url = `${base}/downloads/${tokenPart(row.id, token)}${inline ? '?inline=1' : ''}`;
    return { download_url: url, expires_at: expiresAt.toISOString() };
  }

  /** GET <download_url>: the file's stream, name and type, while the URL is valid and the file still available. */
  async download(part: string): Promise<{ stream: Readable; name: string; contentType: string; size: number | null }> {
    const parsed = parseTokenPart(part);
    if (!parsed) throw new AppError('err_not_found', 404);
    const [link] = await this.ctx.db
      .select()
      .from(documentDownloads)
      .where(
        and(
          eq(documentDownloads.tokenHash, hashToken(parsed.token)),
          eq(documentDownloads.documentId, parsed.documentId),
          sql`${documentDownloads.expiresAt} > now()`,
        ),
      );
    if (!link) throw new AppError('err_not_found', 404);
    const [row] = await this.ctx.db.select().from(documents).where(eq(documents.id, parsed.documentId));
    if (!row || !this.isAvailable(row) || !row.storageKey) throw new AppError('err_file_not_available', 404);
    return {
      stream: await this.ctx.objectStore.read(row.storageKey),
      name: row.documentName,
      contentType: row.contentType ?? 'application/octet-stream',
      size: row.sizeBytes,
    };
  }

  /** DELETE .../documents/{documentId}: only the applicant, only while the application is Open. */
  async remove(partner: Partner, user: SessionUser, id: string, documentId: string, ip: string): Promise<void> {
    const access = await this.applications.access(partner, user, id);
    const row = await this.row(access, documentId);
    if (!canDeleteDocuments(access.role === 'owner', access.record.status)) {
      throw new AppError('err_no_permission', 403);
    }
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(documents).set({ deletedAt: new Date(), uploadTokenHash: null }).where(eq(documents.id, row.id));
      // A request this file fulfilled is open again.
      await reopenRequestsFulfilledBy(tx, [row.id]);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'document.deleted',
        entity: 'document',
        entityId: row.id,
        data: { application_id: access.record.id, document_type: row.documentType },
        ip,
      });
    });
    if (row.storageKey) await this.ctx.objectStore.remove(row.storageKey);
  }

  /** A client-visible document of the application, else 404. */
  private async row(access: ApplicationAccess, documentId: string): Promise<DocumentRow> {
    const [row] = UUID.test(documentId)
      ? await this.ctx.db
          .select()
          .from(documents)
          .where(
            and(
              eq(documents.id, documentId),
              eq(documents.applicationId, access.record.id),
              isNull(documents.deletedAt),
              eq(documents.isClientVisible, true),
            ),
          )
      : [];
    if (!row) throw new AppError('err_entity_not_found', 404);
    return row;
  }

  /** The entity a document belongs to: the application (default) or its company. */
  private entityOf(access: ApplicationAccess, body: CreateRequest): { kind: 'application' | 'company'; id: string } {
    const kind = body.related_entity_kind;
    if (kind === 'company') return { kind, id: access.record.company_id };
    if (kind !== 'application') {
      throw new AppError('err_invalid_value', 400, [{ code: 'err_invalid_value', field: 'related_entity_kind' }]);
    }
    if (body.related_entity_id && body.related_entity_id !== access.record.id) {
      throw new AppError('err_invalid_value', 400, [{ code: 'err_invalid_value', field: 'related_entity_id' }]);
    }
    return { kind, id: access.record.id };
  }

  /**
   * The partner's upload quotas (issue 25, ADR 033): files and bytes of one type on the
   * application, on the application, and of the borrower over all their applications. Counted in
   * the announcing transaction with the borrower's and the application's rows locked (in that
   * order, always), so that parallel announcements are counted one after the other. What counts:
   * every file a borrower announced that is not deleted, failed, or an announcement whose upload
   * URL expired unused. 409 with the quota's code and its limits.
   */
  private async assertQuota(
    tx: Db,
    partner: Partner,
    user: SessionUser,
    applicationId: string,
    documentType: string,
    sizeBytes: number,
  ): Promise<void> {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`);
    await tx.execute(sql`SELECT id FROM applications WHERE id = ${applicationId} FOR UPDATE`);
    const [usage] = rowsOf<Record<string, string | number | null>>(
      await tx.execute(sql`
        SELECT
          count(*) FILTER (WHERE application_id = ${applicationId} AND document_type = ${documentType}) AS type_files,
          coalesce(sum(announced_size) FILTER (WHERE application_id = ${applicationId} AND document_type = ${documentType}), 0) AS type_bytes,
          count(*) FILTER (WHERE application_id = ${applicationId}) AS app_files,
          coalesce(sum(announced_size) FILTER (WHERE application_id = ${applicationId}), 0) AS app_bytes,
          count(*) FILTER (WHERE created_by = ${user.id}) AS user_files,
          coalesce(sum(announced_size) FILTER (WHERE created_by = ${user.id}), 0) AS user_bytes
        FROM documents
        WHERE (application_id = ${applicationId} OR created_by = ${user.id})
          AND created_by IS NOT NULL AND deleted_at IS NULL
          AND (upload_status = 'success'
               OR (upload_status = 'pending' AND (uploaded_at IS NOT NULL OR upload_expires_at > now())))`),
    );
    const n = (v: string | number | null | undefined) => Number(v ?? 0);
    const issue = quotaIssue(
      {
        document_type: { files: n(usage?.type_files), bytes: n(usage?.type_bytes) },
        application: { files: n(usage?.app_files), bytes: n(usage?.app_bytes) },
        user: { files: n(usage?.user_files), bytes: n(usage?.user_bytes) },
      },
      sizeBytes,
      partner.upload_quotas,
    );
    if (issue) throw new AppError(issue.code, 409, [{ code: issue.code, field: 'file_name', values: issue.values }]);
  }

  /** The same file (SHA-256) already on this application: 409 naming it. */
  private async refuseDuplicate(applicationId: string, sha256: string): Promise<void> {
    const [same] = await this.ctx.db
      .select({ name: documents.documentName })
      .from(documents)
      .where(
        and(
          eq(documents.applicationId, applicationId),
          eq(documents.sha256, sha256),
          isNull(documents.deletedAt),
          ne(documents.uploadStatus, 'failed'),
        ),
      )
      .limit(1);
    if (same) {
      throw new AppError('err_document_duplicate', 409, [
        { code: 'err_document_duplicate', field: 'file_name', values: { document_name: same.name } },
      ]);
    }
  }

  private async fail(row: DocumentRow): Promise<void> {
    await this.ctx.db
      .update(documents)
      .set({ uploadStatus: 'failed', uploadTokenHash: null })
      .where(eq(documents.id, row.id));
  }
}
