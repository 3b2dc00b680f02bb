-- Documents (issue 11, ADR 015): the annual statements' base year the customer chose on the
-- Documents tab; null: the year the partner's configuration names.
ALTER TABLE applications ADD COLUMN annual_statement_base_year integer;
