-- Back office (issue 13, ADR 019): staff accounts with a one-time-code secret and their own
-- sessions, the case's assignee, final pricing and the time it entered its status, who moved a
-- status, and the audit trail chained by hash.

CREATE TABLE staff_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bouser', 'puser')),
  partner_id text REFERENCES partners(id),
  role text CHECK (role IN ('role_partner_admin', 'role_partner_user')),
  -- Base32 secret of the authenticator app (RFC 6238), and the last 30-second step used: a code
  -- is accepted once.
  totp_secret text NOT NULL,
  totp_last_step bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT staff_users_scope_check CHECK (
    (kind = 'bouser' AND partner_id IS NULL AND role IS NULL)
    OR (kind = 'puser' AND partner_id IS NOT NULL AND role IS NOT NULL))
);

CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  staff_id uuid NOT NULL REFERENCES staff_users(id),
  -- The partner of the host it was opened on: it is valid there only.
  partner_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

ALTER TABLE applications
  ADD COLUMN assignee_id uuid REFERENCES staff_users(id),
  ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN final_interest_rate numeric,
  ADD COLUMN final_transaction_fee numeric,
  ADD COLUMN final_monthly_payment numeric,
  ADD COLUMN pricing_set_by uuid REFERENCES staff_users(id),
  ADD COLUMN pricing_set_at timestamptz;

UPDATE applications a SET status_changed_at = coalesce(
  (SELECT max(h.created_at) FROM application_status_history h WHERE h.application_id = a.id), a.created_at);

-- Whoever changes the status (borrower, back office, a job), the time it entered it follows.
CREATE FUNCTION applications_status_changed_at() RETURNS trigger AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER applications_status_changed_at BEFORE UPDATE OF status ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_status_changed_at();

CREATE INDEX applications_queue ON applications (partner_id, status, status_changed_at);
CREATE INDEX applications_assignee ON applications (assignee_id) WHERE assignee_id IS NOT NULL;

-- changed_by of the history: a borrower (users) or a staff member (staff_users), so it references
-- neither table any more; changed_by_kind says which.
ALTER TABLE application_status_history DROP CONSTRAINT IF EXISTS application_status_history_changed_by_fkey;
ALTER TABLE application_status_history ADD COLUMN changed_by_kind text
  CHECK (changed_by_kind IS NULL OR changed_by_kind IN ('user', 'staff'));
UPDATE application_status_history SET changed_by_kind = 'user' WHERE changed_by IS NOT NULL;

-- The audit trail: who (kind and id), about which application, before and after (masked), and a
-- hash chain: seq numbers the entries without gaps, hash covers the entry and the previous hash.
ALTER TABLE audit_log
  ADD COLUMN actor_kind text CHECK (actor_kind IS NULL OR actor_kind IN ('user', 'staff', 'system')),
  ADD COLUMN application_id uuid,
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb,
  ADD COLUMN seq bigint UNIQUE,
  ADD COLUMN prev_hash text,
  ADD COLUMN hash text;
UPDATE audit_log SET actor_kind = CASE WHEN user_id IS NULL THEN 'system' ELSE 'user' END;
CREATE INDEX audit_log_application ON audit_log (application_id, id) WHERE application_id IS NOT NULL;
CREATE INDEX audit_log_unsealed ON audit_log (id) WHERE seq IS NULL;

-- The chain's last entry, so that removing the newest entries is detected too.
CREATE TABLE audit_chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash text NOT NULL
);
