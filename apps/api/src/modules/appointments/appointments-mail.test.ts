import { afterAll, describe, expect, it } from 'vitest';
import {
  book,
  byTokenPath,
  linkTokens,
  linkViewOf,
  MARCH_NOW,
  parseInvite,
  setAppointmentConfig,
  setNow,
} from '../../test/appointments.js';
import { createApplication } from '../../test/dashboard.js';
import { useTestApp } from '../../test/harness.js';
import { header, partOf, startSmtpServer, type ReceivedMail } from '../../test/smtp.js';

/**
 * The appointment e-mails over a real SMTP server (issue 12; ADR 017): the confirmation in the
 * customer's language with the time in the customer's zone and an iCalendar invitation
 * (METHOD:REQUEST, stable UID, TZID with its VTIMEZONE, organiser, attendee, meeting link or
 * address) that a maintained parser (ical.js) reads back as the booked instant, also on the day
 * clocks change; the advisor's notice; the cancellation's METHOD:CANCEL with the same UID.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.stop());
const t = await useTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Demo Finanz <no-reply@finportal.test>' });
setNow(t, MARCH_NOW);
await setAppointmentConfig(t, 'demo', { days_of_week_allowed: ['mon', 'tue', 'wed', 'thu', 'fri', 'sun'] });
const { client: owner } = await t.signUp('demo', { ip: '10.0.16.1', registration: { communication_language: 'de' } });
const anyone = t.client('demo', { ip: '10.0.16.2' });

/** Delivers what the outbox holds (the mail.send jobs) and answers the messages to `to`, oldest first. */
async function delivered(to: string): Promise<ReceivedMail[]> {
  await t.ctx.jobs.drain();
  return smtp.received.filter((m) => m.to.includes(to));
}

describe('the confirmation', () => {
  it('on the day clocks go forward: German, 10:00 MESZ, an invitation that ical.js reads as the booked instant', async () => {
    const id = (await createApplication(owner)).applicationId;
    const booked = await book(owner, id, {
      meeting_time: '2026-03-29T10:00:00+02:00',
      meeting_type: 'webex',
      contact_email: 'dst-customer@example.com',
    });
    const [mail] = await delivered('dst-customer@example.com');
    expect(header(mail!.raw, 'subject')).toBe(
      'Ihr Beratungstermin am Sonntag, 29. März 2026 um 10:00 MESZ – Demo Finanz',
    );
    const text = partOf(mail!.raw, 'text/plain')!;
    expect(text).toContain('Wann: Sonntag, 29. März 2026 um 10:00 MESZ (Europe/Berlin)');
    expect(text).toContain('Link zum Videogespräch: https://demo-finanz.webex.com/meet/anna.berger');
    expect(text).toMatch(/Termin verschieben: http:\/\/demo\.localhost:3000\/appointments\/move\/[A-Za-z0-9_-]{43}/);
    expect(text).toMatch(/Termin absagen: http:\/\/demo\.localhost:3000\/appointments\/cancel\/[A-Za-z0-9_-]{43}/);
    expect(mail!.raw).toMatch(/Content-Type: text\/calendar; method=REQUEST; charset=UTF-8/i);
    expect(mail!.raw).toMatch(/filename="?invite\.ics"?/);

    const ics = partOf(mail!.raw, 'text/calendar')!;
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20260329T100000');
    expect(ics).toContain('BEGIN:VTIMEZONE');
    const invite = parseInvite(ics);
    expect(invite).toMatchObject({
      method: 'REQUEST',
      status: 'CONFIRMED',
      tzid: 'Europe/Berlin',
      organizer: 'mailto:anna.berger@demo-finanz.example',
      attendee: 'mailto:dst-customer@example.com',
      location: 'https://demo-finanz.webex.com/meet/anna.berger',
      url: 'https://demo-finanz.webex.com/meet/anna.berger',
    });
    expect(invite.start.toISOString()).toBe(new Date(booked.meeting_time).toISOString());
    expect(invite.start.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(invite.end.toISOString()).toBe('2026-03-29T08:30:00.000Z');
    expect(invite.uid).toBe(`${booked.appointment_id}@localhost`);
    expect(invite.summary).toBe('Beratungstermin mit Anna Berger (Demo Finanz)');
  });

  it('in the customer zone (London, the day before the change): 09:00, and the same instant in the invitation', async () => {
    const id = (await createApplication(owner)).applicationId;
    const booked = await book(owner, id, {
      meeting_time: '2026-03-27T09:00:00+00:00',
      time_zone: 'Europe/London',
      meeting_type: 'in_person',
      contact_email: 'london@example.com',
    });
    expect(booked.meeting_time).toBe('2026-03-27T09:00:00+00:00');
    const [mail] = await delivered('london@example.com');
    expect(partOf(mail!.raw, 'text/plain')).toMatch(/Wann: Freitag, 27\. März 2026 um 09:00 \S+ \(Europe\/London\)/);
    const invite = parseInvite(partOf(mail!.raw, 'text/calendar')!);
    expect(invite.tzid).toBe('Europe/London');
    expect(invite.start.toISOString()).toBe('2026-03-27T09:00:00.000Z');
    expect(invite.location).toBe('Demo Finanz GmbH, Friedrichstraße 1, 10117 Berlin');
  });

  it("the advisor's address gets a notice with the customer's contact data and the invitation in the partner's zone", async () => {
    const id = (await createApplication(owner)).applicationId;
    await book(owner, id, {
      meeting_time: '2026-03-27T10:00:00+00:00',
      time_zone: 'Europe/London',
      first_name: 'Notice',
      contact_email: 'notice-customer@example.com',
      contact_phone: '+44 20 7946 0000',
    });
    const notice = (await delivered('anna.berger@demo-finanz.example')).find((m) =>
      partOf(m.raw, 'text/plain')?.includes('notice-customer@example.com'),
    );
    expect(header(notice!.raw, 'subject')).toBe(
      'Neuer Beratungstermin: Notice Mustermann, Freitag, 27. März 2026 um 11:00 MEZ',
    );
    const text = partOf(notice!.raw, 'text/plain')!;
    expect(text).toContain('Telefon: +44 20 7946 0000');
    expect(text).not.toMatch(/appointments\/(cancel|move)\//);
    const invite = parseInvite(partOf(notice!.raw, 'text/calendar')!);
    expect(invite.tzid).toBe('Europe/Berlin');
    expect(invite.start.toISOString()).toBe('2026-03-27T10:00:00.000Z');
  });
});

describe('the cancellation', () => {
  it('sends METHOD:CANCEL with the same UID, a higher SEQUENCE and STATUS:CANCELLED', async () => {
    const id = (await createApplication(owner)).applicationId;
    await book(owner, id, { meeting_time: '2026-03-30T13:00:00+02:00', contact_email: 'cancel-smtp@example.com' });
    const [confirmation] = await delivered('cancel-smtp@example.com');
    const request = parseInvite(partOf(confirmation!.raw, 'text/calendar')!);
    const { cancel } = linkTokens({ text_body: partOf(confirmation!.raw, 'text/plain')! });
    expect(linkViewOf(await anyone.post(byTokenPath(cancel, '/cancel'))).status).toBe('cancelled');
    const [, cancellation] = await delivered('cancel-smtp@example.com');
    expect(header(cancellation!.raw, 'subject')).toBe(
      'Ihr Beratungstermin am Montag, 30. März 2026 um 13:00 MESZ wurde abgesagt – Demo Finanz',
    );
    expect(cancellation!.raw).toMatch(/Content-Type: text\/calendar; method=CANCEL; charset=UTF-8/i);
    const ics = partOf(cancellation!.raw, 'text/calendar')!;
    expect(ics).toContain('METHOD:CANCEL');
    const parsed = parseInvite(ics);
    expect(parsed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: request.uid });
    expect(parsed.sequence).toBe(request.sequence + 1);
    expect(parsed.start.toISOString()).toBe(request.start.toISOString());
  });
});
