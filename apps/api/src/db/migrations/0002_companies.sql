-- Our companies: created by applications (wizard), found again by company search.
CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id text NOT NULL REFERENCES partners(id),
  name text NOT NULL,
  street text,
  house_number text,
  postcode text,
  city text,
  country text NOT NULL,
  company_type text,
  business_purpose text,
  tax_id_number text,
  register_number text,
  register_court text,
  foundation_date date,
  external_provider_company_id text,
  external_provider_name text,
  custom_fields jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companies_partner_country_idx ON companies (partner_id, country);
CREATE INDEX companies_external_idx ON companies (partner_id, external_provider_name, external_provider_company_id);
