-- One job queue for all background work (ADR 010): mail delivery, password-reset mails,
-- housekeeping, and the later issues' virus scans, webhooks and reminders. Any instance takes any
-- job: a worker claims due rows with FOR UPDATE SKIP LOCKED and holds them for a lease; a job
-- whose worker died is taken over when its lease has run out.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- queued: waits for run_at; running: claimed until locked_until; done; dead: out of attempts.
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE status IN ('done', 'dead');

-- Scheduled jobs: the instance that moves next_run_at forward enqueues the run, so a schedule
-- fires once per interval however many instances there are.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  interval_seconds integer NOT NULL CHECK (interval_seconds > 0),
  next_run_at timestamptz NOT NULL DEFAULT now()
);

-- Mail waiting for SMTP under the old outbox worker becomes a delivery job.
INSERT INTO jobs (type, payload, max_attempts, run_at)
SELECT 'mail.send', jsonb_build_object('mailId', id), 50, next_attempt_at FROM mail_outbox WHERE status = 'pending';
