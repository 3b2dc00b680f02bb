import { z } from 'zod';
import { jobHandler, jobType } from '../../platform/jobs/queue.js';
import type { AuthService } from './service.js';

/** A password reset was asked for: the job looks the address up and mails a link if it is an account. */
export const PASSWORD_RESET_REQUESTED = jobType(
  'auth.password_reset_requested',
  z.object({ partner: z.string(), email: z.string(), ip: z.string() }),
  { maxAttempts: 5 },
);

export function authJobHandlers(service: AuthService) {
  return [
    jobHandler({
      type: PASSWORD_RESET_REQUESTED,
      // Token, mail (outbox and its delivery job) and audit entry in one transaction: once.
      transactional: true,
      run: ({ partner, email, ip }, db) => service.sendResetMail(db, partner, email, ip),
    }),
  ];
}
