import type { AppContext } from '../../platform/context.js';
import { jobHandler, type JobHandler, type JobSchedule } from '../../platform/jobs/queue.js';
import { SigningCompletion, type SignerSource } from './completion.js';
import { SESSION_COMPLETED, SIGNING_COMPLETE_CHECK } from './job-types.js';

/**
 * The job handlers of the signing steps (issue 14, ADR 020): a completed session signs the
 * person's online documents; the completion check seals the loan contract and moves the
 * application on. Both transactional: their effects happen once (the object store's files of a
 * rolled-back attempt stay unreferenced). `signer`: a test's own PDF signer; production uses
 * pdfSignerFor(ctx).
 */
export function stepJobHandlers(ctx: AppContext, options: { signer?: SignerSource } = {}): JobHandler<never>[] {
  const completion = new SigningCompletion(ctx, options.signer);
  return [
    jobHandler({
      type: SESSION_COMPLETED,
      transactional: true,
      run: ({ session_id }, db) => completion.sessionCompleted(db, session_id),
    }),
    jobHandler({
      type: SIGNING_COMPLETE_CHECK,
      transactional: true,
      run: async ({ application_id }, db) => {
        await completion.check(db, application_id);
      },
    }),
  ] as unknown as JobHandler<never>[];
}

/** Its jobs that run on a schedule: none (the checks are queued by the changes that may complete). */
export function stepSchedules(_ctx: AppContext): JobSchedule[] {
  return [];
}
