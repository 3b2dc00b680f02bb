import { and, eq } from 'drizzle-orm';
import type { UserActor } from '../../platform/actor.js';
import { mayAnswerRequests } from '@finportal/contracts/application/policies';
import type { DataRequest, DataRequestsResponse } from '@finportal/contracts/data-requests';
import { dataRequests } from '../../db/schema.js';
import { dataRequestOf, requestsOf } from './records.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The borrower's side of the requests (issue 13): the list (the owner and accepted signatories),
 * and the answer to an information request (the owner only, ADR 021: 403 for a signatory; of a
 * request still open: 409 err_request_closed otherwise).
 */
export class DataRequestsService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  async list(partner: Partner, user: SessionUser, id: string): Promise<DataRequestsResponse> {
    const access = await this.applications.access(partner, user, id);
    return { requests: await requestsOf(this.ctx.db, access.record.id), can_answer: mayAnswerRequests(access.role) };
  }

  async answer({
    actor,
    applicationId: id,
    requestId,
    answer,
  }: {
    actor: UserActor;
    applicationId: string;
    requestId: string;
    answer: string;
  }): Promise<DataRequest> {
    const { partner, user, ip = '' } = actor;
    const access = await this.applications.access(partner, user, id);
    // The applicant answers; an accepted signatory reads the requests but does not close them (ADR 021).
    if (!mayAnswerRequests(access.role)) throw new AppError('err_no_permission', 403);
    return this.ctx.db.transaction(async (tx) => {
      const [row] = UUID.test(requestId)
        ? await tx
            .select()
            .from(dataRequests)
            .where(and(eq(dataRequests.id, requestId), eq(dataRequests.applicationId, access.record.id)))
            .for('update')
        : [];
      if (!row || row.kind !== 'information') throw new AppError('err_entity_not_found', 404);
      if (row.status !== 'open') throw new AppError('err_request_closed', 409);
      const [saved] = await tx
        .update(dataRequests)
        .set({ status: 'fulfilled', answer, closedAt: new Date() })
        .where(eq(dataRequests.id, row.id))
        .returning();
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'request.answered',
        entity: 'data_request',
        entityId: row.id,
        applicationId: access.record.id,
        after: { answer },
        ip,
      });
      return dataRequestOf(saved!);
    });
  }
}
