import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * 429 that always says when to retry: the Retry-After header (seconds) and, for the message, the
 * values `seconds` and `minutes` (rounded up).
 */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    'err_too_many_requests',
    429,
    [{ code: 'err_too_many_requests', values: { seconds, minutes: Math.ceil(seconds / 60) } }],
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Fixed-window counters in the database, so every instance shares them.
 * `hit` counts one attempt and throws 429 (with Retry-After: the end of the window) when the
 * window's limit is passed.
 */
export async function hit(db: Db, key: string, limit: number, windowMinutes: number): Promise<void> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(mins => ${windowMinutes}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(mins => ${windowMinutes}) THEN now() ELSE rate_limits.window_start END
    RETURNING count,
      extract(epoch FROM window_start + make_interval(mins => ${windowMinutes}) - now())::float8 AS remaining`);
  const row = rowsOf<{ count: number; remaining: number }>(result)[0];
  if (Number(row?.count ?? 0) > limit) throw tooManyRequests(Number(row?.remaining ?? windowMinutes * 60));
}

/** Forget the counter (a successful login clears its failures). */
export async function clear(db: Db, ...keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.execute(
    sql`DELETE FROM rate_limits WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}

export interface ThrottleSettings {
  /** Failures that cost nothing: the attempt after the last free one waits. */
  free: number;
  /** The wait after the last free failure; it doubles with each further one. */
  baseSeconds: number;
  maxSeconds: number;
  /** Failures older than this are forgotten (the count starts again). */
  windowMinutes: number;
}

/** 429 with Retry-After while any of these keys is blocked. */
export async function assertNotBlocked(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const rows = rowsOf<{ wait: number | null }>(
    await db.execute(sql`
      SELECT max(extract(epoch FROM blocked_until - now()))::float8 AS wait FROM rate_limits
      WHERE key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) AND blocked_until > now()`),
  );
  const wait = rows[0]?.wait;
  if (wait !== null && wait !== undefined && Number(wait) > 0) throw tooManyRequests(Number(wait));
}

/**
 * Counts one failure of `key`. Past the free ones each failure blocks the key for a growing
 * time (ASVS 5.0 V6.3: slow guessing down without locking the owner out for long). Returns the
 * failures counted in the current window.
 */
export async function recordFailure(db: Db, key: string, s: ThrottleSettings): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(mins => ${s.windowMinutes}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(mins => ${s.windowMinutes}) THEN now() ELSE rate_limits.window_start END
    RETURNING count`);
  const count = Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  if (count >= s.free) {
    const seconds = Math.min(s.baseSeconds * 2 ** Math.min(count - s.free, 30), s.maxSeconds);
    await db.execute(
      sql`UPDATE rate_limits SET blocked_until = now() + make_interval(secs => ${seconds}) WHERE key = ${key}`,
    );
  }
  return count;
}
