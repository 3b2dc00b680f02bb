-- Issue 25 (ADR 032): staff get what borrowers have (0008): a browser a staff member has logged
-- in from (its hashed cookie token) is exempt from the per-account block that strangers' failed
-- logins from changing addresses cause; only its own address's failures slow it down.
CREATE TABLE staff_known_devices (
  token_hash text NOT NULL,
  staff_id uuid NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (token_hash, staff_id)
);
CREATE INDEX staff_known_devices_staff_idx ON staff_known_devices (staff_id);

-- Upload quotas (issue 25, ADR 033): a borrower's files across all applications are counted at
-- every announced upload.
CREATE INDEX documents_created_by_idx ON documents (created_by) WHERE deleted_at IS NULL;
