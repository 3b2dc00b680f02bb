-- Company ownership (ADR 009) and company search by words in any order (ADR 006).

-- ---------------------------------------------------------------------------------------------
-- Company search: one normalised search text per company, matched word by word through a GIN
-- trigram index. The word-suffix terms, their tables and the queue that filled them go.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite has
-- to load it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

DROP TRIGGER companies_search_insert ON companies;
DROP TRIGGER companies_search_update ON companies;
DROP FUNCTION company_search_enqueue();
DROP TABLE company_search_pending;
DROP TABLE company_search_terms;
DROP TABLE demo_registry_terms;

-- The demo registry is seeded again at the next boot (seedDemoRegistry finds no data set), now
-- with its search text.
TRUNCATE demo_registry_companies;
DELETE FROM demo_registry_state;
-- platform/search-text.ts makes it: the name's normalised forms joined by ' / '. "C": byte
-- order, the tie-breaker of the ranking.
ALTER TABLE demo_registry_companies ADD COLUMN search_text text COLLATE "C" NOT NULL;
-- The expression is the one the search matches (' ' || search_text: every word, also the first,
-- starts after a space). fastupdate off: no pending list, which only VACUUM empties and PGlite
-- never autovacuums; a search would scan it whole.
CREATE INDEX demo_registry_companies_search_idx ON demo_registry_companies
  USING gin ((' ' || search_text) gin_trgm_ops) WITH (fastupdate = off);

-- Our companies: NULL until indexed. The search indexes the NULL ones when it finds any (one flag
-- in its statement; boot does it too), and a rename sets it back to NULL, so no writing code has
-- to remember the search; code that knows the name may set it right away.
ALTER TABLE companies ADD COLUMN search_text text COLLATE "C";
CREATE INDEX companies_search_pending_idx ON companies (id) WHERE search_text IS NULL;

CREATE FUNCTION companies_search_text_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := NULL;
  RETURN NEW;
END
$$;
CREATE TRIGGER companies_search_rename BEFORE UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION companies_search_text_reset();

-- ---------------------------------------------------------------------------------------------
-- Ownership: a company with an owner is that borrower's own ("company"); without one it is a
-- partner portfolio company ("global company"), register data only.
ALTER TABLE companies
  ADD COLUMN owner_user_id uuid REFERENCES users(id),
  -- An own company copied from a portfolio company: where it came from.
  ADD COLUMN global_company_id uuid REFERENCES companies(id);
-- A borrower's own companies are few: the search finds them through this index and checks their
-- text row by row. The portfolio companies are many (and the same names recur among the borrowers'
-- copies, which a search must not even read): a trigram index over the portfolio only.
CREATE INDEX companies_owner_idx ON companies (partner_id, owner_user_id);
-- (partner_id, country) leads the planner into reading every borrower's company of a country
-- whenever the table has no statistics, which on PGlite (no autovacuum, no autoanalyze) is always;
-- nothing else filters companies by country.
DROP INDEX companies_partner_country_idx;
CREATE INDEX companies_portfolio_search_idx ON companies
  USING gin ((' ' || search_text) gin_trgm_ops) WITH (fastupdate = off) WHERE owner_user_id IS NULL;

-- Until now borrowers created every company (through applications): each becomes its creator's.
UPDATE companies SET owner_user_id = created_by WHERE created_by IS NOT NULL;

-- Who uses which company: applications, their debtors and their merchants, by application owner.
CREATE TEMPORARY TABLE company_uses ON COMMIT DROP AS
  SELECT a.company_id, a.user_id, a.created_at FROM applications a
  UNION ALL
  SELECT d.company_id, a.user_id, a.created_at
  FROM factoring_debitors d JOIN applications a ON a.id = d.application_id
  UNION ALL
  SELECT f.merchant_company_id, a.user_id, a.created_at
  FROM finance_objects f JOIN applications a ON a.id = f.application_id
  WHERE f.merchant_company_id IS NOT NULL;

-- A used company without a creator belongs to the owner of its oldest application.
UPDATE companies c SET owner_user_id = oldest.user_id
FROM (SELECT DISTINCT ON (company_id) company_id, user_id FROM company_uses ORDER BY company_id, created_at, user_id) oldest
WHERE c.id = oldest.company_id AND c.owner_user_id IS NULL;

-- A company that other borrowers' applications also use (shared until now) is copied for each of
-- them, and their rows point to their copy: from here on nobody writes data another borrower sees.
CREATE TEMPORARY TABLE company_split ON COMMIT DROP AS
  SELECT s.old_id, s.user_id, gen_random_uuid() AS new_id
  FROM (SELECT DISTINCT u.company_id AS old_id, u.user_id
        FROM company_uses u JOIN companies c ON c.id = u.company_id
        WHERE c.owner_user_id <> u.user_id) s;

INSERT INTO companies (id, partner_id, name, street, house_number, postcode, city, country, company_type,
  business_purpose, tax_id_number, register_number, register_court, foundation_date, external_provider_company_id,
  external_provider_name, custom_fields, created_by, created_at, updated_at, owner_user_id)
SELECT s.new_id, c.partner_id, c.name, c.street, c.house_number, c.postcode, c.city, c.country, c.company_type,
  c.business_purpose, c.tax_id_number, c.register_number, c.register_court, c.foundation_date,
  c.external_provider_company_id, c.external_provider_name, c.custom_fields, s.user_id, c.created_at, now(), s.user_id
FROM company_split s JOIN companies c ON c.id = s.old_id;

UPDATE applications a SET company_id = s.new_id
FROM company_split s WHERE a.company_id = s.old_id AND a.user_id = s.user_id;
UPDATE factoring_debitors d SET company_id = s.new_id
FROM company_split s, applications a
WHERE a.id = d.application_id AND d.company_id = s.old_id AND a.user_id = s.user_id;
UPDATE finance_objects f SET merchant_company_id = s.new_id
FROM company_split s, applications a
WHERE a.id = f.application_id AND f.merchant_company_id = s.old_id AND a.user_id = s.user_id;
UPDATE documents d SET entity_id = s.new_id
FROM company_split s, applications a
WHERE d.entity_kind = 'company' AND a.id = d.application_id AND d.entity_id = s.old_id AND a.user_id = s.user_id;

-- What is left without an owner is portfolio data: register data only.
UPDATE companies SET tax_id_number = NULL, custom_fields = '[]'::jsonb
WHERE owner_user_id IS NULL AND (tax_id_number IS NOT NULL OR custom_fields <> '[]'::jsonb);

ALTER TABLE companies
  ADD CONSTRAINT companies_global_register_data_only
    CHECK (owner_user_id IS NOT NULL OR (tax_id_number IS NULL AND custom_fields = '[]'::jsonb)),
  ADD CONSTRAINT companies_copy_is_owned CHECK (global_company_id IS NULL OR owner_user_id IS NOT NULL);
