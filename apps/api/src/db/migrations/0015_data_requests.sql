-- Requests of the back office to the borrower (issue 13, ADR 019): a document or a piece of
-- information, with a message. A rejected document opens a document request of its type.

CREATE TABLE data_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('document', 'information')),
  document_type text,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'fulfilled', 'cancelled')),
  -- The document whose rejection opened the request.
  rejected_document_id uuid REFERENCES documents(id),
  created_by uuid NOT NULL REFERENCES staff_users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The borrower's answer (information) or the document that fulfilled it.
  answer text,
  fulfilled_document_id uuid REFERENCES documents(id),
  closed_at timestamptz,
  CONSTRAINT data_requests_kind_check2 CHECK ((kind = 'document') = (document_type IS NOT NULL))
);
CREATE INDEX data_requests_application ON data_requests (application_id, status);

ALTER TABLE documents
  ADD COLUMN rejected_at timestamptz,
  ADD COLUMN rejection_reason text,
  ADD COLUMN rejected_by uuid REFERENCES staff_users(id);
