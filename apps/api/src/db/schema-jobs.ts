import { bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type JobStatus = 'queued' | 'running' | 'done' | 'dead';

/** Mirrors migrations/0007_jobs.sql. */
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull().default({}),
  status: text('status').$type<JobStatus>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(10),
  runAt: ts('run_at').notNull().defaultNow(),
  lockedBy: text('locked_by'),
  lockedUntil: ts('locked_until'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  intervalSeconds: integer('interval_seconds').notNull(),
  nextRunAt: ts('next_run_at').notNull().defaultNow(),
});
