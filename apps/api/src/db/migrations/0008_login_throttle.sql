-- Login throttling without lockout by strangers (ADR 010): failures are counted per account and
-- client address; past a few free ones the pair is blocked for growing times (blocked_until).
-- Failures per account from all addresses block only browsers the account has never logged in
-- from: a browser that has (a known device, by its cookie) is never locked out by someone else.
ALTER TABLE rate_limits ADD COLUMN blocked_until timestamptz;

CREATE TABLE known_devices (
  token_hash text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  partner_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, user_id)
);
CREATE INDEX known_devices_user_idx ON known_devices (user_id);
