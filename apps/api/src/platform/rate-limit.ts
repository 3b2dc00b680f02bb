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

/** A key an attempt counts on, with its throttle. */
export interface ThrottledKey {
  key: string;
  settings: ThrottleSettings;
}

/** An attempt counted before it is judged (reserveAttempt). */
export interface ReservedAttempt {
  /**
   * The attempt succeeded: `cleared` keys are forgotten (a source's own failures), the others get
   * this attempt back (the failures that others caused stay).
   */
  succeeded(db: Db, cleared: readonly string[]): Promise<void>;
}

/**
 * Counts an attempt on every key *before* it is judged (issue 25: reserve, then verify), so that
 * N parallel requests never judge more guesses than the throttle allows. In one transaction with
 * the keys' rows locked (in key order, so two callers cannot deadlock): while any key is blocked
 * the attempt is refused with 429 and counts nowhere; otherwise each key counts it, and a key
 * past its free attempts is blocked for the attempt's growing wait at once, which refuses the
 * attempts that arrive while this one is judged. A failure needs nothing more; a success calls
 * `succeeded`.
 */
export async function reserveAttempt(db: Db, keys: readonly ThrottledKey[]): Promise<ReservedAttempt> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const reserved = await db.transaction(async (tx) => {
    for (const { key } of sorted) {
      await tx.execute(
        sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 0) ON CONFLICT (key) DO NOTHING`,
      );
    }
    const rows = rowsOf<{ key: string; count: number; wait: number | null; age: number; blocked: string | null }>(
      await tx.execute(sql`
        SELECT key, count, blocked_until::text AS blocked,
          extract(epoch FROM blocked_until - now())::float8 AS wait,
          extract(epoch FROM now() - window_start)::float8 AS age
        FROM rate_limits WHERE key IN (${sql.join(
          sorted.map((k) => sql`${k.key}`),
          sql`, `,
        )}) ORDER BY key FOR UPDATE`),
    );
    const wait = Math.max(0, ...rows.map((r) => Number(r.wait ?? 0)));
    if (wait > 0) throw tooManyRequests(wait);
    const out: { key: string; before: string | null; ours: string | null }[] = [];
    for (const { key, settings } of sorted) {
      const row = rows.find((r) => r.key === key)!;
      const expired = Number(row.age) > settings.windowMinutes * 60;
      const count = expired ? 1 : Number(row.count) + 1;
      const seconds =
        count >= settings.free
          ? Math.min(settings.baseSeconds * 2 ** Math.min(count - settings.free, 30), settings.maxSeconds)
          : null;
      const [updated] = rowsOf<{ blocked: string | null }>(
        await tx.execute(sql`
          UPDATE rate_limits SET
            count = ${count},
            window_start = CASE WHEN ${expired} THEN now() ELSE window_start END,
            blocked_until = CASE WHEN ${seconds !== null} THEN now() + make_interval(secs => ${seconds ?? 0})
                                 WHEN ${expired} THEN NULL ELSE blocked_until END
          WHERE key = ${key} RETURNING blocked_until::text AS blocked`),
      );
      out.push({ key, before: expired ? null : row.blocked, ours: updated?.blocked ?? null });
    }
    return out;
  });
  return {
    async succeeded(db2: Db, cleared: readonly string[]) {
      await clear(db2, ...reserved.filter((r) => cleared.includes(r.key)).map((r) => r.key));
      for (const r of reserved.filter((k) => !cleared.includes(k.key))) {
        // The attempt back; its wait too, unless another attempt has set one since.
        await db2.execute(sql`
          UPDATE rate_limits SET count = greatest(count - 1, 0),
            blocked_until = CASE WHEN blocked_until::text IS NOT DISTINCT FROM ${r.ours}
                                 THEN ${r.before}::timestamptz ELSE blocked_until END
          WHERE key = ${r.key}`);
      }
    },
  };
}
