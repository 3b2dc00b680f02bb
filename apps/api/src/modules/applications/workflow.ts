import { and, eq, sql } from 'drizzle-orm';
import {
  availableMoves,
  findMove,
  guardsFrom,
  judgeMove,
  type AvailableMove,
  type GuardName,
  type WorkflowActor,
  type WorkflowFacts,
} from '@finportal/contracts/application/workflow';
import { PERMISSION_MATRIX, staffRoleOf, staffSeesPartner } from '@finportal/contracts/backoffice-permissions';
import type { NextStatusValidateResponse } from '@finportal/contracts/pending-items';
import type { ProductType } from '@finportal/contracts/products';
import type { RawStatus } from '@finportal/contracts/statuses';
import { rowsOf, type Db } from '../../db/client.js';
import { applicationPricingWrites, applications, applicationStatusHistory, signatories } from '../../db/schema.js';
import { auditActor, type Actor } from '../../platform/actor.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { Partner } from '../../platform/tenancy.js';
import type { MoveRequest, MoveResult, WorkflowPort } from '../../platform/workflow.js';
import { APPLICATION_STATUS_CHANGED } from './workflow-events.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('err_entity_not_found', 404);

/** The application as the workflow reads it (one statement, locked for a move). */
export interface WorkflowRow {
  id: string;
  short_id: string;
  partner_id: string;
  user_id: string;
  status: string;
  product_type: ProductType;
  loan_type: string;
  final_interest_rate: string | number | null;
  bank_name: string | null;
  iban: string | null;
  tax_id_number: string | null;
  annual_sales_previous_year: string | number | null;
  factoring_details: Record<string, unknown>;
  annual_statement_base_year: number | null;
  owner_email_confirmed: boolean;
}

const LOAD = (id: string) => sql`
  SELECT a.id, a.short_id, a.partner_id, a.user_id, a.status, a.product_type, a.loan_type, a.final_interest_rate,
         a.bank_name, a.iban, c.tax_id_number, a.annual_sales_previous_year, a.factoring_details,
         a.annual_statement_base_year, (u.email_confirmed_at IS NOT NULL) AS owner_email_confirmed
  FROM applications a
  JOIN companies c ON c.id = a.company_id
  JOIN users u ON u.id = a.user_id
  WHERE a.id = ${id}`;

/** What the pending items are computed from (the shape of pending-items' PendingItemsInput). */
export interface PendingInput {
  applicationId: string;
  status: string;
  productType: ProductType;
  loanType: string;
  bankName: string | null;
  iban: string | null;
  companyTaxId: string | null;
  annualSalesPreviousYear: number | null;
  factoringDetails: Record<string, unknown>;
  annualStatementBaseYear: number | null;
  emailConfirmed: boolean;
  scannerConfigured: boolean;
}

/** What other modules provide to the guards (wired in app.ts, so that this module imports none of them). */
export interface WorkflowHooks {
  /** The pending items of the application as next_status_validate computes them (pending-items' computePendingItems). */
  pendingItems(db: Db, partner: Partner, input: PendingInput, now: Date): Promise<NextStatusValidateResponse>;
  /** Every signer of the application completed every signing step and submitted (at least one signer). */
  signaturesComplete(
    db: Db,
    partner: Partner,
    application: { id: string; productType: string; scannerConfigured: boolean },
  ): Promise<boolean>;
}

/** The facts of the guards, and the pending items when they were computed (their details go with a refusal). */
interface ComputedFacts {
  facts: WorkflowFacts;
  pending: NextStatusValidateResponse | null;
}

/**
 * The one command that moves an application (issue 24, ADR 021): the borrower's submission and
 * acceptance of the final offer, every staff move, the system's move after the last signature. In
 * the caller's transaction, with the application row locked: who the actor is on this application
 * (404 when they may not see it), the workflow's verdict on the move (contracts
 * application/workflow.ts: the graph, the actor, the guards with the facts computed here), then
 * the status, one history entry, one audit entry of one shape, and one follower job with the
 * move's events (e-mails, webhooks, invitations follow from it).
 */
export class ApplicationWorkflow implements WorkflowPort {
  constructor(
    private readonly ctx: AppContext,
    private readonly hooks: WorkflowHooks,
  ) {}

  private partnerOf(key: string): Partner {
    const partner = this.ctx.partners.get(key);
    if (!partner) throw notFound();
    return partner;
  }

  async load(db: Db, id: string, lock = false): Promise<WorkflowRow> {
    if (!UUID.test(id)) throw notFound();
    const [row] = rowsOf<WorkflowRow>(await db.execute(lock ? sql`${LOAD(id)} FOR UPDATE OF a` : LOAD(id)));
    if (!row) throw notFound();
    return row;
  }

  /** The actor as the workflow knows them on this application; 404 for someone who may not see it. */
  async actorOn(db: Db, row: WorkflowRow, actor: Actor): Promise<WorkflowActor> {
    switch (actor.kind) {
      case 'system':
        return { kind: 'system' };
      case 'staff': {
        const staff = actor.staff;
        if (!staffSeesPartner({ kind: staff.kind, partner_id: staff.partnerId }, row.partner_id)) throw notFound();
        const permissions = PERMISSION_MATRIX[staffRoleOf({ kind: staff.kind, role: staff.role })];
        return { kind: 'staff', id: staff.id, permissions };
      }
      case 'user': {
        if (actor.partner.key !== row.partner_id) throw notFound();
        if (row.user_id === actor.user.id) return { kind: 'applicant', id: actor.user.id };
        const [signer] = await db
          .select({ id: signatories.id })
          .from(signatories)
          .where(
            and(
              eq(signatories.applicationId, row.id),
              eq(signatories.userId, actor.user.id),
              eq(signatories.inviteStatus, 'accepted'),
            ),
          )
          .limit(1);
        if (!signer) throw notFound();
        return { kind: 'signer', id: actor.user.id };
      }
    }
  }

  /** The facts of `guards` for this application (only those asked for: some cost a query or more). */
  async facts(db: Db, row: WorkflowRow, guards: ReadonlySet<GuardName>): Promise<ComputedFacts> {
    const facts: WorkflowFacts = {};
    let pending: NextStatusValidateResponse | null = null;
    if (guards.has('final_pricing_set')) facts.finalPricingSet = row.final_interest_rate !== null;
    if (guards.has('four_eyes')) {
      const writers = await db
        .selectDistinct({ staffId: applicationPricingWrites.staffId })
        .from(applicationPricingWrites)
        .where(eq(applicationPricingWrites.applicationId, row.id));
      facts.pricingWriterIds = writers.map((w) => w.staffId);
    }
    if (guards.has('nothing_pending')) {
      const input: PendingInput = {
        applicationId: row.id,
        status: row.status,
        productType: row.product_type,
        loanType: row.loan_type,
        bankName: row.bank_name,
        iban: row.iban,
        companyTaxId: row.tax_id_number,
        annualSalesPreviousYear:
          row.annual_sales_previous_year === null ? null : Number(row.annual_sales_previous_year),
        factoringDetails: row.factoring_details,
        annualStatementBaseYear: row.annual_statement_base_year,
        emailConfirmed: row.owner_email_confirmed,
        scannerConfigured: !!this.ctx.virusScanner,
      };
      pending = await this.hooks.pendingItems(db, this.partnerOf(row.partner_id), input, this.ctx.clock.now());
      facts.pendingItems = pending.pending_actions.length;
    }
    if (guards.has('signatures_complete')) {
      facts.signaturesComplete = await this.hooks.signaturesComplete(db, this.partnerOf(row.partner_id), {
        id: row.id,
        productType: row.product_type,
        scannerConfigured: !!this.ctx.virusScanner,
      });
    }
    return { facts, pending };
  }

  /** The moves this actor may make from the application's status now, each with what blocks it. */
  async available(db: Db, applicationId: string, actor: Actor): Promise<AvailableMove[]> {
    const row = await this.load(db, applicationId);
    const who = await this.actorOn(db, row, actor);
    const { facts } = await this.facts(db, row, guardsFrom(row.status));
    return availableMoves(row.status, who, facts);
  }

  async run(request: MoveRequest): Promise<MoveResult> {
    return this.ctx.db.transaction((tx) => this.move(tx, request));
  }

  async move(db: Db, { actor, applicationId, to, reason }: MoveRequest): Promise<MoveResult> {
    const row = await this.load(db, applicationId, true);
    const who = await this.actorOn(db, row, actor);
    const from = row.status as RawStatus;
    const move = findMove(from, to);
    const { facts, pending } = await this.facts(db, row, new Set(move?.guards ?? []));
    const verdict = judgeMove(from, to, who, facts);
    if (!verdict.ok) {
      if (verdict.code === 'err_status_change_not_allowed') throw AppError.field(verdict.code, 'status', 409);
      if (verdict.guard === 'nothing_pending' && pending) {
        throw new AppError(verdict.code, verdict.httpStatus, [
          { code: verdict.code },
          ...pending.pending_actions.flatMap((a) => a.errors.map((e) => ({ code: e.code, field: a.action }))),
        ]);
      }
      if (verdict.guard) throw AppError.field(verdict.code, 'status', verdict.httpStatus);
      throw new AppError(verdict.code, verdict.httpStatus);
    }
    const target = verdict.move.to;
    const now = this.ctx.clock.now();
    const note = reason?.trim() || null;
    const who2 = auditActor(actor);
    await db
      .update(applications)
      .set({
        status: target,
        updatedAt: now,
        ...(target === 'Submitted' && from === 'Open' ? { submittedAt: now } : {}),
        ...(target === 'Rejected' ? { rejectionReason: note } : {}),
        ...(target === 'Offer_Accepted' ? { offerAcceptedAt: now, offerAcceptedBy: who2.userId } : {}),
      })
      .where(eq(applications.id, row.id));
    await db.insert(applicationStatusHistory).values({
      applicationId: row.id,
      fromStatus: from,
      toStatus: target,
      changedBy: who2.userId,
      changedByKind: who2.actorKind,
      reason: note,
    });
    await audit(db, {
      partnerId: row.partner_id,
      userId: who2.userId,
      actorKind: who2.actorKind,
      action: 'application.status_changed',
      entity: 'application',
      entityId: row.id,
      before: { status: from },
      after: { status: target },
      data: { short_id: row.short_id, reason: note, events: verdict.move.events },
      ...(who2.ip ? { ip: who2.ip } : {}),
    });
    await enqueue(db, APPLICATION_STATUS_CHANGED, {
      application_id: row.id,
      partner_id: row.partner_id,
      short_id: row.short_id,
      from,
      to: target,
      events: [...verdict.move.events],
      actor: { kind: who2.actorKind, id: who2.userId },
    });
    return { applicationId: row.id, from, to: target };
  }
}
