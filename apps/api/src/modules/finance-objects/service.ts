import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import {
  canEditFinanceObjects,
  FINANCE_OBJECT_FIELDS,
  financeObjectIssues,
  financeObjectsMaxError,
  type FinanceObjectField,
  type FinanceObjectValues,
} from '@finportal/contracts/finance-object-rules';
import type { FinanceObject, FinanceObjectInput, FinanceObjectsResponse } from '@finportal/contracts/finance-objects';
import { rowsOf, type Db } from '../../db/client.js';
import { companies, financeObjects } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService, type ApplicationAccess } from '../applications/public.js';

type FinanceObjectRow = typeof financeObjects.$inferSelect;
type FinanceObjectColumns = Omit<
  typeof financeObjects.$inferInsert,
  'id' | 'applicationId' | 'partnerId' | 'createdAt' | 'updatedAt'
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A text as stored: trimmed, an empty one null. */
const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const numberOf = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const amountOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The columns of a valid request (every field: PUT replaces the whole object). */
function columnsOf(body: FinanceObjectValues): FinanceObjectColumns {
  return {
    manufacturer: textOf(body.manufacturer),
    type: textOf(body.type),
    builtAt: numberOf(body.built_at),
    detailDesc: textOf(body.detail_desc),
    netPurchasePrice: numberOf(body.net_purchase_price),
    downPayment: numberOf(body.down_payment),
    remainingValue: numberOf(body.remaining_value),
    objectCount: numberOf(body.object_count),
    financingType: textOf(body.financing_type),
    rentalState: textOf(body.rental_state),
    isFixedInterest: typeof body.is_fixed_interest === 'boolean' ? body.is_fixed_interest : null,
    expectedDeliveryDate: textOf(body.expected_delivery_date),
    merchantName: textOf(body.merchant_name),
    merchantStreet: textOf(body.merchant_street),
    merchantHouseNum: textOf(body.merchant_house_num),
    merchantCity: textOf(body.merchant_city),
    merchantPostcode: textOf(body.merchant_postcode),
    merchantCountry: textOf(body.merchant_country),
    merchantCompanyId: textOf(body.merchant_company_id)?.toLowerCase() ?? null,
  };
}

/** A stored row on the wire (spec 2 section 3 "Finance object"). */
function financeObjectOf(row: FinanceObjectRow): FinanceObject {
  return {
    finance_object_id: row.id,
    manufacturer: row.manufacturer,
    type: row.type,
    built_at: row.builtAt,
    detail_desc: row.detailDesc,
    net_purchase_price: amountOf(row.netPurchasePrice),
    down_payment: amountOf(row.downPayment),
    remaining_value: amountOf(row.remainingValue),
    object_count: row.objectCount,
    financing_type: row.financingType as FinanceObject['financing_type'],
    rental_state: row.rentalState as FinanceObject['rental_state'],
    is_fixed_interest: row.isFixedInterest,
    expected_delivery_date: row.expectedDeliveryDate,
    merchant_name: row.merchantName,
    merchant_street: row.merchantStreet,
    merchant_house_num: row.merchantHouseNum,
    merchant_city: row.merchantCity,
    merchant_postcode: row.merchantPostcode,
    merchant_country: row.merchantCountry,
    merchant_company_id: row.merchantCompanyId,
  };
}

/** The wire values of a row without its id (the audit log's before and after). */
function valuesOf(row: FinanceObjectRow): Record<FinanceObjectField, unknown> {
  const { finance_object_id: _id, ...values } = financeObjectOf(row);
  return values;
}

/**
 * The finance objects of an object-financing application (spec 2 sections 2, 3, 5 and 7; issue
 * 12; ADR 016): list, add, replace and delete, with the rules of the contracts. Only for
 * applications whose product is object financing (409 otherwise); written by the applicant while
 * the application is Open or PreCheck (403 otherwise); each write in one transaction with the
 * application row locked (the status read again under the lock, the partner's maximum counted
 * under it, so that concurrent adds cannot pass it) and an audit entry.
 */
export class FinanceObjectsService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  /** GET /user/applications/{id}/finance_objects (the applicant and accepted signatories). */
  async list(partner: Partner, user: SessionUser, id: string): Promise<FinanceObjectsResponse> {
    const access = await this.access(partner, user, id);
    const rows = await this.rows(this.ctx.db, access.record.id);
    return {
      result: rows.map(financeObjectOf),
      max_finance_objects: partner.max_finance_objects,
      is_editable: canEditFinanceObjects(access.role === 'owner', access.record.status),
    };
  }

  /** POST /user/applications/{id}/finance_objects: 409 err_finance_objects_max at the partner's maximum. */
  async add(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: FinanceObjectInput,
    ip: string,
  ): Promise<FinanceObject> {
    const access = await this.editable(partner, user, id);
    const columns = await this.validColumns(partner, access, body);
    const row = await this.ctx.db.transaction(async (tx) => {
      const count = (await this.lockedRows(tx, access)).length;
      const max = financeObjectsMaxError(count, partner.max_finance_objects);
      if (max) throw new AppError(max.code, 409, [{ code: max.code, values: max.values }]);
      const [inserted] = await tx
        .insert(financeObjects)
        .values({ ...columns, applicationId: access.record.id, partnerId: partner.key })
        .returning();
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'finance_object.added',
        entity: 'finance_object',
        entityId: inserted!.id,
        data: { application_id: access.record.id, after: valuesOf(inserted!) },
        ip,
      });
      return inserted!;
    });
    return financeObjectOf(row);
  }

  /** PUT /user/applications/{id}/finance_objects/{financeObjectId}: every field replaced. */
  async replace(
    partner: Partner,
    user: SessionUser,
    id: string,
    financeObjectId: string,
    body: FinanceObjectInput,
    ip: string,
  ): Promise<FinanceObject> {
    const access = await this.editable(partner, user, id);
    const existing = await this.row(this.ctx.db, access.record.id, financeObjectId);
    const columns = await this.validColumns(partner, access, body);
    const row = await this.ctx.db.transaction(async (tx) => {
      const current = (await this.lockedRows(tx, access)).find((r) => r.id === existing.id);
      if (!current) throw new AppError('err_entity_not_found', 404);
      const [saved] = await tx
        .update(financeObjects)
        .set({ ...columns, updatedAt: new Date() })
        .where(and(eq(financeObjects.id, current.id), eq(financeObjects.applicationId, access.record.id)))
        .returning();
      const before = valuesOf(current);
      const after = valuesOf(saved!);
      const changed = FINANCE_OBJECT_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
      if (changed.length) {
        await audit(tx, {
          partnerId: partner.key,
          userId: user.id,
          action: 'finance_object.updated',
          entity: 'finance_object',
          entityId: current.id,
          data: {
            application_id: access.record.id,
            before: Object.fromEntries(changed.map((f) => [f, before[f]])),
            after: Object.fromEntries(changed.map((f) => [f, after[f]])),
          },
          ip,
        });
      }
      return saved!;
    });
    return financeObjectOf(row);
  }

  /** DELETE /user/applications/{id}/finance_objects/{financeObjectId} */
  async remove(partner: Partner, user: SessionUser, id: string, financeObjectId: string, ip: string): Promise<void> {
    const access = await this.editable(partner, user, id);
    const row = await this.row(this.ctx.db, access.record.id, financeObjectId);
    await this.ctx.db.transaction(async (tx) => {
      await this.lockedRows(tx, access);
      const deleted = await tx
        .delete(financeObjects)
        .where(and(eq(financeObjects.id, row.id), eq(financeObjects.applicationId, access.record.id)))
        .returning({ id: financeObjects.id });
      if (!deleted.length) throw new AppError('err_entity_not_found', 404);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'finance_object.deleted',
        entity: 'finance_object',
        entityId: row.id,
        data: { application_id: access.record.id, before: valuesOf(row) },
        ip,
      });
    });
  }

  /** The application if the user may see it (else 404) and its product is object financing (else 409). */
  private async access(partner: Partner, user: SessionUser, id: string): Promise<ApplicationAccess> {
    const access = await this.applications.access(partner, user, id);
    if (access.record.product_type !== 'object_financing') {
      throw new AppError('err_finance_objects_not_applicable', 409);
    }
    return access;
  }

  /** As `access`, and the user may change the objects now (the applicant, Open or PreCheck; else 403). */
  private async editable(partner: Partner, user: SessionUser, id: string): Promise<ApplicationAccess> {
    const access = await this.access(partner, user, id);
    if (!canEditFinanceObjects(access.role === 'owner', access.record.status)) {
      throw new AppError('err_no_permission', 403);
    }
    return access;
  }

  /**
   * The request's columns when it passes every rule (400 with every field's issue otherwise), and
   * its merchant, when it names one, is a company the applicant may name (404 otherwise).
   */
  private async validColumns(
    partner: Partner,
    access: ApplicationAccess,
    body: FinanceObjectInput,
  ): Promise<FinanceObjectColumns> {
    const issues = financeObjectIssues(body, { countries: partner.countries });
    if (issues.length) {
      const items = issues.map(({ code, field, values }): ApiErrorItem => ({
        code,
        field,
        ...(values ? { values } : {}),
      }));
      throw new AppError(issues[0]!.code, 400, items);
    }
    const columns = columnsOf(body);
    if (columns.merchantCompanyId) await this.requireMerchant(partner, access, columns.merchantCompanyId);
    return columns;
  }

  /**
   * A merchant of the company search: the applicant's own company or a portfolio company of this
   * partner (ADR 009); another borrower's, another partner's or an unknown id is 404 on the field,
   * so that a stranger's id is not confirmed.
   */
  private async requireMerchant(partner: Partner, access: ApplicationAccess, companyId: string): Promise<void> {
    const [company] = await this.ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.id, companyId),
          eq(companies.partnerId, partner.key),
          or(eq(companies.ownerUserId, access.record.user_id), isNull(companies.ownerUserId)),
        ),
      )
      .limit(1);
    if (!company) throw AppError.field('err_company_not_found', 'merchant_company_id', 404);
  }

  private rows(db: Db, applicationId: string): Promise<FinanceObjectRow[]> {
    return db
      .select()
      .from(financeObjects)
      .where(eq(financeObjects.applicationId, applicationId))
      .orderBy(asc(financeObjects.createdAt), asc(financeObjects.id));
  }

  /**
   * The application's objects, with the application row locked until the transaction ends. The
   * status is read again under the lock: a write that raced a status change (a submission) is
   * refused when the objects are no longer editable (403, nothing stored).
   */
  private async lockedRows(tx: Db, access: ApplicationAccess): Promise<FinanceObjectRow[]> {
    const [locked] = rowsOf<{ status: string }>(
      await tx.execute(sql`SELECT status FROM applications WHERE id = ${access.record.id} FOR UPDATE`),
    );
    if (!locked || !canEditFinanceObjects(access.role === 'owner', locked.status)) {
      throw new AppError('err_no_permission', 403);
    }
    return this.rows(tx, access.record.id);
  }

  /** One object of the application, else 404 (an id of another application confirms nothing). */
  private async row(db: Db, applicationId: string, financeObjectId: string): Promise<FinanceObjectRow> {
    const [row] = UUID.test(financeObjectId)
      ? await db
          .select()
          .from(financeObjects)
          .where(and(eq(financeObjects.id, financeObjectId), eq(financeObjects.applicationId, applicationId)))
      : [];
    if (!row) throw new AppError('err_entity_not_found', 404);
    return row;
  }
}
