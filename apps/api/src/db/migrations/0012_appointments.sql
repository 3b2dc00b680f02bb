-- Appointments (issue 12, ADR 017): booking, moving and cancelling an advisor appointment, the
-- reminder the day before, and the e-mails' calendar invitations.
--
-- btree_gist lets one exclusion constraint refuse two booked appointments of one advisor whose
-- times overlap (equality on the advisor, overlap of the time ranges), so that two concurrent
-- bookings of one slot cannot both succeed. btree_gist is a trusted extension (PostgreSQL 13+: the
-- database owner may create it); db/client.ts creates every PGlite with it.
CREATE EXTENSION IF NOT EXISTS btree_gist;

ALTER TABLE appointments
  ADD COLUMN status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
  -- Who is booked: the advisor's e-mail in lower case, else `partner:<key>`. A row without an
  -- advisor (the dev fixtures, rows from before this migration) gets a key of its own: it blocks nobody.
  ADD COLUMN advisor_key text NOT NULL DEFAULT ('unassigned:' || gen_random_uuid()::text),
  ADD COLUMN meeting_end timestamptz,
  -- The customer's IANA zone: answers and e-mails show the time there, with that zone's offset.
  ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Berlin',
  -- The customer's language for the e-mails (the account's communication language at booking).
  ADD COLUMN language text NOT NULL DEFAULT 'de',
  -- iCalendar: one UID for the life of the appointment, SEQUENCE counts its changes.
  ADD COLUMN ical_uid text NOT NULL DEFAULT (gen_random_uuid()::text || '@finportal'),
  ADD COLUMN ical_sequence integer NOT NULL DEFAULT 0,
  ADD COLUMN reminded_at timestamptz,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

UPDATE appointments SET meeting_end = meeting_time + interval '30 minutes';
ALTER TABLE appointments ALTER COLUMN meeting_end SET NOT NULL;
ALTER TABLE appointments ADD CONSTRAINT appointments_end_after_start CHECK (meeting_end > meeting_time);

-- One booked appointment per application: of older duplicates (dev fixtures) the newest stays.
UPDATE appointments a SET status = 'cancelled', cancelled_at = now()
WHERE EXISTS (
  SELECT 1 FROM appointments b
  WHERE b.application_id = a.application_id AND (b.created_at, b.id) > (a.created_at, a.id)
);
CREATE UNIQUE INDEX appointments_one_booked_idx ON appointments (application_id) WHERE status = 'booked';

-- One advisor, one appointment at a time: a second booking of an overlapping time fails (23P01).
ALTER TABLE appointments ADD CONSTRAINT appointments_advisor_no_overlap
  EXCLUDE USING gist (advisor_key WITH =, tstzrange(meeting_time, meeting_end) WITH &&)
  WHERE (status = 'booked');

CREATE UNIQUE INDEX appointments_ical_uid_idx ON appointments (ical_uid);
-- The reminder job's scan: booked appointments not yet reminded, by start.
CREATE INDEX appointments_reminder_idx ON appointments (meeting_time) WHERE status = 'booked' AND reminded_at IS NULL;

-- The cancel and move links of the e-mails: single-use, hashed, expiring when the meeting begins.
CREATE TABLE appointment_tokens (
  token_hash text PRIMARY KEY,
  appointment_id uuid NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  partner_id text NOT NULL REFERENCES partners(id),
  action text NOT NULL CHECK (action IN ('cancel', 'move')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appointment_tokens_appointment_idx ON appointment_tokens (appointment_id);

-- Files sent with a message (the calendar invitation): [{filename, content_type, content}], text content.
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb;
