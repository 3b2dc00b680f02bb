import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { audit } from '../audit.js';
import { HOUSEKEEPING_PRUNE } from './housekeeping.js';
import { enqueue, jobHandler, jobType, JobWorker, type JobHandler, type JobSchedule } from './queue.js';

/** The job queue on the test database (PGlite, and PostgreSQL in CI's second run). */
const t = await useTestApp();
const warnings: object[] = [];

const worker = (handlers: JobHandler<never>[], schedules: JobSchedule[] = [], leaseSeconds = 60) =>
  new JobWorker(t.database.db, handlers, schedules, {
    pollMs: 50,
    leaseSeconds,
    concurrency: 8,
    log: { warn: (o) => warnings.push(o), error: () => undefined },
  });

const jobRow = async (id: number) =>
  (
    await t.sql<{
      status: string;
      attempts: number;
      last_error: string | null;
      wait: number;
      locked_by: string | null;
    }>(
      `SELECT status, attempts, last_error, locked_by, extract(epoch FROM run_at - now())::float8 AS wait FROM jobs WHERE id = $1`,
      [id],
    )
  )[0]!;

const auditCount = async (action: string, entityId?: string) =>
  (
    await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR entity_id = $2)`,
      [action, entityId ?? null],
    )
  )[0]!.n;

/** A transactional job that writes one audit entry per run, or fails `failTimes` times first. */
function counterJob(name: string, options: { failTimes?: number; maxAttempts?: number } = {}) {
  const type = jobType(name, z.object({ key: z.string() }), { maxAttempts: options.maxAttempts ?? 5 });
  let failures = 0;
  const dead: string[] = [];
  const handler = jobHandler({
    type,
    transactional: true,
    backoffSeconds: () => 0,
    async run({ key }, db) {
      await audit(db, { action: name, entity: 'test', entityId: key });
      if (failures < (options.failTimes ?? 0)) {
        failures += 1;
        throw new Error(`planned failure ${failures}`);
      }
    },
    async onDead({ key }, _db, error) {
      dead.push(`${key}: ${error}`);
    },
  });
  return { type, handler: handler as JobHandler<never>, dead };
}

describe('the job queue', () => {
  it('runs an enqueued job once; a transactional job that fails leaves nothing behind and is retried', async () => {
    const job = counterJob('test.retry', { failTimes: 2 });
    const id = await enqueue(t.database.db, job.type, { key: 'a' });
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
    const w = worker([job.handler]);
    expect(await w.runOnce()).toBe(0); // first attempt fails
    const failed = await jobRow(id);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: 'planned failure 1', locked_by: null });
    // The failed attempt's audit entry was rolled back with it.
    expect(await auditCount('test.retry', 'a')).toBe(0);
    expect(await w.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    expect(await auditCount('test.retry', 'a')).toBe(1);
    expect(await w.drain()).toBe(0); // nothing runs twice
    expect(warnings).toContainEqual(expect.objectContaining({ jobId: id, type: 'test.retry', attempts: 1 }));
  });

  it('waits between attempts with growing back-off by default', async () => {
    const type = jobType('test.backoff', z.object({}), { maxAttempts: 5 });
    const handler = jobHandler({
      type,
      transactional: false,
      run: async () => {
        throw new Error('always');
      },
    });
    const id = await enqueue(t.database.db, type, {});
    const w = worker([handler as JobHandler<never>]);
    await w.runOnce();
    const first = await jobRow(id);
    expect(first.wait).toBeGreaterThan(1);
    expect(first.wait).toBeLessThanOrEqual(2);
    expect(await w.runOnce()).toBe(0); // not due yet
    expect((await jobRow(id)).attempts).toBe(1);
    await t.sql('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
    await w.runOnce();
    const second = await jobRow(id);
    expect(second.attempts).toBe(2);
    expect(second.wait).toBeGreaterThan(3);
    expect(second.wait).toBeLessThanOrEqual(4);
  });

  it('a job out of attempts is dead, once, and its handler hears of it', async () => {
    const job = counterJob('test.dead', { failTimes: 99, maxAttempts: 3 });
    const id = await enqueue(t.database.db, job.type, { key: 'd' });
    expect(await worker([job.handler]).drain()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'dead', attempts: 3, last_error: 'planned failure 3' });
    expect(job.dead).toEqual(['d: planned failure 3']);
  });

  it('an invalid payload is dead at once; a worker leaves job types it has no handler for alone', async () => {
    const job = counterJob('test.payload');
    const [bad] = await t.sql<{ id: number }>(
      `INSERT INTO jobs (type, payload) VALUES ('test.payload', '{"key": 42}') RETURNING id`,
    );
    const [other] = await t.sql<{ id: number }>(`INSERT INTO jobs (type) VALUES ('test.nobody') RETURNING id`);
    await worker([job.handler]).drain();
    expect(await jobRow(Number(bad!.id))).toMatchObject({ status: 'dead', last_error: 'invalid payload' });
    expect(await jobRow(Number(other!.id))).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('two workers take 200 jobs between them, each exactly once', async () => {
    const job = counterJob('test.parallel');
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) await enqueue(tx, job.type, { key: `p${i}` });
    });
    const a = worker([job.handler]);
    const b = worker([job.handler]);
    const [ra, rb] = await Promise.all([a.drain(1000), b.drain(1000)]);
    expect(ra + rb).toBe(200);
    const runs = await t.sql<{ entity_id: string; n: number }>(
      `SELECT entity_id, count(*)::int AS n FROM audit_log WHERE action = 'test.parallel' GROUP BY entity_id`,
    );
    expect(runs).toHaveLength(200);
    expect(runs.every((r) => r.n === 1)).toBe(true);
  });

  it('a job whose worker died is taken over once its lease has run out, not before', async () => {
    const job = counterJob('test.lease');
    const id = await enqueue(t.database.db, job.type, { key: 'l' });
    // A worker claimed it and died before running it (as after SIGKILL).
    await t.sql(
      `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-worker', locked_until = now() + interval '1 hour' WHERE id = $1`,
      [id],
    );
    const w = worker([job.handler]);
    expect(await w.drain()).toBe(0);
    expect(await auditCount('test.lease', 'l')).toBe(0);
    await t.sql(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
    expect(await w.drain()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await auditCount('test.lease', 'l')).toBe(1);
  });

  it('a worker that lost its claim to another does not finish the job (its work is rolled back)', async () => {
    const type = jobType('test.stall', z.object({}));
    let stolen = false;
    const handler = jobHandler({
      type,
      transactional: false,
      async run(_p, db, info) {
        // Another worker takes the job over while this one still runs it.
        await db.execute(sql`UPDATE jobs SET locked_by = 'other-worker' WHERE id = ${info.id}`);
        stolen = true;
      },
    });
    const id = await enqueue(t.database.db, type, {});
    await worker([handler as JobHandler<never>]).runOnce();
    expect(stolen).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'running', locked_by: 'other-worker' });
  });

  it('a schedule fires once per interval, however many workers run it', async () => {
    const job = counterJob('test.scheduled');
    const scheduleType = job.type as unknown as JobSchedule['type'];
    const schedules: JobSchedule[] = [{ type: scheduleType, everySeconds: 3600 }];
    // The scheduled run has an empty payload: a handler that accepts it.
    const handler = jobHandler({
      type: jobType('test.scheduled', z.object({})),
      transactional: true,
      run: (_p, db) => audit(db, { action: 'test.scheduled', entity: 'test', entityId: 'tick' }),
    }) as JobHandler<never>;
    const workers = [worker([handler], schedules), worker([handler], schedules), worker([handler], schedules)];
    await Promise.all(workers.map((w) => w.drain()));
    await Promise.all(workers.map((w) => w.drain()));
    expect(await auditCount('test.scheduled', 'tick')).toBe(1);
    // Due again: one more run.
    await t.sql(`UPDATE job_schedules SET next_run_at = now() WHERE name = 'test.scheduled'`);
    await Promise.all(workers.map((w) => w.drain()));
    expect(await auditCount('test.scheduled', 'tick')).toBe(2);
  });

  it('housekeeping prunes expired sessions, tokens, rate-limit counters and old jobs on its schedule', async () => {
    const [user] = await t.sql<{ id: string }>(
      `INSERT INTO users (partner_id, email) VALUES ('demo', 'prune-me@example.com') RETURNING id`,
    );
    const userId = user!.id;
    await t.sql(
      `INSERT INTO sessions (token_hash, user_id, partner_id, expires_at) VALUES
         ('old-session', $1, 'demo', now() - interval '2 days'), ('live-session', $1, 'demo', now() + interval '1 hour')`,
      [userId],
    );
    await t.sql(
      `INSERT INTO user_tokens (token_hash, kind, user_id, partner_id, expires_at) VALUES
         ('old-token', 'reset_password', $1, 'demo', now() - interval '2 days'),
         ('live-token', 'reset_password', $1, 'demo', now() + interval '1 hour')`,
      [userId],
    );
    await t.sql(
      `INSERT INTO rate_limits (key, window_start, count) VALUES
         ('prune:old', now() - interval '3 days', 3), ('prune:live', now(), 1)`,
    );
    await t.sql(
      `INSERT INTO rate_limits (key, window_start, count, blocked_until) VALUES
         ('prune:blocked', now() - interval '3 days', 30, now() + interval '10 minutes')`,
    );
    const [oldJob] = await t.sql<{ id: number }>(
      `INSERT INTO jobs (type, status, finished_at) VALUES ('test.old', 'done', now() - interval '8 days') RETURNING id`,
    );
    const [recentJob] = await t.sql<{ id: number }>(
      `INSERT INTO jobs (type, status, finished_at) VALUES ('test.old', 'done', now()) RETURNING id`,
    );

    // The worker every instance runs has the housekeeping schedule; make it due and run it.
    await t.ctx.jobs.drain();
    await t.sql(`UPDATE job_schedules SET next_run_at = now() WHERE name = $1`, [HOUSEKEEPING_PRUNE.name]);
    await t.ctx.jobs.drain();

    const left = async (table: string, column: string, values: string[]) =>
      (
        await t.sql<{ v: string }>(`SELECT ${column}::text AS v FROM ${table} WHERE ${column}::text = ANY($1)`, [
          values,
        ])
      )
        .map((r) => r.v)
        .sort();
    expect(await left('sessions', 'token_hash', ['old-session', 'live-session'])).toEqual(['live-session']);
    expect(await left('user_tokens', 'token_hash', ['old-token', 'live-token'])).toEqual(['live-token']);
    expect(await left('rate_limits', 'key', ['prune:old', 'prune:live', 'prune:blocked'])).toEqual([
      'prune:blocked',
      'prune:live',
    ]);
    expect(await left('jobs', 'id', [String(oldJob!.id), String(recentJob!.id)])).toEqual([String(recentJob!.id)]);
    const [run] = await t.sql<{ status: string }>(`SELECT status FROM jobs WHERE type = $1 ORDER BY id DESC LIMIT 1`, [
      HOUSEKEEPING_PRUNE.name,
    ]);
    expect(run?.status).toBe('done');
  });
});

describe('the dev jobs view', () => {
  it('lists jobs by type and status, and enqueues probes that the worker runs once each', async () => {
    const c = t.client();
    const probe = await c.post('/dev/jobs/probe', { count: 3, ms: 0 });
    expect(probe.statusCode, probe.body).toBe(200);
    const before = (await c.get('/dev/jobs/list')).json<{ counts: { type: string; status: string; n: number }[] }>();
    expect(before.counts).toContainEqual({ type: 'dev.probe', status: 'queued', n: 3 });
    await t.ctx.jobs.drain();
    expect(await auditCount('dev.job_probe')).toBe(3);
    const page = await c.get('/dev/jobs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('dev.probe');
    expect(page.body).toContain(HOUSEKEEPING_PRUNE.name);
  });
});
