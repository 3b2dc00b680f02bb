-- Invitations, identification and signatures (issue 14, ADR 020).

-- Step 4 and completion per representative; the first invitation and the newest reminder.
ALTER TABLE signatories ADD COLUMN sepa_mandate_accepted_at timestamptz;
ALTER TABLE signatories ADD COLUMN legal_signature_accepted_at timestamptz;
ALTER TABLE signatories ADD COLUMN signature_completed_at timestamptz;
ALTER TABLE signatories ADD COLUMN first_invited_at timestamptz;
ALTER TABLE signatories ADD COLUMN last_reminder_at timestamptz;

-- A signing invitation: the SHA-256 of the token (the token itself is only in the e-mail), bound
-- to the person, the application and the partner. A new invitation supersedes the open one.
CREATE TABLE signature_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  signatory_id uuid NOT NULL REFERENCES signatories(id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  email text NOT NULL,
  -- Who asked for it: the job (null), a staff member or the applicant.
  created_by_kind text NOT NULL DEFAULT 'system' CHECK (created_by_kind IN ('system', 'staff', 'user')),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by uuid,
  superseded_at timestamptz
);
CREATE INDEX signature_invitations_signatory ON signature_invitations (signatory_id, created_at DESC);

-- An identification or e-sign session with a provider. `ref` is the provider's session reference
-- (the demo provider's page is /demo-provider/sessions/{ref}).
CREATE TABLE ident_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ref text NOT NULL UNIQUE,
  signatory_id uuid NOT NULL REFERENCES signatories(id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  user_id uuid,
  provider text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ident', 'esign')),
  status text NOT NULL DEFAULT 'not_started'
    CHECK (status IN ('not_started', 'in_progress', 'completed', 'under_review', 'canceled', 'failed', 'expired')),
  -- The documents the session signs (esign): their ids.
  document_ids jsonb NOT NULL DEFAULT '[]',
  -- The IP the person started from (the signing record's).
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX ident_sessions_signatory ON ident_sessions (signatory_id, created_at DESC);

-- Every provider callback taken, by its event id: a replayed one is refused.
CREATE TABLE ident_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  session_id uuid NOT NULL REFERENCES ident_sessions(id) ON DELETE CASCADE,
  status text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Every signed document: who, when, from where, through what, the hash before and after.
CREATE TABLE signing_records (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  signatory_id uuid NOT NULL REFERENCES signatories(id) ON DELETE CASCADE,
  user_id uuid,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  signed_document_id uuid REFERENCES documents(id) ON DELETE SET NULL,
  provider text NOT NULL,
  method text NOT NULL CHECK (method IN ('online', 'offline')),
  ident_session_id uuid REFERENCES ident_sessions(id) ON DELETE SET NULL,
  ip text,
  sha256_before text NOT NULL,
  sha256_after text,
  signed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signing_records_application ON signing_records (application_id, signed_at);
-- One offline link per person and unsigned document.
CREATE UNIQUE INDEX signing_records_once ON signing_records (signatory_id, document_id, method);
