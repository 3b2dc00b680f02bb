import { eq, sql } from 'drizzle-orm';
import type {
  AuditEntry,
  CaseDetail,
  ChangeStatusRequest,
  FinalPricing,
  SetPricingRequest,
  StatusHistoryEntry,
} from '@finportal/contracts/backoffice';
import { staffCan, staffSeesPartner } from '@finportal/contracts/backoffice-permissions';
import type { Language } from '@finportal/contracts/constants';
import { finalPricingIssues, STATUSES_NEEDING_FINAL_PRICING } from '@finportal/contracts/pricing-rules';
import { displayGroup, isTransitionAllowed, TRANSITIONS, type RawStatus } from '@finportal/contracts/statuses';
import { rowsOf, type Db } from '../../db/client.js';
import { applications, applicationStatusHistory, staffUsers, users, type StaffUser } from '../../db/schema.js';
import { audit, sealAudit } from '../../platform/audit.js';
import { emitWebhook } from '../../platform/webhooks.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/service.js';
import { AppointmentsService } from '../appointments/service.js';
import { DocumentsService } from '../documents/service.js';
import { DebitorsService, FactoringService } from '../factoring/service.js';
import { FinanceObjectsService } from '../finance-objects/service.js';
import { annuity, roundCents } from '../offers/service.js';
import { RepresentativesService } from '../representatives/service.js';
import { requestsOf } from '../../platform/data-requests.js';
import { QUEUE_COLUMNS, QUEUE_FROM, queueItemOf, type QueueRow } from './queue.js';
import { StaffRequests } from './requests.js';
import { StaffContracts } from './contracts.js';
import { StaffSignatures } from './signatures.js';
import { INVITE_SIGNERS } from '../signatures/service.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { ContractKind } from '@finportal/contracts/backoffice';
import type { CreateDataRequestRequest } from '@finportal/contracts/data-requests';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('err_entity_not_found', 404);

/** The final pricing can be set while the case is under review (before the signatures). */
const pricingOpen = (status: string) => displayGroup(status) === 'in_review';

interface CaseRow extends QueueRow {
  user_id: string;
  annual_statement_base_year: number | null;
  amount_loan: number | null;
  duration_months: number | null;
  factoring_limit: string | number | null;
  final_interest_rate: string | number | null;
  final_transaction_fee: string | number | null;
  final_monthly_payment: string | number | null;
  pricing_set_at: Date | string | null;
  pricing_set_by_email: string | null;
}

const CASE_SQL = (id: string) => sql`
  SELECT ${QUEUE_COLUMNS}, a.user_id, a.annual_statement_base_year, a.amount AS amount_loan, a.duration_months, a.factoring_limit,
         a.final_interest_rate, a.final_transaction_fee, a.final_monthly_payment, a.pricing_set_at,
         ps.email AS pricing_set_by_email
  FROM ${QUEUE_FROM}
  LEFT JOIN staff_users ps ON ps.id = a.pricing_set_by
  WHERE a.id = ${id}`;

/** The case work of the back office (issue 13, ADR 019): read a case, move it, price it, take it. */
export class CasesService {
  private readonly applications: ApplicationsService;
  private readonly representatives: RepresentativesService;
  private readonly documents: DocumentsService;
  private readonly financeObjects: FinanceObjectsService;
  private readonly factoring: FactoringService;
  private readonly debitors: DebitorsService;
  private readonly appointments: AppointmentsService;
  private readonly requests: StaffRequests;
  private readonly contracts: StaffContracts;
  private readonly signatures: StaffSignatures;

  constructor(private readonly ctx: AppContext) {
    this.signatures = new StaffSignatures(ctx);
    this.requests = new StaffRequests(ctx);
    this.contracts = new StaffContracts(ctx);
    this.applications = new ApplicationsService(ctx);
    this.representatives = new RepresentativesService(ctx);
    this.documents = new DocumentsService(ctx);
    this.financeObjects = new FinanceObjectsService(ctx);
    this.factoring = new FactoringService(ctx);
    this.debitors = new DebitorsService(ctx, this.factoring.access);
    this.appointments = new AppointmentsService(ctx);
  }

  /** The case if this staff member sees its partner; 404 otherwise (also for ids that are no uuid). */
  private async load(db: Db, staff: StaffUser, id: string, lock = false): Promise<CaseRow> {
    if (!UUID.test(id)) throw notFound();
    const row = rowsOf<CaseRow>(await db.execute(lock ? sql`${CASE_SQL(id)} FOR UPDATE OF a` : CASE_SQL(id)))[0];
    if (!row || !staffSeesPartner({ kind: staff.kind, partner_id: staff.partnerId }, row.partner_id)) throw notFound();
    return row;
  }

  private partnerOf(key: string): Partner {
    const partner = this.ctx.partners.get(key);
    if (!partner) throw notFound();
    return partner;
  }

  /** GET /backoffice/applications/{id}: the application as its borrower reads it, and the workflow. */
  async detail(staff: StaffUser, id: string): Promise<CaseDetail> {
    const row = await this.load(this.ctx.db, staff, id);
    const partner = this.partnerOf(row.partner_id);
    const owner = (await this.ctx.db.select().from(users).where(eq(users.id, row.user_id)))[0];
    if (!owner) throw notFound();
    // Read as the owner reads it: the same services, so the case page shows what the borrower sees.
    const isFactoring = row.product_type === 'factoring';
    const isObjects = row.product_type === 'object_financing';
    const [application, representatives, documents, financeObjects, factoring, debitors, appointment, pending] =
      await Promise.all([
        this.applications.get(partner, owner, id),
        this.representatives.list(partner, owner, id),
        this.documents.listAll(id),
        isObjects ? this.financeObjects.list(partner, owner, id) : null,
        isFactoring ? this.factoring.details(partner, owner, id) : null,
        isFactoring ? this.debitors.list(partner, owner, id) : null,
        this.appointments.current(partner, owner, id).then((r) => r.appointment),
        this.applications.nextStatus(partner, owner, id),
      ]);
    return {
      ...queueItemOf(row),
      application,
      owner: { id: owner.id, email: owner.email, communication_language: owner.communicationLanguage },
      representatives,
      documents,
      finance_objects: financeObjects,
      factoring,
      debitors,
      appointment,
      pending,
      status_history: await this.history(id),
      requests: await requestsOf(this.ctx.db, id),
      final_pricing: finalPricingOf(row),
      pricing_bounds: partner.pricing_bounds,
      custom_field_labels: customFieldLabels(partner),
      allowed_transitions: this.transitionsFor(staff, row.status),
    };
  }

  /** The moves the graph allows from `status` that this person may make. */
  transitionsFor(staff: StaffUser, status: string): string[] {
    const who = { kind: staff.kind, role: staff.role };
    if (!staffCan(who, 'cases.status')) return [];
    const next = (TRANSITIONS as Record<string, readonly RawStatus[]>)[status] ?? [];
    return next.filter((to) => to !== 'Approved' || staffCan(who, 'cases.approve'));
  }

  private async history(id: string): Promise<StatusHistoryEntry[]> {
    const rows = rowsOf<{
      from_status: string | null;
      to_status: string;
      reason: string | null;
      kind: 'user' | 'staff' | null;
      email: string | null;
      created_at: Date | string;
    }>(
      await this.ctx.db.execute(sql`
        SELECT h.from_status, h.to_status, h.reason, h.changed_by_kind AS kind, h.created_at,
               CASE h.changed_by_kind WHEN 'staff' THEN s.email WHEN 'user' THEN u.email END AS email
        FROM application_status_history h
        LEFT JOIN staff_users s ON h.changed_by_kind = 'staff' AND s.id = h.changed_by
        LEFT JOIN users u ON h.changed_by_kind = 'user' AND u.id = h.changed_by
        WHERE h.application_id = ${id}
        ORDER BY h.created_at DESC, h.id DESC`),
    );
    return rows.map((r) => ({
      from_status: r.from_status,
      to_status: r.to_status,
      reason: r.reason,
      changed_by: r.kind && r.email ? { kind: r.kind, email: r.email } : null,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  /**
   * PATCH /backoffice/applications/{id}/status: a move of the graph (409
   * err_status_change_not_allowed otherwise), with the row locked so that two moves at once
   * happen one after the other. To Offer_Available, Signature or Approved only with the final
   * pricing (409 err_no_pricing). Approved needs `cases.approve` and a second person: whoever set
   * the final pricing cannot approve (403 err_approve_require_different_user). The history, the
   * audit trail and, when the borrower's display group changes, an e-mail in their language follow.
   */
  async changeStatus(staff: StaffUser, id: string, body: ChangeStatusRequest, ip: string): Promise<CaseDetail> {
    const to = body.status;
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.load(tx, staff, id, true);
      const from = row.status;
      if (!isTransitionAllowed(from, to)) throw AppError.field('err_status_change_not_allowed', 'status', 409);
      if (to === 'Approved') {
        if (!staffCan({ kind: staff.kind, role: staff.role }, 'cases.approve'))
          throw new AppError('err_no_permission', 403);
        if (row.pricing_set_by === staff.id) throw new AppError('err_approve_require_different_user', 403);
      }
      if (STATUSES_NEEDING_FINAL_PRICING.includes(to) && row.final_interest_rate === null) {
        throw AppError.field('err_no_pricing', 'status', 409);
      }
      const reason = body.reason.trim();
      await tx
        .update(applications)
        .set({ status: to, updatedAt: new Date(), ...(to === 'Rejected' ? { rejectionReason: reason } : {}) })
        .where(eq(applications.id, id));
      await tx.insert(applicationStatusHistory).values({
        applicationId: id,
        fromStatus: from,
        toStatus: to,
        changedBy: staff.id,
        changedByKind: 'staff',
        reason,
      });
      await audit(tx, {
        partnerId: row.partner_id,
        userId: staff.id,
        actorKind: 'staff',
        action: 'application.status_changed',
        entity: 'application',
        entityId: id,
        before: { status: from },
        after: { status: to },
        data: { reason, short_id: row.short_id },
        ip,
      });
      // Every signer is invited by the signatures' job, stored with the move (issue 14, ADR 020).
      if (to === 'Signature') await enqueue(tx, INVITE_SIGNERS, { application_id: id });
      await emitWebhook(tx, row.partner_id, 'application.status_changed', {
        application_id: id,
        short_id: row.short_id,
        from,
        to,
      });
      if (displayGroup(from) !== displayGroup(to)) await this.mailStatus(tx, row, to);
    });
    return this.detail(staff, id);
  }

  private async mailStatus(tx: Db, row: CaseRow, to: string): Promise<void> {
    const partner = this.partnerOf(row.partner_id);
    const owner = (await tx.select().from(users).where(eq(users.id, row.user_id)))[0];
    if (!owner) return;
    await this.ctx.mailer.enqueue(tx, {
      partner,
      to: owner.email,
      language: owner.communicationLanguage as Language,
      template: 'application_status_changed',
      linkPath: `/dashboard/applications/${row.id}`,
      vars: { shortId: row.short_id, group: displayGroup(to) },
    });
  }

  /**
   * PUT /backoffice/applications/{id}/pricing: the final rate and fee within the partner's bounds
   * (contracts pricing-rules.ts; 400 with every problem), while the case is under review (409
   * err_pricing_not_allowed after). The borrower's offer becomes final: one rate, the monthly
   * payment at that rate (loans), the annual fee (factoring).
   */
  async setPricing(staff: StaffUser, id: string, body: SetPricingRequest, ip: string): Promise<CaseDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.load(tx, staff, id, true);
      const partner = this.partnerOf(row.partner_id);
      const issues = finalPricingIssues(body, partner.pricing_bounds);
      if (issues.length) {
        throw new AppError(
          'err_validation_failed',
          400,
          issues.map((i) => ({ code: i.code, field: i.field, ...(i.values ? { values: i.values } : {}) })),
        );
      }
      if (!pricingOpen(row.status)) throw new AppError('err_pricing_not_allowed', 409);
      const rate = body.interest_rate!;
      const fee = body.transaction_fee!;
      const isFactoring = row.product_type === 'factoring';
      const monthly =
        !isFactoring && row.amount_loan && row.duration_months
          ? roundCents(annuity(row.amount_loan, rate, row.duration_months))
          : null;
      const before = finalPricingOf(row);
      const current = (
        await tx.select({ pricing: applications.pricing }).from(applications).where(eq(applications.id, id))
      )[0];
      const now = new Date();
      await tx
        .update(applications)
        .set({
          finalInterestRate: rate,
          finalTransactionFee: fee,
          finalMonthlyPayment: monthly,
          pricingSetBy: staff.id,
          pricingSetAt: now,
          updatedAt: now,
          ...(isFactoring
            ? {
                factoringFeeRate: rate,
                annualFactoringFee:
                  row.factoring_limit === null ? null : roundCents((Number(row.factoring_limit) * rate) / 100),
              }
            : {
                pricing: {
                  ...(current?.pricing ?? {}),
                  offer_rate_low: rate,
                  offer_rate_high: rate,
                  offer_representative_monthly_rate_low: monthly ?? 0,
                  offer_representative_monthly_rate_high: monthly ?? 0,
                  offer_is_range: false,
                  monthly_payment: monthly ?? 0,
                  total_transaction_fee: fee,
                  is_final_interest_rate: true,
                  is_final_transaction_fee: true,
                },
              }),
        })
        .where(eq(applications.id, id));
      await audit(tx, {
        partnerId: row.partner_id,
        userId: staff.id,
        actorKind: 'staff',
        action: 'application.pricing_set',
        entity: 'application',
        entityId: id,
        before: before ? { interest_rate: before.interest_rate, transaction_fee: before.transaction_fee } : null,
        after: { interest_rate: rate, transaction_fee: fee, monthly_payment: monthly },
        ip,
      });
    });
    return this.detail(staff, id);
  }

  /**
   * POST /backoffice/applications/{id}/assign: `me`, a colleague who sees the case's partner
   * (404 err_entity_not_found otherwise), or null to hand it back.
   */
  async assign(staff: StaffUser, id: string, assignee: string | null, ip: string): Promise<CaseDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.load(tx, staff, id, true);
      let target: string | null = null;
      if (assignee === 'me') target = staff.id;
      else if (assignee !== null) {
        const other = UUID.test(assignee)
          ? (await tx.select().from(staffUsers).where(eq(staffUsers.id, assignee)))[0]
          : undefined;
        if (
          !other ||
          other.status !== 'active' ||
          !staffSeesPartner({ kind: other.kind, partner_id: other.partnerId }, row.partner_id)
        ) {
          throw AppError.field('err_entity_not_found', 'assignee', 404);
        }
        target = other.id;
      }
      await tx.update(applications).set({ assigneeId: target }).where(eq(applications.id, id));
      await audit(tx, {
        partnerId: row.partner_id,
        userId: staff.id,
        actorKind: 'staff',
        action: 'application.assigned',
        entity: 'application',
        entityId: id,
        before: { assignee_id: row.assignee_id },
        after: { assignee_id: target },
        ip,
      });
    });
    return this.detail(staff, id);
  }

  /** A write on a locked case of this person's partners, then the case as it is now. */
  private async write(
    staff: StaffUser,
    id: string,
    fn: (tx: Db, row: CaseRow, partner: Partner) => Promise<void>,
  ): Promise<CaseDetail> {
    await this.ctx.db.transaction(async (tx) => {
      const row = await this.load(tx, staff, id, true);
      await fn(tx, row, this.partnerOf(row.partner_id));
    });
    return this.detail(staff, id);
  }

  /** POST /backoffice/applications/{id}/requests */
  createRequest(staff: StaffUser, id: string, body: CreateDataRequestRequest, ip: string) {
    return this.write(staff, id, (tx, row, partner) => this.requests.create(tx, staff, partner, row, body, ip));
  }

  /** DELETE /backoffice/applications/{id}/requests/{requestId} */
  cancelRequest(staff: StaffUser, id: string, requestId: string, ip: string) {
    return this.write(staff, id, (tx, row) => this.requests.cancel(tx, staff, row, requestId, ip));
  }

  /** POST /backoffice/applications/{id}/documents/{documentId}/reject */
  rejectDocument(staff: StaffUser, id: string, documentId: string, reason: string, ip: string) {
    return this.write(staff, id, (tx, row, partner) =>
      this.requests.rejectDocument(tx, staff, partner, row, documentId, reason, ip),
    );
  }

  /** PATCH /backoffice/applications/{id}/documents/{documentId} */
  setDocumentVisibility(staff: StaffUser, id: string, documentId: string, visible: boolean, ip: string) {
    return this.write(staff, id, (tx, row) => this.requests.setVisibility(tx, staff, row, documentId, visible, ip));
  }

  /** POST /backoffice/applications/{id}/contracts/{kind}/generate: the PDF from the application's data. */
  async generateContract(staff: StaffUser, id: string, kind: ContractKind, ip: string) {
    const row = await this.load(this.ctx.db, staff, id);
    const application = await this.contracts.applicationOf(this.partnerOf(row.partner_id), row);
    return this.write(staff, id, (tx, locked, partner) =>
      this.contracts.generate(tx, staff, partner, locked, application, kind, ip),
    );
  }

  /** PUT /backoffice/applications/{id}/contracts/{kind}: a PDF staff made elsewhere. */
  uploadContract(staff: StaffUser, id: string, kind: ContractKind, fileName: string, bytes: Buffer, ip: string) {
    return this.write(staff, id, (tx, row) => this.contracts.upload(tx, staff, row, kind, fileName, bytes, ip));
  }

  /** POST /backoffice/applications/{id}/signatories/{signatoryId}/invite */
  inviteSignatory(staff: StaffUser, id: string, signatoryId: string, ip: string) {
    return this.write(staff, id, (tx, locked) => this.signatures.invite(tx, staff, locked, signatoryId, ip));
  }

  /** POST /backoffice/applications/{id}/signatories/{signatoryId}/identification */
  identifySignatory(staff: StaffUser, id: string, signatoryId: string, note: string, ip: string) {
    return this.write(staff, id, (tx, row) => this.signatures.identify(tx, staff, row, signatoryId, note, ip));
  }

  /** GET /backoffice/applications/{id}/documents/{documentId}/download_url: any document of a case this person sees. */
  async documentUrl(staff: StaffUser, id: string, documentId: string, origin: string) {
    await this.load(this.ctx.db, staff, id);
    return this.documents.staffDownloadUrl(id, documentId, origin);
  }

  /** GET /backoffice/audit?application_id=: the case's trail, newest first (sealed first). */
  async auditTrail(staff: StaffUser, applicationId: string, pageSize: number): Promise<AuditEntry[]> {
    await this.load(this.ctx.db, staff, applicationId);
    await sealAudit(this.ctx.db);
    const rows = rowsOf<{
      id: number | string;
      action: string;
      actor_kind: 'user' | 'staff' | 'system' | null;
      email: string | null;
      entity: string | null;
      entity_id: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      data: Record<string, unknown> | null;
      created_at: Date | string;
    }>(
      await this.ctx.db.execute(sql`
        SELECT l.id, l.action, l.actor_kind, l.entity, l.entity_id, l.before, l.after, l.data, l.created_at,
               CASE l.actor_kind WHEN 'staff' THEN s.email WHEN 'user' THEN u.email END AS email
        FROM audit_log l
        LEFT JOIN staff_users s ON l.actor_kind = 'staff' AND s.id = l.user_id
        LEFT JOIN users u ON l.actor_kind = 'user' AND u.id = l.user_id
        WHERE l.application_id = ${applicationId}
        ORDER BY l.id DESC
        LIMIT ${pageSize}`),
    );
    return rows.map((r) => ({
      id: Number(r.id),
      action: r.action,
      actor: { kind: r.actor_kind ?? 'system', email: r.email },
      entity: r.entity,
      entity_id: r.entity_id,
      before: r.before,
      after: r.after,
      data: r.data,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }
}

function finalPricingOf(row: CaseRow): FinalPricing | null {
  if (row.final_interest_rate === null || row.pricing_set_by === null || row.pricing_set_at === null) return null;
  return {
    interest_rate: Number(row.final_interest_rate),
    transaction_fee: Number(row.final_transaction_fee ?? 0),
    monthly_payment: row.final_monthly_payment === null ? null : Number(row.final_monthly_payment),
    set_by: { id: row.pricing_set_by, email: row.pricing_set_by_email ?? '' },
    set_at: new Date(row.pricing_set_at).toISOString(),
  };
}

/** The labels of every field of the partner's dynamic forms (application and signatory), by field id. */
function customFieldLabels(partner: Partner): Record<string, Record<string, string>> {
  const labels: Record<string, Record<string, string>> = {};
  for (const form of [partner.dynamic_form, partner.signatory_form]) {
    for (const purpose of Object.values(form?.ui_config.loan_purposes ?? {})) {
      for (const step of purpose.steps) {
        for (const field of step.fields) {
          if (field.label && !labels[field.id]) labels[field.id] = field.label as Record<string, string>;
        }
      }
    }
  }
  return labels;
}
