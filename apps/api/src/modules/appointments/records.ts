import type {
  Appointment,
  AppointmentConfig,
  AppointmentLinkResponse,
  AppointmentRulesConfig,
  MeetingType,
} from '@finportal/contracts/appointments';
import { formatInZone } from '@finportal/contracts/zoned-time';
import type { appointments } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';

/** A stored appointment, with the short id of its application (the advisor's notice names it). */
export type AppointmentRow = typeof appointments.$inferSelect & { shortId: string };

/** The partner's appointment config; 409 err_appointments_not_offered when the partner has none. */
export function configOf(partner: Partner): AppointmentConfig {
  const config = partner.appointment_config;
  if (!config) throw new AppError('err_appointments_not_offered', 409);
  return config;
}

/** What the contracts' rules read of the config. */
export const rulesConfigOf = (config: AppointmentConfig): AppointmentRulesConfig => config;

/**
 * Who is booked (the key of the no-overlap constraint): the advisor's e-mail in lower case, so
 * that two partners sharing one advisor share the calendar, else the partner.
 */
export function advisorKeyOf(partner: Partner, config: AppointmentConfig): string {
  return config.advisor?.email ? config.advisor.email.toLowerCase() : `partner:${partner.key}`;
}

/** The organiser of the invitations and receiver of the notices: the advisor, else the partner's support. */
export function advisorContact(partner: Partner, config: AppointmentConfig | null): { name: string; email: string } {
  return {
    name: config?.advisor?.name ?? partner.display_name,
    email: config?.advisor?.email ?? partner.customer_support_email,
  };
}

/** Where the meeting takes place: the address in person, the link by video; nothing by phone. */
export function placeOf(
  type: MeetingType,
  config: AppointmentConfig | null,
): { address: string | null; meeting_url: string | null } {
  return {
    address: type === 'in_person' ? (config?.address ?? null) : null,
    meeting_url: type === 'webex' ? (config?.meeting_url ?? null) : null,
  };
}

function meetingOf(row: AppointmentRow, config: AppointmentConfig | null) {
  const type = row.meetingType as MeetingType;
  const advisor = config?.advisor;
  return {
    appointment_id: row.id,
    status: row.status,
    meeting_type: type,
    meeting_time: formatInZone(row.meetingTime, row.timeZone),
    meeting_end: formatInZone(row.meetingEnd, row.timeZone),
    time_zone: row.timeZone,
    duration_minutes: Math.round((row.meetingEnd.getTime() - row.meetingTime.getTime()) / 60_000),
    advisor: advisor ? { name: advisor.name, role: advisor.role ?? null, avatar_url: advisor.avatar_url } : null,
    ...placeOf(type, config),
  };
}

/** An appointment as its applicant's dashboard shows it. */
export function appointmentOf(row: AppointmentRow, config: AppointmentConfig | null): Appointment {
  return {
    ...meetingOf(row, config),
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

/** An appointment as the page behind an e-mail link shows it (no contact data). */
export function linkViewOf(
  row: AppointmentRow,
  config: AppointmentConfig | null,
  action: 'cancel' | 'move',
  now: Date,
): AppointmentLinkResponse {
  return {
    ...meetingOf(row, config),
    action,
    company_name: row.companyName,
    can_change: row.status === 'booked' && now.getTime() < row.meetingTime.getTime(),
  };
}

/** The SQLSTATE of a database error (drizzle wraps the driver's error as `cause`). */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** 23P01: the advisor is booked then (the no-overlap constraint). */
export const EXCLUSION_VIOLATION = '23P01';
/** 23505: the application has a booked appointment already (the one-booked index). */
export const UNIQUE_VIOLATION = '23505';
