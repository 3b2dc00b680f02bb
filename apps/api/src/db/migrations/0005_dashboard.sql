-- Dashboard (issue 4): bank data on the application, and the tables that pending items read.
-- Representatives, documents, finance objects, factoring debtors and appointments get their
-- screens and calls in later issues; their tables exist now so that next_status_validate reads
-- the real state of an application.
ALTER TABLE applications
  ADD COLUMN bank_name text,
  ADD COLUMN iban text,
  -- Factoring details of spec 2 section 3 (financial, invoice, risk protection), keyed by field name.
  ADD COLUMN factoring_details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN submitted_at timestamptz;

CREATE TABLE signatories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  -- The account of an invited representative once the invitation is accepted.
  user_id uuid REFERENCES users(id),
  first_name text,
  last_name text,
  email text,
  telephone text,
  position text,
  nationality text,
  birthdate date,
  taxid text,
  street text,
  street_number text,
  postcode text,
  location text,
  country text,
  is_beneficial_owner boolean,
  -- A decimal (0.25 is 25 %).
  percentage_owned numeric,
  is_legal_signatory boolean,
  is_contract_signatory boolean,
  is_sole_signatory boolean,
  is_main_contact boolean NOT NULL DEFAULT false,
  invite_status text NOT NULL DEFAULT 'not_invited'
    CHECK (invite_status IN ('not_invited', 'not_accepted', 'expired', 'accepted')),
  -- kyc_status steps: { tax_id_specified: { is_required, is_completed }, ident_completed: ..., ... }
  kyc_status jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Signature requirements (provider, status, urls...); null: the signatory has none.
  requirements jsonb,
  custom_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signatories_application_idx ON signatories (application_id);
CREATE INDEX signatories_user_idx ON signatories (user_id, application_id) WHERE user_id IS NOT NULL;

CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  entity_kind text NOT NULL DEFAULT 'application'
    CHECK (entity_kind IN ('application', 'company', 'global_company', 'loan')),
  entity_id uuid,
  document_type text NOT NULL,
  document_name text NOT NULL,
  as_of_date date,
  storage_key text,
  content_type text,
  size_bytes bigint,
  upload_status text NOT NULL DEFAULT 'pending' CHECK (upload_status IN ('pending', 'success', 'failed')),
  virus_scan_status text NOT NULL DEFAULT 'not_scanned'
    CHECK (virus_scan_status IN ('not_scanned', 'scanning', 'not_infected', 'infected', 'scan_failed')),
  is_client_visible boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX documents_application_idx ON documents (application_id, document_type) WHERE deleted_at IS NULL;

CREATE TABLE finance_objects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  manufacturer text,
  type text,
  built_at integer,
  detail_desc text,
  net_purchase_price numeric,
  down_payment numeric,
  remaining_value numeric,
  object_count integer,
  financing_type text,
  rental_state text,
  is_fixed_interest boolean,
  expected_delivery_date date,
  merchant_name text,
  merchant_street text,
  merchant_house_num text,
  merchant_city text,
  merchant_postcode text,
  merchant_country text,
  merchant_company_id uuid REFERENCES companies(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX finance_objects_application_idx ON finance_objects (application_id);

CREATE TABLE factoring_debitors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  annual_sales_previous_year numeric NOT NULL,
  currency text NOT NULL,
  insurance_cover jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX factoring_debitors_application_idx ON factoring_debitors (application_id);

CREATE TABLE appointments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  user_id uuid NOT NULL REFERENCES users(id),
  meeting_type text NOT NULL,
  meeting_time timestamptz NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  company_name text NOT NULL,
  contact_email text NOT NULL,
  contact_phone text NOT NULL,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appointments_application_idx ON appointments (application_id);
