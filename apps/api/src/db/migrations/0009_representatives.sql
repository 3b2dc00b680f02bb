-- Representatives (issue 10, ADR 014): the credit-report provider's score of a person, kept with
-- the representative (shown on the card, never required): {"provider": "...", "score": n}.
ALTER TABLE signatories ADD COLUMN credit_score jsonb;
