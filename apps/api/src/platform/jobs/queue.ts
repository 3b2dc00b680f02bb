import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.js';
import { safeError } from '../http.js';

/**
 * The job queue (ADR 010): one `jobs` table on PGlite and PostgreSQL alike. A feature adds
 * background work by declaring a job type (name + payload schema) and a handler; enqueueing takes
 * the caller's db or transaction, so a job is stored together with the change that asks for it.
 */
export interface JobType<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** Attempts before the job is dead (kept for inspection in the dev jobs view). */
  readonly maxAttempts: number;
}

export function jobType<P>(name: string, payload: z.ZodType<P>, options: { maxAttempts?: number } = {}): JobType<P> {
  return { name, payload, maxAttempts: options.maxAttempts ?? 10 };
}

export interface JobInfo {
  id: number;
  type: string;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
}

export interface JobHandler<P> {
  type: JobType<P>;
  /**
   * true: `run` gets a transaction that also marks the job done; its database effects happen
   * exactly once, even when a worker dies mid-job (the transaction rolls back, the job is taken
   * over after its lease). false: for effects outside the database (SMTP): at least once.
   * On embedded PGlite a transaction holds the one connection: keep transactional jobs short.
   */
  transactional: boolean;
  run(payload: P, db: Db, job: JobInfo): Promise<void>;
  /** Seconds before the next attempt after `attempts` failed ones (default 2^attempts, at most 15 min). */
  backoffSeconds?(attempts: number): number;
  /** Called once when the last attempt failed. */
  onDead?(payload: P, db: Db, error: string): Promise<void>;
}

/** Keeps the payload type of a handler tied to its job type. */
export const jobHandler = <P>(handler: JobHandler<P>): JobHandler<P> => handler;

export interface EnqueueOptions {
  delaySeconds?: number;
}

/** Stores a job; it runs on any instance once it is due. */
export async function enqueue<P>(db: Db, type: JobType<P>, payload: P, options: EnqueueOptions = {}): Promise<number> {
  const checked = type.payload.parse(payload);
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO jobs (type, payload, max_attempts, run_at)
      VALUES (${type.name}, ${JSON.stringify(checked)}::jsonb, ${type.maxAttempts},
              now() + make_interval(secs => ${options.delaySeconds ?? 0}))
      RETURNING id`),
  );
  return Number(rows[0]!.id);
}

/** A job type with an empty payload that runs every `everySeconds`, once across all instances. */
export interface JobSchedule {
  type: JobType<Record<string, never>>;
  everySeconds: number;
}

export interface JobWorkerOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** How long a claim lasts; a job whose worker died is taken over after it. */
  leaseSeconds: number;
  /** Jobs run at once by this worker. */
  concurrency: number;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
}

interface ClaimedJob {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

class LostClaim extends Error {}

const defaultBackoff = (attempts: number) => Math.min(2 ** attempts, 15 * 60);

/** Runs due jobs of the types it has handlers for. Any number of workers may run on one database. */
export class JobWorker {
  /** Written into locked_by: which process holds a job. */
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private schedulesStored = false;

  constructor(
    private readonly db: Db,
    handlers: JobHandler<never>[],
    private readonly schedules: JobSchedule[],
    private readonly options: JobWorkerOptions,
  ) {
    for (const h of handlers) this.handlers.set(h.type.name, h as unknown as JobHandler<unknown>);
  }

  get types(): string[] {
    return [...this.handlers.keys()];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      let worked = 0;
      try {
        const round = this.round();
        this.running = round;
        worked = (await round).claimed;
      } catch (err) {
        this.options.log.warn({ err: safeError(err) }, 'job worker round failed');
      }
      // Busy: look again at once; idle: wait for the next poll.
      if (!this.stopped) this.timer = setTimeout(() => void tick(), worked > 0 ? 0 : this.options.pollMs);
    };
    void tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One round (see `round`); returns the number of jobs that succeeded. */
  async runOnce(): Promise<number> {
    return (await this.round()).succeeded;
  }

  /** Runs rounds until no job is due (tests use it). Returns the jobs that succeeded. */
  async drain(maxRounds = 100): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxRounds; i++) {
      const { claimed, succeeded } = await this.round();
      total += succeeded;
      if (!claimed) break;
    }
    return total;
  }

  /** Enqueues the schedules that are due, claims up to `concurrency` due jobs and runs them. */
  private async round(): Promise<{ claimed: number; succeeded: number }> {
    await this.fireSchedules();
    const claimed = await this.claim(this.options.concurrency);
    const results = await Promise.all(claimed.map((job) => this.execute(job)));
    return { claimed: claimed.length, succeeded: results.filter(Boolean).length };
  }

  private async fireSchedules(): Promise<void> {
    if (!this.schedules.length) return;
    if (!this.schedulesStored) {
      for (const s of this.schedules) {
        await this.db.execute(sql`
          INSERT INTO job_schedules (name, interval_seconds) VALUES (${s.type.name}, ${s.everySeconds})
          ON CONFLICT (name) DO UPDATE SET interval_seconds = EXCLUDED.interval_seconds`);
      }
      this.schedulesStored = true;
    }
    const names = sql.join(
      this.schedules.map((s) => sql`${s.type.name}`),
      sql`, `,
    );
    // The UPDATE takes the schedule's row lock: of two instances, one moves next_run_at and
    // enqueues; the other then finds the schedule no longer due.
    await this.db.execute(sql`
      WITH due AS (
        UPDATE job_schedules SET next_run_at = now() + make_interval(secs => interval_seconds)
        WHERE name IN (${names}) AND next_run_at <= now()
        RETURNING name)
      INSERT INTO jobs (type, payload, max_attempts) SELECT name, '{}'::jsonb, 3 FROM due`);
  }

  private async claim(limit: number): Promise<ClaimedJob[]> {
    if (!this.handlers.size || limit < 1) return [];
    const types = sql.join(
      this.types.map((t) => sql`${t}`),
      sql`, `,
    );
    // Due queued jobs, and running jobs whose lease ran out (their worker died).
    const result = await this.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${this.id},
        locked_until = now() + make_interval(secs => ${this.options.leaseSeconds})
      WHERE id IN (
        SELECT id FROM jobs
        WHERE type IN (${types})
          AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, type, payload, attempts, max_attempts`);
    return rowsOf<ClaimedJob>(result).map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** Runs one claimed job; true when it succeeded. */
  private async execute(job: ClaimedJob): Promise<boolean> {
    const handler = this.handlers.get(job.type)!;
    const info: JobInfo = { id: job.id, type: job.type, attempts: job.attempts, maxAttempts: job.max_attempts };
    const parsed = handler.type.payload.safeParse(job.payload);
    if (!parsed.success) {
      await this.fail(job, handler, undefined, 'invalid payload', true);
      return false;
    }
    try {
      if (handler.transactional) {
        await this.db.transaction(async (tx) => {
          // Still ours? (A worker that stalled past its lease may have lost the job to another.)
          const mine = rowsOf(
            await tx.execute(
              sql`SELECT id FROM jobs WHERE id = ${job.id} AND locked_by = ${this.id} AND status = 'running' FOR UPDATE`,
            ),
          );
          if (!mine.length) throw new LostClaim();
          await handler.run(parsed.data, tx, info);
          await this.finish(tx, job.id);
        });
      } else {
        await handler.run(parsed.data, this.db, info);
        await this.finish(this.db, job.id);
      }
      return true;
    } catch (err) {
      if (err instanceof LostClaim) return false;
      const described = safeError(err);
      const message = String(described.message ?? described.code ?? described.type).slice(0, 500);
      await this.fail(job, handler, parsed.data, message, false);
      this.options.log.warn({ jobId: job.id, type: job.type, attempts: job.attempts, err: described }, 'job failed');
      return false;
    }
  }

  private async finish(db: Db, id: number): Promise<void> {
    await db.execute(sql`
      UPDATE jobs SET status = 'done', finished_at = now(), locked_by = NULL, locked_until = NULL, last_error = NULL
      WHERE id = ${id} AND locked_by = ${this.id}`);
  }

  private async fail(
    job: ClaimedJob,
    handler: JobHandler<unknown>,
    payload: unknown,
    message: string,
    permanent: boolean,
  ): Promise<void> {
    const dead = permanent || job.attempts >= job.max_attempts;
    const wait = (handler.backoffSeconds ?? defaultBackoff)(job.attempts);
    const updated = rowsOf(
      await this.db.execute(sql`
        UPDATE jobs SET status = ${dead ? 'dead' : 'queued'}, last_error = ${message},
          run_at = now() + make_interval(secs => ${dead ? 0 : wait}),
          finished_at = ${dead ? sql`now()` : null}, locked_by = NULL, locked_until = NULL
        WHERE id = ${job.id} AND locked_by = ${this.id}
        RETURNING id`),
    );
    if (dead && updated.length && handler.onDead && payload !== undefined) {
      await handler.onDead(payload, this.db, message);
    }
  }
}
