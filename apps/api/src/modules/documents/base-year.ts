import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { annualStatementsDropped } from '@finportal/contracts/annual-statements';
import { canDeleteDocuments } from '@finportal/contracts/document-rules';
import type { AnnualStatementBaseYearResponse } from '@finportal/contracts/documents';
import { applications, documents } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import { withdrawDocumentRequests } from '../data-requests/public.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import type { ApplicationsService } from '../applications/public.js';
import { documentConfigurationsFor } from '@finportal/contracts/partner-products';

/**
 * PATCH .../annual_statement_base_year (spec 2 section 2; ADR 015): the customer's base year of
 * the annual statements. The statements of years the new base year no longer asks for are removed
 * (the page has confirmed that with the customer); those of years both ask for stay. Only the
 * applicant, only while the application is Open (the switch deletes documents).
 */
export async function switchBaseYear(
  ctx: AppContext,
  applicationsService: ApplicationsService,
  partner: Partner,
  user: SessionUser,
  id: string,
  baseYear: number,
  ip: string,
): Promise<AnnualStatementBaseYearResponse> {
  const access = await applicationsService.access(partner, user, id);
  const { record } = access;
  if (!canDeleteDocuments(access.role === 'owner', record.status)) throw new AppError('err_no_permission', 403);
  const before = documentConfigurationsFor(partner, record.product_type, record.annual_statement_base_year);
  if (!before.annual_statement_base_years.includes(baseYear)) {
    throw new AppError('err_invalid_value', 400, [{ code: 'err_invalid_value', field: 'base_year' }]);
  }
  const after = documentConfigurationsFor(partner, record.product_type, baseYear);
  const types = (c: typeof before) => c.document_categories.flatMap((category) => category.document_types);
  const dropped = annualStatementsDropped(types(before), types(after));

  const removed = await ctx.db.transaction(async (tx) => {
    // The status under the lock: a submission in between leaves the documents alone.
    const [locked] = await tx
      .select({ status: applications.status, baseYear: applications.annualStatementBaseYear })
      .from(applications)
      .where(eq(applications.id, record.id))
      .for('update');
    if (!locked || !canDeleteDocuments(true, locked.status)) throw new AppError('err_no_permission', 403);
    if ((locked.baseYear ?? null) !== (record.annual_statement_base_year ?? null)) {
      throw new AppError('err_update_not_allowed', 409);
    }
    await tx
      .update(applications)
      .set({ annualStatementBaseYear: baseYear, updatedAt: sql`now()` })
      .where(eq(applications.id, record.id));
    const gone = dropped.length
      ? await tx
          .update(documents)
          .set({ deletedAt: new Date(), uploadTokenHash: null })
          .where(
            and(
              eq(documents.applicationId, record.id),
              inArray(documents.documentType, dropped),
              isNull(documents.deletedAt),
            ),
          )
          .returning({ id: documents.id, storageKey: documents.storageKey, documentType: documents.documentType })
      : [];
    // Requests for the years no longer offered are withdrawn: nothing could fulfil them.
    await withdrawDocumentRequests(tx, record.id, dropped);
    await audit(tx, {
      partnerId: partner.key,
      userId: user.id,
      action: 'application.annual_statement_base_year_changed',
      entity: 'application',
      entityId: record.id,
      data: {
        from: before.annual_statement_base_year,
        to: baseYear,
        removed_documents: gone.map((d) => ({ document_id: d.id, document_type: d.documentType })),
      },
      ip,
    });
    return gone;
  });
  for (const { storageKey } of removed) if (storageKey) await ctx.objectStore.remove(storageKey);
  return { document_configurations: after, removed_document_ids: removed.map((d) => d.id) };
}
