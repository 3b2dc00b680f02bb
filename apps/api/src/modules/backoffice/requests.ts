import { and, eq, isNull } from 'drizzle-orm';
import type { Language } from '@finportal/contracts/constants';
import type { CreateDataRequestRequest } from '@finportal/contracts/data-requests';
import { requestsOpen } from '@finportal/contracts/application/policies';
import { CONTRACT_KINDS } from '@finportal/contracts/backoffice';
import type { Db } from '../../db/client.js';
import { dataRequests, documents, users, type StaffUser } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';
import { requestCopy } from '../data-requests/public.js';
import { resetOutdatedSignatures } from '../signatures/public.js';
import { documentCategoriesFor } from '@finportal/contracts/partner-products';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the requests need of the case (loaded and locked by CasesService). */
export interface RequestCase {
  id: string;
  short_id: string;
  partner_id: string;
  user_id: string;
  status: string;
  product_type: string;
  annual_statement_base_year: number | null;
}

/**
 * The back office's requests to the borrower (issue 13, ADR 019): ask for a document of one of the
 * application's types or for information, cancel a request, reject a document (which opens a
 * request of its type with the reason: its slot is open again), show or hide a document. Each is
 * audited; a request mails the borrower in their language.
 */
export class StaffRequests {
  constructor(private readonly ctx: AppContext) {}

  private typeNames(partner: Partner, row: RequestCase): Map<string, Record<string, string>> {
    const types = documentCategoriesFor(partner, row.product_type as never, row.annual_statement_base_year).flatMap(
      (c) => c.document_types,
    );
    return new Map(types.map((t) => [t.document_type, t.name as Record<string, string>]));
  }

  private assertOpen(row: RequestCase): void {
    if (!requestsOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
  }

  async create(
    tx: Db,
    staff: StaffUser,
    partner: Partner,
    row: RequestCase,
    body: CreateDataRequestRequest,
    ip: string,
  ) {
    this.assertOpen(row);
    const names = this.typeNames(partner, row);
    const documentType = body.kind === 'document' ? (body.document_type ?? null) : null;
    if (documentType && !names.has(documentType)) {
      throw AppError.field('err_document_type_unknown', 'document_type', 400);
    }
    const message = body.message.trim();
    const [saved] = await tx
      .insert(dataRequests)
      .values({ applicationId: row.id, kind: body.kind, documentType, message, createdBy: staff.id })
      .returning();
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'request.created',
      entity: 'data_request',
      entityId: saved!.id,
      applicationId: row.id,
      after: { kind: body.kind, document_type: documentType, message },
      ip,
    });
    await this.mail(tx, partner, row, message, documentType ? names.get(documentType) : undefined);
  }

  async cancel(tx: Db, staff: StaffUser, row: RequestCase, requestId: string, ip: string) {
    const [found] = UUID.test(requestId)
      ? await tx
          .select()
          .from(dataRequests)
          .where(and(eq(dataRequests.id, requestId), eq(dataRequests.applicationId, row.id)))
      : [];
    if (!found) throw new AppError('err_entity_not_found', 404);
    if (found.status !== 'open') throw new AppError('err_request_closed', 409);
    await tx
      .update(dataRequests)
      .set({ status: 'cancelled', closedAt: new Date() })
      .where(eq(dataRequests.id, found.id));
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'request.cancelled',
      entity: 'data_request',
      entityId: found.id,
      applicationId: row.id,
      before: { status: 'open' },
      after: { status: 'cancelled' },
      ip,
    });
  }

  private async document(tx: Db, row: RequestCase, documentId: string) {
    const [doc] = UUID.test(documentId)
      ? await tx
          .select()
          .from(documents)
          .where(and(eq(documents.id, documentId), eq(documents.applicationId, row.id), isNull(documents.deletedAt)))
          .for('update')
      : [];
    if (!doc) throw new AppError('err_entity_not_found', 404);
    return doc;
  }

  async rejectDocument(
    tx: Db,
    staff: StaffUser,
    partner: Partner,
    row: RequestCase,
    documentId: string,
    reason: string,
    ip: string,
  ) {
    this.assertOpen(row);
    const doc = await this.document(tx, row, documentId);
    if (doc.rejectedAt) throw new AppError('err_document_already_rejected', 409);
    const message = reason.trim();
    await tx
      .update(documents)
      .set({ rejectedAt: new Date(), rejectionReason: message, rejectedBy: staff.id })
      .where(eq(documents.id, doc.id));
    const [request] = await tx
      .insert(dataRequests)
      .values({
        applicationId: row.id,
        kind: 'document',
        documentType: doc.documentType,
        message,
        rejectedDocumentId: doc.id,
        createdBy: staff.id,
      })
      .returning({ id: dataRequests.id });
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'document.rejected',
      entity: 'document',
      entityId: doc.id,
      applicationId: row.id,
      before: { rejected: false },
      after: { rejected: true, reason: message, request_id: request!.id },
      ip,
    });
    await this.mail(tx, partner, row, message, this.typeNames(partner, row).get(doc.documentType));
  }

  async setVisibility(tx: Db, staff: StaffUser, row: RequestCase, documentId: string, visible: boolean, ip: string) {
    const doc = await this.document(tx, row, documentId);
    if (doc.isClientVisible === visible) return;
    await tx.update(documents).set({ isClientVisible: visible }).where(eq(documents.id, doc.id));
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'document.visibility_changed',
      entity: 'document',
      entityId: doc.id,
      applicationId: row.id,
      before: { is_client_visible: doc.isClientVisible },
      after: { is_client_visible: visible },
      ip,
    });
    // Showing or hiding a contract changes which version is to be signed (ADR 021).
    if ((CONTRACT_KINDS as readonly string[]).includes(doc.documentType)) {
      await resetOutdatedSignatures(this.ctx, tx, row.id, {
        documentId: doc.id,
        documentType: doc.documentType,
        actor: { kind: 'staff', id: staff.id, ip },
      });
    }
  }

  private async mail(tx: Db, partner: Partner, row: RequestCase, message: string, names?: Record<string, string>) {
    const [owner] = await tx.select().from(users).where(eq(users.id, row.user_id));
    if (!owner) return;
    const language = owner.communicationLanguage as Language;
    const documentName = names ? (names[language] ?? names.de ?? Object.values(names)[0]) : undefined;
    await this.ctx.mailer.enqueueCopy(tx, {
      partner,
      to: owner.email,
      language,
      template: 'data_requested',
      linkPath: `/dashboard/applications/${row.id}`,
      copy: requestCopy(language, {
        partner: partner.display_name,
        shortId: row.short_id,
        message,
        ...(documentName ? { documentName } : {}),
      }),
    });
  }
}
