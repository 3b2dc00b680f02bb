import ICAL from 'ical.js';
import { expect } from 'vitest';
import {
  appointmentLinkResponse,
  appointmentResponse,
  appointmentSchema,
  appointmentSlotsResponse,
  type Appointment,
  type AppointmentConfig,
  type AppointmentLinkResponse,
  type AppointmentSlotsResponse,
  type CreateAppointmentRequest,
} from '@finportal/contracts/appointments';
import { buildAppointment } from '@finportal/testing/factories';
import type { MailAttachment } from '../db/schema.js';
import { updatePartnerConfig } from '../platform/tenancy.js';
import type { MailRow, TestApp, TestClient, TestResponse } from './harness.js';

/**
 * Helpers of the appointment API tests (modules/appointments; ADR 017): the routes, a fixed
 * clock, the partner's appointment config, the e-mails' links and invitations (parsed back with
 * ical.js, a maintained iCalendar parser), and what the database holds.
 */

export { buildAppointment };

export const appointmentsPath = (applicationId: string) => `/user/applications/${applicationId}/appointments`;
export const slotsPath = (applicationId: string, query = '') =>
  `${appointmentsPath(applicationId)}/slots${query ? `?${query}` : ''}`;
export const byTokenPath = (token: string, suffix: '' | '/slots' | '/cancel' | '/move' = '') =>
  `/appointments/by-token/${encodeURIComponent(token)}${suffix}`;

/** Friday 2026-03-20, 11:00 in Berlin: nine days before clocks go forward. */
export const MARCH_NOW = '2026-03-20T10:00:00Z';

/** Fixes the clock the appointment rules are judged at. */
export function setNow(t: TestApp, iso: string): void {
  t.ctx.clock.now = () => new Date(iso);
}

/** Merges `changes` into a partner's appointment config (stored and live, as an operator's change). */
export async function setAppointmentConfig(
  t: TestApp,
  partnerKey: string,
  changes: Partial<AppointmentConfig> | null,
): Promise<void> {
  const current = t.ctx.partners.get(partnerKey)!.appointment_config;
  await updatePartnerConfig(t.ctx.db, t.ctx.partners, partnerKey, {
    appointment_config: changes === null ? null : { ...current, ...changes },
  });
}

export const postAppointment = (client: TestClient, applicationId: string, body: unknown) =>
  client.post(appointmentsPath(applicationId), body);

/** POST that must answer 201: the booked appointment, checked against the contract. */
export async function book(
  client: TestClient,
  applicationId: string,
  overrides: CreateAppointmentRequest & { meeting_time: string },
): Promise<Appointment> {
  const res = await postAppointment(client, applicationId, buildAppointment(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return appointmentSchema.strict().parse(res.json());
}

/** GET …/appointments: the booked appointment or null. */
export async function currentAppointment(client: TestClient, applicationId: string): Promise<Appointment | null> {
  const res = await client.get(appointmentsPath(applicationId));
  expect(res.statusCode, res.body).toBe(200);
  return appointmentResponse.strict().parse(res.json()).appointment;
}

export async function slotsOf(
  client: TestClient,
  applicationId: string,
  query = '',
): Promise<AppointmentSlotsResponse> {
  const res = await client.get(slotsPath(applicationId, query));
  expect(res.statusCode, res.body).toBe(200);
  return appointmentSlotsResponse.strict().parse(res.json());
}

/** An answer of the link routes (200), checked against the contract. */
export function linkViewOf(res: TestResponse): AppointmentLinkResponse {
  expect(res.statusCode, res.body).toBe(200);
  return appointmentLinkResponse.strict().parse(res.json());
}

/** An outbox row with its attachments. */
export type AppointmentMailRow = MailRow & { attachments: MailAttachment[] | null };

/** The appointment e-mails to `to`, newest first (the mail jobs run first). */
export async function appointmentMails(t: TestApp, to: string): Promise<AppointmentMailRow[]> {
  const rows = (await t.mailbox(to)) as AppointmentMailRow[];
  return rows.filter((r) => r.template.startsWith('appointment_'));
}

/** The cancel and move tokens of a mail's links (`/appointments/cancel/<token>`, `/appointments/move/<token>`). */
export function linkTokens(mail: Pick<MailRow, 'text_body'>): { cancel: string; move: string } {
  const of = (action: string) => {
    const match = new RegExp(`https?://\\S+/appointments/${action}/([A-Za-z0-9_-]+)`).exec(mail.text_body);
    if (!match) throw new Error(`no ${action} link in mail:\n${mail.text_body}`);
    return match[1]!;
  };
  return { cancel: of('cancel'), move: of('move') };
}

/** The one calendar attachment of a mail. */
export function inviteOf(mail: AppointmentMailRow): MailAttachment {
  const ics = (mail.attachments ?? []).filter((a) => a.content_type.startsWith('text/calendar'));
  expect(ics, mail.subject).toHaveLength(1);
  return ics[0]!;
}

export interface ParsedInvite {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  start: Date;
  end: Date;
  tzid: string | null;
  organizer: string;
  attendee: string;
  location: string | null;
  url: string | null;
  description: string;
}

/**
 * An .ics text parsed with ical.js: the VTIMEZONE of the file is registered first, so that the
 * start and end are the instants the file means (a wrong VTIMEZONE gives wrong instants).
 */
export function parseInvite(ics: string): ParsedInvite {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  const text = (name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    return value === null || value === undefined ? null : String(value);
  };
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    status: text('status') ?? '',
    summary: event.summary,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid')?.toString() ?? null,
    // The URI scheme is case-insensitive (`ics` writes MAILTO: for the organiser).
    organizer: (text('organizer') ?? '').replace(/^mailto:/i, 'mailto:'),
    attendee: (text('attendee') ?? '').replace(/^mailto:/i, 'mailto:'),
    location: text('location'),
    url: text('url'),
    description: text('description') ?? '',
  };
}

/** What the database holds of an application's appointments and their links (nothing changed: equal). */
export async function appointmentsState(t: TestApp, applicationId: string): Promise<string> {
  const [row] = await t.sql<{ n: number; digest: string }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')
       || coalesce((SELECT string_agg(k::text, E'\\n' ORDER BY k::text) FROM appointment_tokens k
                    WHERE k.appointment_id IN (SELECT id FROM appointments WHERE application_id = $1)), '')) AS digest
     FROM appointments x WHERE application_id = $1`,
    [applicationId],
  );
  return `${row!.n} ${row!.digest}`;
}
