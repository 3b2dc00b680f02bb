import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config/env.js';
import { DEFAULT_POSTGRES_URL, assertPrerequisites, startScaleOut, type ScaleOut } from './instances.js';

/**
 * Two API processes on one PostgreSQL take every job exactly once, also when one of them is
 * killed with SIGKILL in the middle: the jobs it had claimed are taken over when their lease has
 * run out, and the work of the job it was running is rolled back with its connection.
 * The jobs are dev.probe jobs (modules/dev/jobs.ts): each waits a little and writes one audit
 * entry in its transaction, so the audit log counts the executions.
 */
const SERVER_URL = testDatabaseUrl() ?? DEFAULT_POSTGRES_URL;
const JOBS = 500;
const LEASE_SECONDS = 3;

let cluster: ScaleOut;

beforeAll(async () => {
  await assertPrerequisites(SERVER_URL);
  cluster = await startScaleOut({
    serverUrl: SERVER_URL,
    instances: 2,
    env: { JOB_LEASE_SECONDS: String(LEASE_SECONDS), JOB_POLL_MS: '100', JOB_CONCURRENCY: '4' },
  });
});

afterAll(async () => {
  await cluster?.close();
});

const count = async (text: string, params: unknown[] = []) =>
  Number((await cluster.sql<{ n: number }>(text, params))[0]!.n);
const executions = () => count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'dev.job_probe'`);

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it(`${JOBS} jobs run exactly once on two instances, also when one is killed with SIGKILL mid-way`, async () => {
  const [first, second] = cluster.instances;
  await cluster.sql(
    `INSERT INTO jobs (type, payload, max_attempts) SELECT 'dev.probe', '{"ms": 50}'::jsonb, 5 FROM generate_series(1, ${JOBS})`,
  );
  // Both instances are at work; then the first dies while it holds jobs.
  await waitFor(
    'both instances to run jobs',
    async () => {
      const pids = await cluster.sql<{ pid: string }>(
        `SELECT DISTINCT data->>'pid' AS pid FROM audit_log WHERE action = 'dev.job_probe'`,
      );
      return pids.length === 2 && (await executions()) >= 100;
    },
    60_000,
  );
  // Kill it the moment it holds claimed jobs (between two rounds it may briefly hold none).
  let heldByFirst = 0;
  await waitFor(
    'the first instance to hold jobs',
    async () => {
      heldByFirst = await count(`SELECT count(*)::int AS n FROM jobs WHERE status = 'running' AND locked_by LIKE $1`, [
        `%:${first!.pid}:%`,
      ]);
      return heldByFirst > 0;
    },
    30_000,
  );
  await first!.kill();
  expect(first!.exited).toBe(true);

  try {
    await waitFor(
      'every job to finish',
      async () =>
        (await count(`SELECT count(*)::int AS n FROM jobs WHERE type = 'dev.probe' AND status = 'done'`)) === JOBS,
      90_000,
    );
  } catch (err) {
    const states = await cluster.sql(`SELECT type, status, attempts, count(*)::int AS n FROM jobs GROUP BY 1, 2, 3`);
    throw new Error(`${(err as Error).message}: ${JSON.stringify(states)}\n${second!.output().slice(-3000)}`, {
      cause: err,
    });
  }

  // Exactly once: one audit entry per job, none twice, none missing.
  const perJob = await cluster.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'dev.job_probe' GROUP BY entity_id`,
  );
  expect(perJob).toHaveLength(JOBS);
  expect(perJob.filter((r) => Number(r.n) !== 1)).toEqual([]);
  expect(await executions()).toBe(JOBS);
  expect(await count(`SELECT count(*)::int AS n FROM jobs WHERE type = 'dev.probe' AND status <> 'done'`)).toBe(0);
  // The killed instance held jobs; they were taken over (a second attempt) by the survivor.
  expect(heldByFirst).toBeGreaterThan(0);
  const takenOver = await count(`SELECT count(*)::int AS n FROM jobs WHERE type = 'dev.probe' AND attempts > 1`);
  expect(takenOver).toBeGreaterThan(0);
  expect(
    await count(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'dev.job_probe' AND data->>'pid' = $1`, [
      String(second!.pid),
    ]),
  ).toBeGreaterThan(0);
}, 180_000);
