-- Applications created by the wizard (POST /user/applications) and their status history.
CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- 8 characters of RFC 4648 base32 (A-Z, 2-7), shown to the borrower as the offer id.
  short_id text NOT NULL UNIQUE CHECK (short_id ~ '^[A-Z2-7]{8}$'),
  partner_id text NOT NULL REFERENCES partners(id),
  user_id uuid NOT NULL REFERENCES users(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  status text NOT NULL,
  loan_type text NOT NULL,
  product_type text NOT NULL,
  amount integer,
  -- Always months; display_duration_unit only says how the wizard showed it.
  duration_months integer,
  display_duration_unit text NOT NULL DEFAULT 'months' CHECK (display_duration_unit IN ('months', 'years')),
  currency text NOT NULL,
  purpose_select text,
  purpose_description text,
  purpose_key text,
  factoring_limit numeric,
  has_international_customers boolean,
  annual_sales_previous_year numeric,
  annual_sales_previous_year_abroad numeric,
  -- The indicative loan offer (contracts/offers.ts Pricing), also kept when the partner does not show it.
  pricing jsonb,
  factoring_fee_rate numeric,
  annual_factoring_fee numeric,
  rejection_reason text,
  is_dynamic_form boolean NOT NULL DEFAULT false,
  referrer text,
  referral_data jsonb,
  -- Custom fields of scope application: [{ field_id, field_value }].
  custom_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_user_idx ON applications (partner_id, user_id, created_at DESC);
CREATE INDEX applications_company_idx ON applications (company_id);

CREATE TABLE application_status_history (
  id bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  changed_by uuid REFERENCES users(id),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_status_history_app_idx ON application_status_history (application_id, created_at);
