import { createEvent, type EventAttributes } from 'ics';
import { offsetMinutes, zonedParts } from '@finportal/contracts/zoned-time';

/**
 * The calendar invitation of an appointment e-mail (RFC 5546 iTIP over RFC 5545), written with
 * the maintained `ics` library (ADR 017): one UID for the appointment's whole life, SEQUENCE
 * counting its changes, METHOD:REQUEST for a booking or move and METHOD:CANCEL with
 * STATUS:CANCELLED for a cancellation, organiser (the advisor) and attendee (the customer), the
 * meeting link or address, and the start and end as wall-clock times of the customer's zone
 * (`DTSTART;TZID=…`) with a VTIMEZONE built from the platform's zone data (Intl), so that a
 * calendar shows the same instant on either side of a daylight-saving change.
 */
export interface InviteInput {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  timeZone: string;
  title: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** DTSTAMP: when this message was written. */
  stamp: Date;
}

/** An address a calendar accepts in a mailto: URI (the WHATWG e-mail pattern `ics` checks with). */
const CALENDAR_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `20260329T100000`: the wall-clock time of an instant in a zone (iCalendar local DATE-TIME). */
function localStamp(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** `20260329T010000` of an instant at a fixed offset (a VTIMEZONE onset is written in the offset before it). */
function stampAtOffset(instant: Date, offset: number): string {
  const d = new Date(instant.getTime() + offset * 60_000);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

const icalOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

interface Transition {
  at: Date;
  from: number;
  to: number;
}

/** The zone's offset changes between two instants (a day's scan, then to the minute by bisection). */
function transitions(timeZone: string, from: Date, to: Date): Transition[] {
  const found: Transition[] = [];
  const DAY = 86_400_000;
  let previous = offsetMinutes(from, timeZone);
  for (let t = from.getTime() + DAY; t <= to.getTime(); t += DAY) {
    const offset = offsetMinutes(new Date(t), timeZone);
    if (offset === previous) continue;
    let [lo, hi] = [t - DAY, t];
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(new Date(mid), timeZone) === previous) lo = mid;
      else hi = mid;
    }
    found.push({ at: new Date(hi), from: previous, to: offset });
    previous = offset;
  }
  return found;
}

/**
 * A VTIMEZONE for the zone, valid from the year before the meeting to the year after: one
 * observance per offset change (DAYLIGHT for the larger offset), or one STANDARD for a zone
 * without changes.
 */
export function vtimezone(timeZone: string, around: Date): string {
  const year = around.getUTCFullYear();
  const from = new Date(Date.UTC(year - 1, 0, 1));
  const changes = transitions(timeZone, from, new Date(Date.UTC(year + 1, 11, 31)));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (!changes.length) {
    const offset = icalOffset(offsetMinutes(from, timeZone));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`);
    lines.push('END:STANDARD');
  }
  for (const change of changes) {
    const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${stampAtOffset(change.at, change.from)}`,
      `TZOFFSETFROM:${icalOffset(change.from)}`,
      `TZOFFSETTO:${icalOffset(change.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.map((l) => `${l}\r\n`).join('');
}

/** A person's name as a quoted parameter value (a double quote cannot appear inside one). */
const paramName = (name: string) => name.replace(/["\r\n]/g, "'").slice(0, 200);

/** The invitation as an .ics text (CRLF lines). Throws when the library refuses the event. */
export function appointmentInvite(input: InviteInput): string {
  const attendeeEmail = CALENDAR_EMAIL.test(input.attendee.email) ? input.attendee.email : undefined;
  // `timestamp` (DTSTAMP) is read by the library but missing from its type declarations.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: '-//finportal//appointments//EN',
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    timestamp: input.stamp.getTime(),
    start: localStamp(input.start, input.timeZone),
    end: localStamp(input.end, input.timeZone),
    title: input.title,
    description: input.description,
    ...(input.location ? { location: input.location } : {}),
    ...(input.url ? { url: input.url } : {}),
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: paramName(input.organizer.name), email: input.organizer.email },
    // An attendee is a calendar address; one a calendar cannot take (non-ASCII) is left out.
    attendees: attendeeEmail
      ? [
          {
            name: paramName(input.attendee.name),
            email: attendeeEmail,
            rsvp: input.method === 'REQUEST',
            partstat: 'NEEDS-ACTION',
            role: 'REQ-PARTICIPANT',
          },
        ]
      : [],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('ics: no calendar written');
  const zoned = value
    .replace(/^DTSTART:/m, `DTSTART;TZID=${input.timeZone}:`)
    .replace(/^DTEND:/m, `DTEND;TZID=${input.timeZone}:`);
  return zoned.replace('BEGIN:VEVENT\r\n', `${vtimezone(input.timeZone, input.start)}BEGIN:VEVENT\r\n`);
}
