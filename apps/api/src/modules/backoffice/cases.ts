import { eq, sql } from 'drizzle-orm';
import type {
  AuditEntry,
  CaseDetail,
  FinalPricing,
  SetPricingRequest,
  StatusHistoryEntry,
} from '@finportal/contracts/backoffice';
import { caseCapabilities, pricingOpen } from '@finportal/contracts/application/policies';
import { PERMISSION_MATRIX, staffRoleOf, staffSeesPartner } from '@finportal/contracts/backoffice-permissions';
import { finalPricingIssues } from '@finportal/contracts/pricing-rules';
import { rowsOf, type Db } from '../../db/client.js';
import { applicationPricingWrites, applications, staffUsers, users, type StaffUser } from '../../db/schema.js';
import { staffActor, type StaffActor } from '../../platform/actor.js';
import { audit, sealAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';
import { PendingItemsService } from '../pending-items/public.js';
import { AppointmentsService } from '../appointments/public.js';
import { DocumentsService } from '../documents/public.js';
import { DebitorsService, FactoringService } from '../factoring/public.js';
import { FinanceObjectsService } from '../finance-objects/public.js';
import { annuity, roundCents } from '../offers/public.js';
import { RepresentativesService } from '../representatives/public.js';
import { requestsOf } from '../data-requests/public.js';
import { QUEUE_COLUMNS, QUEUE_FROM, queueItemOf, type QueueRow } from './queue.js';
import { StaffRequests } from './requests.js';
import { StaffContracts } from './contracts.js';
import { StaffSignatures } from './signatures.js';
import type { ContractKind } from '@finportal/contracts/backoffice';
import type { CreateDataRequestRequest } from '@finportal/contracts/data-requests';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('err_entity_not_found', 404);

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

/** Staff acting on one representative of a case: who (one actor) and which card. */
interface SignatoryCall {
  actor: StaffActor;
  applicationId: string;
  signatoryId: string;
}

/** The case work of the back office (issue 13, ADR 019): read a case, move it, price it, take it. */
export class CasesService {
  private readonly applications: ApplicationsService;
  private readonly pendingItems: PendingItemsService;
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
    this.pendingItems = new PendingItemsService(ctx);
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
        this.pendingItems.nextStatus(partner, owner, id),
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
      ...(await this.workflowOf(staff, row)),
    };
  }

  /**
   * What this person may do on the case now, from the workflow (contracts application/): the moves
   * that are theirs from the current status with what blocks each (four eyes, pricing, signatures),
   * the open ones as `allowed_transitions`, and the capabilities of their role in this status.
   */
  private async workflowOf(staff: StaffUser, row: CaseRow) {
    const transitions = await this.ctx.workflow.available(this.ctx.db, row.id, staffActor(staff));
    const [followers] = rowsOf<{ pending: boolean }>(
      await this.ctx.db.execute(sql`
        SELECT EXISTS (SELECT 1 FROM jobs WHERE type = 'application.status_changed' AND status IN ('queued', 'running')
                       AND payload->>'application_id' = ${row.id}) AS pending`),
    );
    return {
      allowed_transitions: transitions.filter((t) => t.blocked_by === null).map((t) => t.to),
      transitions,
      followers_pending: !!followers?.pending,
      capabilities: caseCapabilities(PERMISSION_MATRIX[staffRoleOf(staff)], row.status),
    };
  }

  private async history(id: string): Promise<StatusHistoryEntry[]> {
    const rows = rowsOf<{
      from_status: string | null;
      to_status: string;
      reason: string | null;
      kind: 'user' | 'staff' | 'system' | null;
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
      changed_by:
        r.kind === 'system'
          ? { kind: 'system' as const, email: null }
          : r.kind && r.email
            ? { kind: r.kind, email: r.email }
            : null,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  /**
   * PATCH /backoffice/applications/{id}/status: a staff move through the workflow's one command
   * (issue 24, ADR 021): the graph, the person's permission and the move's guards (final pricing,
   * four eyes over every pricing write, every signature complete before leaving Signature) are
   * judged there with the case locked; history, audit and the follower job (e-mails, webhooks,
   * invitations) come from it. The case comes back as it is now, with what the move changed.
   */
  async changeStatus(options: {
    actor: StaffActor;
    applicationId: string;
    status: string;
    reason: string;
  }): Promise<CaseDetail> {
    const { actor, applicationId, status, reason } = options;
    await this.load(this.ctx.db, actor.staff, applicationId);
    await this.ctx.workflow.run({ actor, applicationId, to: status, reason });
    return this.detail(actor.staff, applicationId);
  }

  /**
   * PUT /backoffice/applications/{id}/pricing: the final rate and fee within the partner's bounds
   * (contracts pricing-rules.ts; 400 with every problem), while the case is under review (409
   * err_pricing_not_allowed after). The borrower's offer becomes final: one rate, the monthly
   * payment at that rate (loans), the annual fee (factoring).
   */
  async setPricing({
    actor,
    applicationId: id,
    pricing: body,
  }: {
    actor: StaffActor;
    applicationId: string;
    pricing: SetPricingRequest;
  }): Promise<CaseDetail> {
    const { staff, ip = '' } = actor;
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
      const now = this.ctx.clock.now();
      // The borrower's indicative offer stays as it was: the final offer is shown from
      // Offer_Available on (application.final_offer), not while staff are still pricing.
      await tx
        .update(applications)
        .set({
          finalInterestRate: rate,
          finalTransactionFee: fee,
          finalMonthlyPayment: monthly,
          pricingSetBy: staff.id,
          pricingSetAt: now,
          updatedAt: now,
        })
        .where(eq(applications.id, id));
      // Every write counts for the four eyes, the same values again too (ADR 021).
      await tx
        .insert(applicationPricingWrites)
        .values({ applicationId: id, staffId: staff.id, interestRate: rate, transactionFee: fee, createdAt: now });
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
  inviteSignatory({ actor, applicationId, signatoryId }: SignatoryCall) {
    return this.write(actor.staff, applicationId, (tx, row) => this.signatures.invite(tx, { actor, row, signatoryId }));
  }

  /** PATCH /backoffice/applications/{id}/signatories/{signatoryId}/email */
  correctSignatoryEmail({ actor, applicationId, signatoryId, email }: SignatoryCall & { email: string }) {
    return this.write(actor.staff, applicationId, (tx, row) =>
      this.signatures.correctEmail(tx, { actor, row, signatoryId, email }),
    );
  }

  /** POST /backoffice/applications/{id}/signatories/{signatoryId}/identification */
  identifySignatory({ actor, applicationId, signatoryId, note }: SignatoryCall & { note: string }) {
    return this.write(actor.staff, applicationId, (tx, row) =>
      this.signatures.identify(tx, { actor, row, signatoryId, note }),
    );
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
