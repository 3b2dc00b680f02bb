-- Platform: partners, accounts, sessions, one-time tokens, rate limits, mail outbox, audit log.
CREATE TABLE partners (
  id text PRIMARY KEY,
  config jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id text NOT NULL REFERENCES partners(id),
  email text NOT NULL,
  password_hash text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'invited', 'disabled', 'locked', 'deleted')),
  user_kind text NOT NULL DEFAULT 'user' CHECK (user_kind IN ('user', 'puser', 'bouser')),
  email_confirmed_at timestamptz,
  interface_language text NOT NULL DEFAULT 'de',
  communication_language text NOT NULL DEFAULT 'de',
  region text,
  marketing_consent boolean NOT NULL DEFAULT false,
  accepted_terms_at timestamptz,
  accepted_partner_terms_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_partner_email_unique UNIQUE (partner_id, email)
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  ended_reason text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE ended_at IS NULL;

CREATE TABLE user_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('confirm_email', 'reset_password', 'invite')),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_tokens_user_idx ON user_tokens (user_id, kind);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id text NOT NULL REFERENCES partners(id),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  template text NOT NULL,
  language text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'stored', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_to_idx ON mail_outbox (to_address, created_at DESC);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  partner_id text,
  user_id uuid,
  action text NOT NULL,
  entity text,
  entity_id text,
  data jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);
