import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counters in the database, so every instance shares them.
 * `hit` counts one attempt and throws 429 when the window's limit is passed.
 */
export async function hit(db: Db, key: string, limit: number, windowMinutes: number): Promise<void> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(mins => ${windowMinutes}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(mins => ${windowMinutes}) THEN now() ELSE rate_limits.window_start END
    RETURNING count`);
  const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  if (count > limit) {
    throw new AppError('err_too_many_requests', 429, [
      { code: 'err_too_many_requests', values: { minutes: windowMinutes } },
    ]);
  }
}

/** Forget the counter (a successful login clears the per-account failures). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Removes windows that ended long ago; called by the housekeeping job. */
export async function pruneRateLimits(db: Db, windowMinutes: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM rate_limits WHERE window_start < now() - make_interval(mins => ${windowMinutes * 2})`,
  );
}
