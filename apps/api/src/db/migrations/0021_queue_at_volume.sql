-- Issue 28 (ADR 041): the back-office queue at a million applications.
--
-- Every sort of the queue reads an index in its own order and stops after one page: the company's
-- name is kept on the application (two triggers keep it), so that no sort or search joins a
-- company per row; the amount sort reads an expression index of the amount the queue shows (a
-- missing amount as -1: first going up, last going down, never null for keyset paging).

ALTER TABLE applications ADD COLUMN company_name text NOT NULL DEFAULT '';

UPDATE applications a SET company_name = c.name FROM companies c WHERE c.id = a.company_id;

-- An application takes its company's name when it is written (whoever writes it).
CREATE FUNCTION applications_company_name() RETURNS trigger AS $$
BEGIN
  SELECT c.name INTO NEW.company_name FROM companies c WHERE c.id = NEW.company_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER applications_company_name BEFORE INSERT OR UPDATE OF company_id ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_company_name();

-- A company renamed renames its applications in the queue.
CREATE FUNCTION companies_name_to_applications() RETURNS trigger AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE applications SET company_name = NEW.name WHERE company_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER companies_name_to_applications AFTER UPDATE OF name ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_name_to_applications();

-- One index per sort order, over all partners (staff of the platform) and per partner (a
-- partner's staff), the id as the tie-breaker in the same direction (a backward scan serves the
-- descending sort).
CREATE INDEX applications_queue_status_since ON applications (status_changed_at, id);
CREATE INDEX applications_queue_created ON applications (created_at, id);
CREATE INDEX applications_queue_amount ON applications ((COALESCE(amount::numeric, factoring_limit, -1)), id);
CREATE INDEX applications_queue_company ON applications (company_name, id);
CREATE INDEX applications_queue_p_status_since ON applications (partner_id, status_changed_at, id);
CREATE INDEX applications_queue_p_created ON applications (partner_id, created_at, id);
CREATE INDEX applications_queue_p_amount ON applications (partner_id, (COALESCE(amount::numeric, factoring_limit, -1)), id);
CREATE INDEX applications_queue_p_company ON applications (partner_id, company_name, id);
CREATE INDEX applications_queue_status ON applications (status, status_changed_at, id);

-- The search: a fragment of the company's name or of the short id (trigrams).
CREATE INDEX applications_queue_company_trgm ON applications USING gin (company_name gin_trgm_ops);
CREATE INDEX applications_queue_short_id_trgm ON applications USING gin (short_id gin_trgm_ops);
