-- The application's life as one workflow (issue 24, ADR 021).

-- The system moves too (the last signature moves Signature → Final_Review): its history entries
-- name it instead of leaving the actor empty.
ALTER TABLE application_status_history DROP CONSTRAINT IF EXISTS application_status_history_changed_by_kind_check;
ALTER TABLE application_status_history ADD CONSTRAINT application_status_history_changed_by_kind_check
  CHECK (changed_by_kind IS NULL OR changed_by_kind IN ('user', 'staff', 'system'));
UPDATE application_status_history SET changed_by_kind = 'system' WHERE changed_by IS NULL AND changed_by_kind IS NULL;

-- Every write of the final pricing, whoever made it and whatever it set: nobody who wrote the
-- pricing of an application approves it (four eyes over every write, not only the last one).
CREATE TABLE application_pricing_writes (
  id bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff_users(id),
  interest_rate numeric NOT NULL,
  transaction_fee numeric NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_pricing_writes_app_idx ON application_pricing_writes (application_id, staff_id);
INSERT INTO application_pricing_writes (application_id, staff_id, interest_rate, transaction_fee, created_at)
  SELECT id, pricing_set_by, final_interest_rate, coalesce(final_transaction_fee, 0), coalesce(pricing_set_at, now())
  FROM applications WHERE pricing_set_by IS NOT NULL AND final_interest_rate IS NOT NULL;

-- The borrower accepted the final offer (Offer_Available → Offer_Accepted): when and who.
ALTER TABLE applications ADD COLUMN offer_accepted_at timestamptz;
ALTER TABLE applications ADD COLUMN offer_accepted_by uuid REFERENCES users(id);

-- What an e-sign session covered: the SHA-256 of each document it signed, by document id. A
-- signature counts for that exact version only.
ALTER TABLE ident_sessions ADD COLUMN document_hashes jsonb NOT NULL DEFAULT '{}'::jsonb;
