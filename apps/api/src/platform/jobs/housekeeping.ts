import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '../../db/client.js';
import { jobHandler, jobType } from './queue.js';

/** Scheduled: removes what has expired, so the tables that every request touches stay small. */
export const HOUSEKEEPING_PRUNE = jobType(
  'housekeeping.prune',
  z.object({}).strict() as z.ZodType<Record<string, never>>,
  {
    maxAttempts: 3,
  },
);

export interface PruneCounts {
  sessions: number;
  staffSessions: number;
  tokens: number;
  rateLimits: number;
  jobs: number;
}

/**
 * Sessions and tokens a day after they expired or ended (kept a little for support questions),
 * rate-limit counters whose window and block are over, finished jobs after 7 days and dead ones
 * after 30 (the dev jobs view shows them until then).
 */
export function housekeepingHandler(rateWindowMinutes: number) {
  return jobHandler({
    type: HOUSEKEEPING_PRUNE,
    transactional: true,
    async run(_payload, db) {
      const count = async (statement: ReturnType<typeof sql>) => rowsOf(await db.execute(statement)).length;
      const counts: PruneCounts = {
        sessions: await count(sql`
          DELETE FROM sessions
          WHERE expires_at < now() - interval '1 day' OR ended_at < now() - interval '1 day' RETURNING 1`),
        staffSessions: await count(sql`
          DELETE FROM staff_sessions
          WHERE expires_at < now() - interval '1 day' OR ended_at < now() - interval '1 day' RETURNING 1`),
        tokens: await count(sql`
          DELETE FROM user_tokens
          WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day' RETURNING 1`),
        rateLimits: await count(sql`
          DELETE FROM rate_limits
          WHERE window_start < now() - greatest(make_interval(mins => ${rateWindowMinutes * 2}), interval '2 days')
            AND (blocked_until IS NULL OR blocked_until < now()) RETURNING 1`),
        jobs: await count(sql`
          DELETE FROM jobs
          WHERE (status = 'done' AND finished_at < now() - interval '7 days')
             OR (status = 'dead' AND finished_at < now() - interval '30 days') RETURNING 1`),
      };
      void counts;
    },
  });
}
