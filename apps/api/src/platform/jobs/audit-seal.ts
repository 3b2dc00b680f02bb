import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { sealAudit } from '../audit.js';
import { jobHandler, jobType } from './queue.js';

/** Scheduled: seals the audit entries written since the last run into the hash chain (platform/audit.ts). */
export const AUDIT_SEAL = jobType('audit.seal', z.object({}).strict() as z.ZodType<Record<string, never>>, {
  maxAttempts: 3,
});

export function auditSealHandler(db: Db) {
  return jobHandler({
    type: AUDIT_SEAL,
    // sealAudit runs its own transaction under its own lock.
    transactional: false,
    async run() {
      while ((await sealAudit(db)) > 0);
    },
  });
}
