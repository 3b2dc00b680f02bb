import { z } from 'zod';
import { WORKFLOW_EVENTS, type WorkflowEvent } from '@finportal/contracts/application/workflow';
import { RAW_STATUSES, type RawStatus } from '@finportal/contracts/statuses';
import type { Db } from '../../db/client.js';
import { jobHandler, jobType, type JobHandler } from '../../platform/jobs/queue.js';

/**
 * What follows a status move (issue 24, ADR 021): the command stores one job with the move's events
 * in the move's transaction; this job's handler hands the event to every subscriber (the status
 * e-mails and webhooks of the applications module, the invitations of the signatures module), in
 * one transaction of its own. Nothing is sent from a service method, and nothing is sent for a
 * move that was rolled back.
 */
export const APPLICATION_STATUS_CHANGED = jobType(
  'application.status_changed',
  z
    .object({
      application_id: z.uuid(),
      partner_id: z.string().max(63),
      short_id: z.string().max(32),
      from: z.enum(RAW_STATUSES),
      to: z.enum(RAW_STATUSES),
      events: z.array(z.enum(WORKFLOW_EVENTS)),
      actor: z.object({ kind: z.enum(['user', 'staff', 'system']), id: z.string().max(64).nullable() }),
    })
    .strict(),
);

export interface StatusChangedEvent {
  application_id: string;
  partner_id: string;
  short_id: string;
  from: RawStatus;
  to: RawStatus;
  events: WorkflowEvent[];
  actor: { kind: 'user' | 'staff' | 'system'; id: string | null };
}

/** A module's reaction to a status move, inside the follower job's transaction. */
export type StatusSubscriber = (db: Db, event: StatusChangedEvent) => Promise<void>;

/** The follower job: every subscriber, in order, in one transaction (a failure retries them all). */
export function statusChangedHandler(subscribers: readonly StatusSubscriber[]): JobHandler<never> {
  return jobHandler({
    type: APPLICATION_STATUS_CHANGED,
    transactional: true,
    run: async (event, db) => {
      for (const subscriber of subscribers) await subscriber(db, event as StatusChangedEvent);
    },
  }) as unknown as JobHandler<never>;
}
