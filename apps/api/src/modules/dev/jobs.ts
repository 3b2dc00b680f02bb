import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  devHtmlPageResponse,
  devJobsListResponse,
  devJobsProbeRequest,
  devJobsProbeResponse,
  devProbePayload,
} from '@finportal/contracts/dev';
import { rowsOf } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { jobHandler, jobType } from '../../platform/jobs/queue.js';

/**
 * A job that only proves it ran: it waits `ms` and writes one audit entry (`dev.job_probe`, the
 * job id as entity id) in its transaction. The two-instance test counts those entries: each job
 * must leave exactly one, also when a worker is killed mid-job. Registered with the dev routes only.
 */
export const DEV_PROBE = jobType('dev.probe', devProbePayload, { maxAttempts: 5 });

export function devProbeHandler() {
  return jobHandler({
    type: DEV_PROBE,
    transactional: true,
    async run({ ms }, db, job) {
      if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
      await audit(db, {
        action: 'dev.job_probe',
        entity: 'job',
        entityId: String(job.id),
        data: { pid: process.pid, attempt: job.attempts },
      });
    },
  });
}

interface JobRow {
  id: number;
  type: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : '');

/** The dev tools' jobs view: counts per type and status, the latest jobs, and a way to run probes. */
export function devJobsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['dev'];
    const access = { auth: 'dev' } as const;
    const load = async () => {
      const counts = rowsOf<{ type: string; status: string; n: number }>(
        await ctx.db.execute(
          sql`SELECT type, status, count(*)::int AS n FROM jobs GROUP BY type, status ORDER BY type, status`,
        ),
      );
      const latest = rowsOf<JobRow>(
        await ctx.db.execute(sql`
          SELECT id, type, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error, created_at, finished_at
          FROM jobs ORDER BY id DESC LIMIT 100`),
      );
      const schedules = rowsOf<{ name: string; interval_seconds: number; next_run_at: Date }>(
        await ctx.db.execute(sql`SELECT name, interval_seconds, next_run_at FROM job_schedules ORDER BY name`),
      );
      return { counts, latest, schedules };
    };

    app.get(
      '/dev/jobs/list',
      {
        config: { access },
        schema: {
          tags,
          summary: 'List the job queue: counts per type and status, the schedules and the latest 100 jobs.',
          response: { 200: devJobsListResponse },
        },
      },
      async () => {
        const { counts, latest, schedules } = await load();
        return {
          counts,
          schedules: schedules.map((s) => ({ ...s, next_run_at: iso(s.next_run_at) })),
          jobs: latest.map((j) => ({
            ...j,
            id: Number(j.id),
            run_at: iso(j.run_at),
            locked_until: iso(j.locked_until) || null,
            created_at: iso(j.created_at),
            finished_at: iso(j.finished_at) || null,
          })),
        };
      },
    );

    app.post(
      '/dev/jobs/probe',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Enqueue probe jobs that each wait a given time and write one audit entry.',
          body: devJobsProbeRequest,
          response: { 200: devJobsProbeResponse },
        },
      },
      async (request) => {
        // One statement (the queue's enqueue() writes one row per call).
        await ctx.db.execute(sql`
          INSERT INTO jobs (type, payload, max_attempts)
          SELECT ${DEV_PROBE.name}, ${JSON.stringify(DEV_PROBE.payload.parse({ ms: request.body.ms }))}::jsonb,
                 ${DEV_PROBE.maxAttempts}
          FROM generate_series(1, ${request.body.count})`);
        return { ok: true as const, enqueued: request.body.count };
      },
    );

    app.get(
      '/dev/jobs',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Show the job queue (counts, schedules, latest jobs) as an HTML page.',
          response: { 200: devHtmlPageResponse },
        },
      },
      async (_request, reply) => {
        const { counts, latest, schedules } = await load();
        const countRows = counts
          .map((c) => `<tr><td>${esc(c.type)}</td><td>${esc(c.status)}</td><td>${c.n}</td></tr>`)
          .join('');
        const scheduleRows = schedules
          .map((s) => `<tr><td>${esc(s.name)}</td><td>${s.interval_seconds} s</td><td>${iso(s.next_run_at)}</td></tr>`)
          .join('');
        const jobRows = latest
          .map(
            (j) =>
              `<tr><td>${j.id}</td><td>${esc(j.type)}</td><td>${esc(j.status)}</td><td>${j.attempts}/${j.max_attempts}</td><td>${iso(j.run_at)}</td><td>${esc(j.locked_by ?? '')}</td><td>${esc(j.last_error ?? '')}</td></tr>`,
          )
          .join('\n');
        reply.type('text/html; charset=utf-8');
        return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev jobs - finportal</title>
<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}table{border-collapse:collapse;width:100%;margin-bottom:2rem;font-size:.9rem}th,td{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}th{background:#f5f5f5}.wrap{overflow-x:auto}</style></head>
<body><main><h1>Background jobs</h1><p>The job queue of this database (ADR 010). Disabled when NODE_ENV=production. JSON: <a href="${ctx.config.API_BASE_PATH}/dev/jobs/list">jobs/list</a>.</p>
<h2>By type and status</h2><div class="wrap"><table><thead><tr><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Jobs</th></tr></thead><tbody>${countRows || '<tr><td colspan="3">No jobs yet.</td></tr>'}</tbody></table></div>
<h2>Schedules</h2><div class="wrap"><table><thead><tr><th scope="col">Job</th><th scope="col">Every</th><th scope="col">Next run</th></tr></thead><tbody>${scheduleRows || '<tr><td colspan="3">None yet.</td></tr>'}</tbody></table></div>
<h2>Latest 100</h2><div class="wrap"><table><thead><tr><th scope="col">Id</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Run at</th><th scope="col">Held by</th><th scope="col">Last error</th></tr></thead><tbody>${jobRows}</tbody></table></div></main></body></html>`;
      },
    );
  };
}
