-- Webhooks per partner (issue 13, ADR 019): one endpoint (URL and secret, set in the partner
-- console), and every event delivered to it with its attempts and answers.

CREATE TABLE webhook_endpoints (
  partner_id text PRIMARY KEY REFERENCES partners(id),
  url text NOT NULL,
  -- Standard Webhooks secret, whsec_<base64>.
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- Since when deliveries fail without a success in between; after 5 days the endpoint is disabled.
  failing_since timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  -- The message id (webhook-id): the same for every attempt of one event.
  id text PRIMARY KEY,
  partner_id text NOT NULL REFERENCES partners(id),
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Every attempt: when, the HTTP status (or the error), the start of the answer, how long it took.
  attempt_log jsonb NOT NULL DEFAULT '[]',
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_partner ON webhook_deliveries (partner_id, created_at DESC);
