import type { AppContext } from '../../platform/context.js';
import type { JobHandler, JobSchedule } from '../../platform/jobs/queue.js';

/** The job handlers of this part of the signatures (issue 14, ADR 020). */
export function invitationJobHandlers(_ctx: AppContext): JobHandler<never>[] {
  return [];
}

/** Its jobs that run on a schedule. */
export function invitationSchedules(_ctx: AppContext): JobSchedule[] {
  return [];
}
