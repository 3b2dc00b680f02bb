import { describe, expect, it } from 'vitest';
import { parseInvite } from '../../test/appointments.js';
import { appointmentInvite, type InviteInput } from './ics.js';

/** The calendar invitation (ADR 017), read back with ical.js: the instants survive any zone's rules. */
const base: InviteInput = {
  method: 'REQUEST',
  uid: 'a1b2@finportal.test',
  sequence: 0,
  start: new Date('2026-03-29T08:00:00Z'),
  end: new Date('2026-03-29T08:30:00Z'),
  timeZone: 'Europe/Berlin',
  title: 'Beratungstermin mit Anna Berger (Demo Finanz)',
  description: 'Wann: Sonntag\nOrt: Friedrichstraße 1, Berlin; 2. OG',
  location: 'Friedrichstraße 1, 10117 Berlin',
  url: null,
  organizer: { name: 'Anna Berger', email: 'anna.berger@demo-finanz.example' },
  attendee: { name: 'Erika Mustermann', email: 'erika@example.com' },
  stamp: new Date('2026-03-20T10:00:00Z'),
};

describe('appointmentInvite', () => {
  it.each([
    ['Europe/Berlin', '2026-03-29T08:00:00Z', 'DTSTART;TZID=Europe/Berlin:20260329T100000'],
    ['Europe/Berlin', '2026-10-25T09:00:00Z', 'DTSTART;TZID=Europe/Berlin:20261025T100000'],
    ['Europe/Warsaw', '2026-01-15T09:00:00Z', 'DTSTART;TZID=Europe/Warsaw:20260115T100000'],
    ['America/New_York', '2026-03-08T15:00:00Z', 'DTSTART;TZID=America/New_York:20260308T110000'],
    ['Australia/Sydney', '2026-04-05T01:00:00Z', 'DTSTART;TZID=Australia/Sydney:20260405T110000'],
    ['Asia/Tokyo', '2026-07-01T01:00:00Z', 'DTSTART;TZID=Asia/Tokyo:20260701T100000'],
    ['UTC', '2026-07-01T10:00:00Z', 'DTSTART;TZID=UTC:20260701T100000'],
  ])('%s %s: the wall time with TZID, read back as the same instant', (timeZone, iso, line) => {
    const start = new Date(iso);
    const ics = appointmentInvite({ ...base, timeZone, start, end: new Date(start.getTime() + 45 * 60_000) });
    expect(ics).toContain(`${line}\r\n`);
    const parsed = parseInvite(ics);
    expect(parsed.start.toISOString()).toBe(start.toISOString());
    expect(parsed.end.getTime() - parsed.start.getTime()).toBe(45 * 60_000);
    expect(parsed.tzid).toBe(timeZone);
  });

  it('writes method, UID, sequence, status, organiser, attendee, place and text, escaped', () => {
    const parsed = parseInvite(appointmentInvite({ ...base, sequence: 3, url: 'https://demo.webex.com/meet/x' }));
    expect(parsed).toMatchObject({
      method: 'REQUEST',
      uid: 'a1b2@finportal.test',
      sequence: 3,
      status: 'CONFIRMED',
      summary: 'Beratungstermin mit Anna Berger (Demo Finanz)',
      organizer: 'mailto:anna.berger@demo-finanz.example',
      attendee: 'mailto:erika@example.com',
      location: 'Friedrichstraße 1, 10117 Berlin',
      url: 'https://demo.webex.com/meet/x',
      description: 'Wann: Sonntag\nOrt: Friedrichstraße 1, Berlin; 2. OG',
    });
    const cancel = parseInvite(appointmentInvite({ ...base, method: 'CANCEL', sequence: 4 }));
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: 'a1b2@finportal.test', sequence: 4 });
  });

  it('keeps a name with quotes readable and leaves out an attendee address a calendar cannot take', () => {
    const ics = appointmentInvite({
      ...base,
      organizer: { name: 'Anna "die Beraterin" Berger', email: base.organizer.email },
      attendee: { name: 'Erika Muster', email: 'erikä@exämple.de' },
    });
    const parsed = parseInvite(ics);
    expect(parsed.attendee).toBe('');
    expect(ics).not.toContain('ATTENDEE');
    expect(parsed.organizer).toBe('mailto:anna.berger@demo-finanz.example');
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`CN="Anna 'die Beraterin' Berger"`);
  });
});
