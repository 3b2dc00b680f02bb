-- Documents (issue 11): the upload protocol. POST announces a file (its size is pinned, its
-- SHA-256 may be given); the single-use, expiring upload URL's token is kept hashed until the PUT
-- uses it; the PUT records what arrived (bytes, checksum, time). Download URLs are short-lived
-- tokens of their own, kept hashed.
ALTER TABLE documents ADD COLUMN announced_size bigint;
ALTER TABLE documents ADD COLUMN sha256 text;
ALTER TABLE documents ADD COLUMN upload_token_hash text;
ALTER TABLE documents ADD COLUMN upload_expires_at timestamptz;
ALTER TABLE documents ADD COLUMN uploaded_at timestamptz;
CREATE INDEX documents_checksum_idx ON documents (application_id, sha256) WHERE deleted_at IS NULL;
CREATE INDEX documents_stale_uploads_idx ON documents (created_at) WHERE upload_status = 'pending';

CREATE TABLE document_downloads (
  token_hash text PRIMARY KEY,
  document_id uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX document_downloads_expiry_idx ON document_downloads (expires_at);
