// The rules from their zod-free module: `appointments.ts` builds zod schemas when loaded.
import { appointmentIssues, type AppointmentIssue } from '@finportal/contracts/appointment-rules';
import type { AppointmentConfig, CreateAppointmentRequest } from '@finportal/contracts/appointments';
import { formatInZone, isTimeZone } from '@finportal/contracts/zoned-time';

/** What the booking modal holds: the picked slot as its instant (`meeting_time` of the slots call). */
export interface BookingValues {
  meeting_type: string;
  /** The picked day (`YYYY-MM-DD` in the partner's zone). */
  date: string | null;
  /** The picked slot's `meeting_time` (an instant with the partner's offset). */
  slot: string | null;
  first_name: string;
  last_name: string;
  company_name: string;
  contact_email: string;
  contact_phone: string;
  notes: string;
}

/** The fields of the first step and of the second (the rules' field names). */
export const SLOT_FIELDS = ['meeting_type', 'meeting_time'] as const;
export const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'company_name',
  'contact_email',
  'contact_phone',
  'notes',
] as const;

/** The browser's IANA zone (the customer's), else the partner's. */
export function customerTimeZone(fallback: string): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : fallback;
  } catch {
    return fallback;
  }
}

/** The request: the slot's instant written with the customer's offset, and the customer's zone. */
export function toBookingRequest(values: BookingValues, timeZone: string): CreateAppointmentRequest {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    meeting_type: values.meeting_type || null,
    meeting_time: values.slot ? formatInZone(new Date(values.slot), timeZone) : null,
    time_zone: timeZone,
    first_name: text(values.first_name),
    last_name: text(values.last_name),
    company_name: text(values.company_name),
    contact_email: text(values.contact_email),
    contact_phone: text(values.contact_phone),
    notes: values.notes.trim() === '' ? null : values.notes,
  };
}

/** The contracts' rules on the request (the API applies the same), with the slots call's holidays. */
export function bookingIssues(
  request: CreateAppointmentRequest,
  config: AppointmentConfig,
  holidays: readonly string[],
  now: Date = new Date(),
): AppointmentIssue[] {
  return appointmentIssues(request, config, { now, holidays });
}

/**
 * A time of an instant in a zone, in the interface language on the 24-hour clock (`14:30`): the
 * clock of the partner's opening hours and of European business, also in English.
 */
export function formatClock(instant: string | Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(instant),
  );
}

/** The portal's English is British: day before month, as in its DD.MM.YYYY dates. */
const dateLocale = (language: string) => (language === 'en' ? 'en-GB' : language);

/** "Tuesday 1 December 2026" of an instant in a zone. */
export function formatDay(instant: string | Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'full', timeZone }).format(new Date(instant));
}

/** "Tuesday 1 December 2026" of a `YYYY-MM-DD` date (noon UTC: the same day in every zone). */
export function formatIsoDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The zone's name as the customer reads it ("Central European Standard Time"), else the IANA name. */
export function zoneName(instant: string | Date, timeZone: string, language: string): string {
  try {
    const part = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'long' })
      .formatToParts(new Date(instant))
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
