import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { companies, factoringDebitors } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { CoverDecision, CreditInsurer } from '../../platform/credit-insurer.js';
import { enqueue, jobHandler, jobType } from '../../platform/jobs/queue.js';

/**
 * A debtor's insurance cover, requested and followed on the job queue (issue 12, ADR 018). The
 * request sets the debtor Pending and enqueues poll 0, which places the request with the insurer
 * (its reference is stored) and enqueues poll 1 after the insurer's `pollSeconds`. Each poll asks
 * for the decision: Pending enqueues the next poll, up to MAX_COVER_POLLS, then the cover ends in
 * Error (the insurer never answered); a decision is stored with its amount and currency.
 *
 * Not transactional (a real insurer is a network call): every write is conditional on the
 * request this job follows (`cover_request_id`) and on the status still being Pending, so a job
 * that runs twice, or one of an older request, changes nothing. The insurer gets our request id
 * as idempotency key. A job that keeps failing (insurer unreachable) ends the cover in Error.
 */
export const MAX_COVER_POLLS = 10;

export const FACTORING_COVER = jobType(
  'factoring.cover',
  z.object({ debitor_id: z.string().uuid(), request_id: z.string().uuid(), poll: z.number().int().min(0) }),
  { maxAttempts: 8 },
);

type CoverPayload = z.infer<typeof FACTORING_COVER.payload>;

const pendingRequest = (p: CoverPayload) =>
  and(
    eq(factoringDebitors.id, p.debitor_id),
    eq(factoringDebitors.coverRequestId, p.request_id),
    eq(factoringDebitors.coverStatus, 'Pending'),
  );

/** Stores a decision (and its audit entry, in one transaction) if the request still waits for it. */
function decide(db: Db, p: CoverPayload, decision: CoverDecision): Promise<void> {
  return db.transaction((tx) => storeDecision(tx, p, decision));
}

async function storeDecision(db: Db, p: CoverPayload, decision: CoverDecision): Promise<void> {
  const [row] = await db
    .update(factoringDebitors)
    .set({
      coverStatus: decision.status,
      coverAmount: decision.amount,
      coverCurrency: decision.currency,
      providerData: decision.providerData,
      coverDecidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(pendingRequest(p))
    .returning({ applicationId: factoringDebitors.applicationId, partnerId: factoringDebitors.partnerId });
  if (!row) return;
  await audit(db, {
    partnerId: row.partnerId,
    action: 'debitor.cover_decided',
    entity: 'debitor',
    entityId: p.debitor_id,
    data: {
      application_id: row.applicationId,
      request_id: p.request_id,
      cover_status: decision.status,
      cover_amount: decision.amount,
      cover_currency: decision.currency,
    },
  });
}

export function coverJobHandler(insurer: CreditInsurer) {
  return jobHandler({
    type: FACTORING_COVER,
    transactional: false,
    async run(p, db) {
      const [row] = await db
        .select({
          reference: factoringDebitors.coverReference,
          amount: factoringDebitors.coverRequestedAmount,
          currency: factoringDebitors.currency,
          providerCompanyId: companies.externalProviderCompanyId,
        })
        .from(factoringDebitors)
        .innerJoin(companies, eq(companies.id, factoringDebitors.companyId))
        .where(pendingRequest(p));
      // Answered, deleted, or a newer request replaced it: nothing to do.
      if (!row) return;
      // Poll 0 places the request (again, when an earlier run stored no reference).
      if (p.poll === 0 || !row.reference) {
        let reference = row.reference;
        if (!reference) {
          ({ reference } = await insurer.requestCover({
            requestId: p.request_id,
            providerCompanyId: row.providerCompanyId ?? '',
            amount: Number(row.amount),
            currency: row.currency,
          }));
          await db
            .update(factoringDebitors)
            .set({ coverReference: reference })
            .where(and(pendingRequest(p), isNull(factoringDebitors.coverReference)));
        }
        await enqueue(db, FACTORING_COVER, { ...p, poll: 1 }, { delaySeconds: insurer.pollSeconds });
        return;
      }
      const decision = await insurer.decision(row.reference);
      if (decision.status !== 'Pending') {
        await decide(db, p, decision);
      } else if (p.poll < MAX_COVER_POLLS) {
        await enqueue(db, FACTORING_COVER, { ...p, poll: p.poll + 1 }, { delaySeconds: insurer.pollSeconds });
      } else {
        await decide(db, p, {
          status: 'Error',
          amount: null,
          currency: null,
          providerData: { ...decision.providerData, reason: 'no_decision' },
        });
      }
    },
    async onDead(p, db, error) {
      await decide(db, p, {
        status: 'Error',
        amount: null,
        currency: null,
        providerData: { reason: 'insurer_unreachable', error },
      });
    },
  });
}
