-- The partner console (issue 13, ADR 019): a draft per partner, every published version kept,
-- and where the live configuration came from. partners/*.json seed a new installation; once a
-- partner's configuration was published in the console, its file no longer overwrites it.

ALTER TABLE partners ADD COLUMN source text NOT NULL DEFAULT 'file' CHECK (source IN ('file', 'console'));

CREATE TABLE partner_drafts (
  partner_id text PRIMARY KEY REFERENCES partners(id),
  config jsonb NOT NULL,
  updated_by uuid REFERENCES staff_users(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_versions (
  partner_id text NOT NULL REFERENCES partners(id),
  version integer NOT NULL,
  config jsonb NOT NULL,
  published_by uuid REFERENCES staff_users(id),
  published_at timestamptz NOT NULL DEFAULT now(),
  restored_from integer,
  PRIMARY KEY (partner_id, version)
);
