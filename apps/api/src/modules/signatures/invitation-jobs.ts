import { reminderDue } from '@finportal/contracts/signature-steps';
import type { AppContext } from '../../platform/context.js';
import { jobHandler, type JobHandler, type JobSchedule } from '../../platform/jobs/queue.js';
import { INVITE_SIGNERS, SIGNATURE_REMINDERS } from './job-types.js';
import { InvitationService } from './invitation-service.js';

/**
 * The invitations' jobs (issue 14, ADR 020): INVITE_SIGNERS when an application entered Signature,
 * and the hourly reminders. Both are transactional: the invitation rows, the status changes and
 * the e-mails (outbox) are written together, once.
 */
export function invitationJobHandlers(ctx: AppContext): JobHandler<never>[] {
  const service = new InvitationService(ctx);
  return [
    jobHandler({
      type: INVITE_SIGNERS,
      transactional: true,
      run: ({ application_id }, db) => service.inviteSigners(db, application_id),
    }),
    jobHandler({
      type: SIGNATURE_REMINDERS,
      transactional: true,
      run: (_payload, db) => service.remind(db, reminderDue),
    }),
  ] as unknown as JobHandler<never>[];
}

/** The reminders run every SIGNATURE_REMINDER_MINUTES (default 60), once across all instances. */
export function invitationSchedules(ctx: AppContext): JobSchedule[] {
  return [{ type: SIGNATURE_REMINDERS, everySeconds: ctx.config.SIGNATURE_REMINDER_MINUTES * 60 }];
}
