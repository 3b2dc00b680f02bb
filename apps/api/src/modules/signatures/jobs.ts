import type { AppContext } from '../../platform/context.js';
import type { JobHandler, JobSchedule } from '../../platform/jobs/queue.js';
import { invitationJobHandlers, invitationSchedules } from './invitation-jobs.js';
import { stepJobHandlers, stepSchedules } from './step-jobs.js';

/** Every job handler of the signatures (issue 14, ADR 020). */
export function signaturesJobHandlers(ctx: AppContext): JobHandler<never>[] {
  return [...invitationJobHandlers(ctx), ...stepJobHandlers(ctx)];
}

/** The signatures' scheduled jobs. */
export function signaturesSchedules(ctx: AppContext): JobSchedule[] {
  return [...invitationSchedules(ctx), ...stepSchedules(ctx)];
}
