-- Factoring details and debtors (issue 12, ADR 018). The details stay where migration 0005 put
-- them (applications.factoring_details, keyed by field name, besides the wizard's columns
-- has_international_customers, annual_sales_previous_year and annual_sales_previous_year_abroad).
-- A debtor's insurance cover becomes columns: the cover job updates them conditionally (only the
-- request it answers, only while Pending), and the status has a closed list.

ALTER TABLE factoring_debitors
  ADD COLUMN created_by uuid REFERENCES users(id),
  ADD COLUMN cover_status text,
  ADD COLUMN cover_amount numeric,
  ADD COLUMN cover_currency text,
  -- What was asked for (the debtor's annual sales at the time) and the request this row waits on.
  ADD COLUMN cover_requested_amount numeric,
  ADD COLUMN cover_request_id uuid,
  -- The insurer's reference of the request, once the job has placed it.
  ADD COLUMN cover_reference text,
  ADD COLUMN cover_requested_at timestamptz,
  ADD COLUMN cover_decided_at timestamptz,
  ADD COLUMN provider_data jsonb,
  ADD CONSTRAINT factoring_debitors_cover_status_check CHECK (cover_status IS NULL OR cover_status IN
    ('CheckPolicy', 'Closed', 'Cover', 'Error', 'Inactive', 'NoCover', 'Partial', 'Pending', 'Rejected'));

-- The former free-form cover (nothing wrote it but tests): its status, where it was a known one.
UPDATE factoring_debitors
SET cover_status = insurance_cover->>'cover_status',
    cover_amount = CASE WHEN jsonb_typeof(insurance_cover->'cover_amount') = 'number'
                        THEN (insurance_cover->>'cover_amount')::numeric END,
    cover_currency = insurance_cover->>'cover_currency'
WHERE insurance_cover->>'cover_status' IN
  ('CheckPolicy', 'Closed', 'Cover', 'Error', 'Inactive', 'NoCover', 'Partial', 'Pending', 'Rejected');
ALTER TABLE factoring_debitors DROP COLUMN insurance_cover;

-- A company is a debtor of an application once. Until now only the dev fixtures wrote debtors (a
-- new company each); should a pair be there twice, the older row stays.
DELETE FROM factoring_debitors d
USING factoring_debitors older
WHERE d.application_id = older.application_id AND d.company_id = older.company_id
  AND (older.created_at, older.id) < (d.created_at, d.id);
CREATE UNIQUE INDEX factoring_debitors_company_idx ON factoring_debitors (application_id, company_id);
CREATE INDEX factoring_debitors_cover_request_idx ON factoring_debitors (cover_request_id)
  WHERE cover_request_id IS NOT NULL;
