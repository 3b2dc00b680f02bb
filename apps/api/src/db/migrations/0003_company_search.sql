-- Company search: the demo registry's companies, and the search terms of registry companies
-- and of our companies (platform/search-text.ts makes the terms: the normalised name and its
-- rest from every later word on). A term column in the "C" collation compares bytes, so a
-- plain btree answers `term >= 'q' AND term < 'q' || U+10FFFF` (a prefix match) with a range
-- scan on PGlite and PostgreSQL alike, without extensions.

-- The demo implementation of the company registry adapter (platform/company-registry-demo.ts):
-- generated, fictional companies, filled at boot.
CREATE TABLE demo_registry_companies (
  id text PRIMARY KEY,
  name text NOT NULL,
  legal_form text,
  street text NOT NULL,
  house_number text NOT NULL,
  postcode text NOT NULL,
  city text NOT NULL,
  country text NOT NULL,
  register_court text,
  register_number text,
  foundation_date date,
  business_purpose text,
  tax_id_number text
);

-- Derived from demo_registry_companies by the seeder only (replaced as a whole): no foreign key,
-- so that replacing the data set does not run a cascade per company.
CREATE TABLE demo_registry_terms (
  company_id text NOT NULL,
  country text NOT NULL,
  term text COLLATE "C" NOT NULL,
  -- 0: the whole name; 1: from a later word on.
  kind smallint NOT NULL,
  -- The normalised name: the tie-breaker after rank and length.
  name_key text COLLATE "C" NOT NULL
);
CREATE INDEX demo_registry_terms_search_idx ON demo_registry_terms (country, term);

-- Which data set the demo registry holds (generator version and reference month).
CREATE TABLE demo_registry_state (
  id integer PRIMARY KEY CHECK (id = 1),
  dataset text NOT NULL,
  companies integer NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now()
);

-- Our companies (per partner). The terms are made in TypeScript (one normalisation for
-- everything), so the database only queues what changed: the triggers below put every inserted
-- or renamed company into company_search_pending, and modules/company-search/service.ts indexes
-- the queue when a search finds it non-empty (and at boot). No other code has to remember to reindex.
CREATE TABLE company_search_terms (
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  partner_id text NOT NULL,
  country text NOT NULL,
  term text COLLATE "C" NOT NULL,
  kind smallint NOT NULL,
  name_key text COLLATE "C" NOT NULL,
  PRIMARY KEY (company_id, term)
);
CREATE INDEX company_search_terms_search_idx ON company_search_terms (partner_id, country, term);

CREATE TABLE company_search_pending (
  company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION company_search_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_search_pending (company_id) VALUES (NEW.id) ON CONFLICT (company_id) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER companies_search_insert AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION company_search_enqueue();
CREATE TRIGGER companies_search_update AFTER UPDATE OF name, country, partner_id ON companies
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.country IS DISTINCT FROM NEW.country
        OR OLD.partner_id IS DISTINCT FROM NEW.partner_id)
  EXECUTE FUNCTION company_search_enqueue();

-- Companies that existed before this migration are indexed at the next boot.
INSERT INTO company_search_pending (company_id) SELECT id FROM companies;

-- Rate-limit counters are written on every search (and login, register, reset). They are
-- disposable: an unlogged table skips the WAL, so a hit does not wait for a disk flush
-- (company search on PostgreSQL here: about 500 → 900 requests/s). The price: after a crash
-- of the database server, and on a promoted standby, the counters start again from zero.
ALTER TABLE rate_limits SET UNLOGGED;
