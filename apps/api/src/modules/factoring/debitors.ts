import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import {
  coverRequestError,
  debitorConcentration,
  debitorIssues,
  debitorsMaxError,
  type CreateDebitorRequest,
  type Debitor,
  type DebitorsResponse,
  normaliseCompanyId,
  type UpdateDebitorRequest,
} from '@finportal/contracts/debitors';
import { canEditFactoring } from '@finportal/contracts/factoring-rules';
import type { Db } from '../../db/client.js';
import { companies, factoringDebitors } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import type { ApplicationAccess } from '../applications/public.js';
import { visibleCompany, type CompanyRow } from './companies.js';
import { FACTORING_COVER } from './cover-job.js';
import { rulesFailed, type FactoringAccess } from './access.js';
import { debitorOf, type DebitorRow } from './wire.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The debtors of an application with their companies, largest sales first (then the oldest, then by name). */
export async function debitorRows(db: Db, applicationId: string): Promise<DebitorRow[]> {
  return db
    .select({
      ...getTableColumns(factoringDebitors),
      companyName: companies.name,
      companyCountry: companies.country,
      externalProviderName: companies.externalProviderName,
      externalProviderCompanyId: companies.externalProviderCompanyId,
      companyRegisterNumber: companies.registerNumber,
    })
    .from(factoringDebitors)
    .innerJoin(companies, eq(companies.id, factoringDebitors.companyId))
    .where(eq(factoringDebitors.applicationId, applicationId))
    .orderBy(
      desc(factoringDebitors.annualSalesPreviousYear),
      asc(factoringDebitors.createdAt),
      asc(companies.name),
      asc(factoringDebitors.id),
    );
}

const registerKey = (country: string, register: string | null) => {
  const n = normaliseCompanyId(register ?? '');
  return n ? `${country}|${n}` : null;
};

/**
 * Why `company` cannot be a debtor of the application (null: it can): it is the applicant's own
 * company (400 `err_debitor_is_applicant`), or already a debtor of it: by id, by the same provider
 * entry, or by the same register number in the same country (two copies of one company, say the
 * register's and the insurer's) (409 `err_debitor_company_exists`).
 */
export function debitorCompanyConflict(
  company: Pick<CompanyRow, 'id' | 'country' | 'registerNumber' | 'externalProviderName' | 'externalProviderCompanyId'>,
  applicantCompanyId: string,
  existing: readonly DebitorRow[],
): AppError | null {
  if (company.id === applicantCompanyId) return AppError.field('err_debitor_is_applicant', 'company_id');
  const register = registerKey(company.country, company.registerNumber);
  const same = existing.find(
    (d) =>
      d.companyId === company.id ||
      (company.externalProviderCompanyId !== null &&
        d.externalProviderName === company.externalProviderName &&
        d.externalProviderCompanyId === company.externalProviderCompanyId) ||
      (register !== null && registerKey(d.companyCountry, d.companyRegisterNumber) === register),
  );
  return same
    ? new AppError('err_debitor_company_exists', 409, [
        { code: 'err_debitor_company_exists', field: 'company_id', values: { debitor_id: same.id } },
      ])
    : null;
}

/**
 * The debtors of a factoring application (spec 2 sections 2 to 7; issue 12; ADR 018): list with
 * the concentration figure; add, change and delete with `debitor` in allowed_updates, at most the
 * partner's maximum (default 5), each company once; request insurance cover (spec 2 section 4),
 * which a job on the queue places with the credit insurer and follows until it decides.
 */
export class DebitorsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly access: FactoringAccess,
  ) {}

  async list(partner: Partner, user: SessionUser, id: string): Promise<DebitorsResponse> {
    const access = await this.access.read(partner, user, id);
    const editable = canEditFactoring(access.allowed);
    const rows = await debitorRows(this.ctx.db, access.record.id);
    const result = rows.map((row) => debitorOf(row, { editable, insurer: this.ctx.creditInsurer.name }));
    return {
      result,
      max_debitors: partner.factoring.max_debitors,
      is_editable: editable,
      concentration: debitorConcentration(result, access.record.currency),
      company_link: partner.factoring.debitor_company_link,
      credit_insurer: this.ctx.creditInsurer.name,
    };
  }

  async add(partner: Partner, user: SessionUser, id: string, body: CreateDebitorRequest, ip: string): Promise<Debitor> {
    const access = await this.access.write(partner, user, id);
    const issues = debitorIssues(body, { creating: true });
    if (issues.length) throw rulesFailed(issues);
    const company = await visibleCompany(this.ctx.db, partner.key, access.record.user_id, body.company_id!.trim());
    if (!company) throw AppError.field('err_company_not_found', 'company_id', 404);
    const debitorId = await this.ctx.db.transaction(async (tx) => {
      await this.access.lock(tx, access);
      const existing = await debitorRows(tx, access.record.id);
      const conflict = debitorCompanyConflict(company, access.record.company_id, existing);
      if (conflict) throw conflict;
      const max = debitorsMaxError(existing.length, partner.factoring.max_debitors);
      if (max) throw new AppError(max.code, 409, [{ code: max.code, values: max.values }]);
      const [row] = await tx
        .insert(factoringDebitors)
        .values({
          applicationId: access.record.id,
          partnerId: partner.key,
          companyId: company.id,
          annualSalesPreviousYear: body.annual_sales_previous_year!,
          currency: body.currency!,
          createdBy: user.id,
        })
        .returning({ id: factoringDebitors.id });
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'debitor.added',
        entity: 'debitor',
        entityId: row!.id,
        data: {
          application_id: access.record.id,
          company_id: company.id,
          annual_sales_previous_year: body.annual_sales_previous_year,
          currency: body.currency,
        },
        ip,
      });
      return row!.id;
    });
    return this.one(access, debitorId);
  }

  /** PATCH: annual sales and currency (a field left out keeps its value). */
  async update(
    partner: Partner,
    user: SessionUser,
    id: string,
    debitorId: string,
    body: UpdateDebitorRequest,
    ip: string,
  ): Promise<Debitor> {
    const access = await this.access.write(partner, user, id);
    await this.one(access, debitorId);
    await this.ctx.db.transaction(async (tx) => {
      await this.access.lock(tx, access);
      const current = (await debitorRows(tx, access.record.id)).find((d) => d.id === debitorId);
      if (!current) throw new AppError('err_entity_not_found', 404);
      const before = {
        annual_sales_previous_year: Number(current.annualSalesPreviousYear),
        currency: current.currency,
      };
      const after = {
        annual_sales_previous_year:
          body.annual_sales_previous_year === undefined
            ? before.annual_sales_previous_year
            : body.annual_sales_previous_year,
        currency: body.currency === undefined ? before.currency : body.currency,
      };
      const issues = debitorIssues(after, { creating: false });
      if (issues.length) throw rulesFailed(issues);
      await tx
        .update(factoringDebitors)
        .set({
          annualSalesPreviousYear: after.annual_sales_previous_year!,
          currency: after.currency!,
          updatedAt: new Date(),
        })
        .where(and(eq(factoringDebitors.id, debitorId), eq(factoringDebitors.applicationId, access.record.id)));
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await audit(tx, {
          partnerId: partner.key,
          userId: user.id,
          action: 'debitor.updated',
          entity: 'debitor',
          entityId: debitorId,
          data: { application_id: access.record.id, before, after },
          ip,
        });
      }
    });
    return this.one(access, debitorId);
  }

  async remove(partner: Partner, user: SessionUser, id: string, debitorId: string, ip: string): Promise<void> {
    const access = await this.access.write(partner, user, id);
    const row = await this.one(access, debitorId);
    await this.ctx.db.transaction(async (tx) => {
      await this.access.lock(tx, access);
      const deleted = await tx
        .delete(factoringDebitors)
        .where(and(eq(factoringDebitors.id, debitorId), eq(factoringDebitors.applicationId, access.record.id)))
        .returning({ id: factoringDebitors.id });
      if (!deleted.length) throw new AppError('err_entity_not_found', 404);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'debitor.deleted',
        entity: 'debitor',
        entityId: debitorId,
        data: { application_id: access.record.id, before: row },
        ip,
      });
    });
  }

  /**
   * POST .../debitors/{debitorId}/insurance_cover (spec 2 section 4): 409 with the rule's code when
   * the debtor's provider is not the insurer, it has no provider id, or it has cover already. Sets
   * Pending (the debtor's sales in its currency are the amount asked for) and enqueues the job
   * that places the request with the insurer, in the same transaction.
   */
  async requestCover(partner: Partner, user: SessionUser, id: string, debitorId: string, ip: string): Promise<Debitor> {
    const access = await this.access.write(partner, user, id);
    await this.one(access, debitorId);
    await this.ctx.db.transaction(async (tx) => {
      await this.access.lock(tx, access);
      const current = (await debitorRows(tx, access.record.id)).find((d) => d.id === debitorId);
      if (!current) throw new AppError('err_entity_not_found', 404);
      const refused = coverRequestError(
        {
          external_provider_name: current.externalProviderName,
          external_provider_company_id: current.externalProviderCompanyId,
          cover_status: current.coverStatus,
        },
        this.ctx.creditInsurer.name,
      );
      if (refused) throw new AppError(refused.code, 409);
      const requestId = randomUUID();
      await tx
        .update(factoringDebitors)
        .set({
          coverStatus: 'Pending',
          coverAmount: null,
          coverCurrency: null,
          coverRequestedAmount: Number(current.annualSalesPreviousYear),
          coverRequestId: requestId,
          coverReference: null,
          coverRequestedAt: new Date(),
          coverDecidedAt: null,
          providerData: null,
          updatedAt: new Date(),
        })
        .where(eq(factoringDebitors.id, debitorId));
      await enqueue(tx, FACTORING_COVER, { debitor_id: debitorId, request_id: requestId, poll: 0 });
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'debitor.cover_requested',
        entity: 'debitor',
        entityId: debitorId,
        data: {
          application_id: access.record.id,
          request_id: requestId,
          insurer: this.ctx.creditInsurer.name,
          provider_company_id: current.externalProviderCompanyId,
          amount: Number(current.annualSalesPreviousYear),
          currency: current.currency,
        },
        ip,
      });
    });
    return this.one(access, debitorId);
  }

  /** One debtor of the application on the wire, else 404 (an id of another application confirms nothing). */
  private async one(access: ApplicationAccess, debitorId: string): Promise<Debitor> {
    const row = UUID.test(debitorId)
      ? (await debitorRows(this.ctx.db, access.record.id)).find((d) => d.id === debitorId)
      : undefined;
    if (!row) throw new AppError('err_entity_not_found', 404);
    return debitorOf(row, { editable: canEditFactoring(access.allowed), insurer: this.ctx.creditInsurer.name });
  }
}
