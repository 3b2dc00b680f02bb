import { randomUUID } from 'node:crypto';
import { and, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  appointmentIssues,
  bookableDateRange,
  freeSlots,
  meetingTimeIssues,
  type Appointment,
  type AppointmentConfig,
  type AppointmentIssue,
  type AppointmentResponse,
  type AppointmentSlotsQuery,
  type AppointmentSlotsResponse,
  type BusyTime,
  type CreateAppointmentRequest,
} from '@finportal/contracts/appointments';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { parseIsoDate, parseOffsetDateTime } from '@finportal/contracts/zoned-time';
import { rowsOf, type Db } from '../../db/client.js';
import { applications, appointments } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import { emitWebhook } from '../../platform/webhooks.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';
import { holidaysBetween } from './holidays.js';
import { sendAdvisorNotice, sendCustomerMail } from './mail.js';
import {
  advisorKeyOf,
  appointmentOf,
  configOf,
  EXCLUSION_VIOLATION,
  sqlStateOf,
  UNIQUE_VIOLATION,
  type AppointmentRow,
} from './records.js';
import { issueLinks } from './tokens.js';

const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** 400 with every field's issue (none stored). */
export function rejectIssues(issues: AppointmentIssue[]): void {
  if (!issues.length) return;
  const items = issues.map(({ code, field, values }): ApiErrorItem => ({ code, field, ...(values ? { values } : {}) }));
  throw new AppError(issues[0]!.code, 400, items);
}

/** The public holidays of the partner's region within the bookable range at `now`. */
export function holidaysOf(config: AppointmentConfig, now: Date): string[] {
  const { first, last } = bookableDateRange(config, now);
  return holidaysBetween(config.holiday_region, first, last);
}

/** An appointment with its application's short id, by condition (locked for the transaction when asked). */
export async function appointmentWhere(
  db: Db,
  condition: SQL | undefined,
  lock = false,
): Promise<AppointmentRow | undefined> {
  const query = db
    .select({ appointment: appointments, shortId: applications.shortId })
    .from(appointments)
    .innerJoin(applications, eq(applications.id, appointments.applicationId))
    .where(condition)
    .limit(1);
  const [found] = lock ? await query.for('update', { of: appointments }) : await query;
  return found ? { ...found.appointment, shortId: found.shortId } : undefined;
}

/** The advisor's booked appointments overlapping [start, end), but `except`. */
export async function busyTimes(
  db: Db,
  advisorKey: string,
  start: Date,
  end: Date,
  except?: string,
): Promise<BusyTime[]> {
  const rows = await db
    .select({ start: appointments.meetingTime, end: appointments.meetingEnd })
    .from(appointments)
    .where(
      and(
        eq(appointments.advisorKey, advisorKey),
        eq(appointments.status, 'booked'),
        lt(appointments.meetingTime, end),
        gt(appointments.meetingEnd, start),
        except ? ne(appointments.id, except) : undefined,
      ),
    );
  return rows;
}

/** A constraint's refusal as the answer it means: the slot is taken, or the application has an appointment. */
export function constraintError(err: unknown): unknown {
  const state = sqlStateOf(err);
  if (state === EXCLUSION_VIOLATION) return new AppError('err_appointment_slot_taken', 409);
  if (state === UNIQUE_VIOLATION) return new AppError('err_appointment_exists', 409);
  return err;
}

/**
 * The free slots of the partner's advisor (spec 2 section 2: the pickers offer only what can be
 * booked): the bookable days between `from` and `to` without holidays and taken times. `except`:
 * an appointment being moved does not block itself. 400 err_appointment_date_range for a range
 * whose end lies before its start.
 */
export async function slotsFor(
  db: Db,
  partner: Partner,
  config: AppointmentConfig,
  query: AppointmentSlotsQuery,
  now: Date,
  except?: string,
): Promise<AppointmentSlotsResponse> {
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !parseIsoDate(value)) throw AppError.field('err_date_invalid', field);
  }
  if (query.from && query.to && query.to < query.from) {
    throw AppError.field('err_appointment_date_range', 'to', 400, { from: query.from });
  }
  const { first, last } = bookableDateRange(config, now);
  const holidays = holidaysBetween(config.holiday_region, first, last);
  // Every slot lies within two days around the bookable dates, whatever the zone.
  const busy = await busyTimes(
    db,
    advisorKeyOf(partner, config),
    new Date(now.getTime() - 86_400_000),
    new Date(now.getTime() + (config.end_date_in_days + 2) * 86_400_000),
    except,
  );
  return {
    time_zone: config.time_zone,
    meeting_duration_minutes: config.meeting_duration_minutes,
    first_date: first,
    last_date: last,
    holidays,
    days: freeSlots(config, { from: query.from, to: query.to }, busy, holidays, now),
  };
}

/** The new time of a booking or move, checked (400 with every issue): start, end and the customer's zone. */
export function newTimeOf(
  values: { meeting_time?: unknown; time_zone?: unknown },
  config: AppointmentConfig,
  now: Date,
): { start: Date; end: Date; timeZone: string } {
  rejectIssues(
    meetingTimeIssues(values.meeting_time, values.time_zone, config, { now, holidays: holidaysOf(config, now) }),
  );
  const start = parseOffsetDateTime(String(values.meeting_time).trim())!.instant;
  return {
    start,
    end: new Date(start.getTime() + config.meeting_duration_minutes * 60_000),
    timeZone: textOf(values.time_zone) ?? config.time_zone,
  };
}

/**
 * The advisor appointment of an application (spec 2 sections 2, 3, 5 and 7; issue 12; ADR 017):
 * the booked appointment, the free slots, and the booking by the applicant. The links of the
 * e-mails (cancel, move) are in links.ts; the reminder in jobs.ts.
 */
export class AppointmentsService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  /** GET /user/applications/{id}/appointments: the booked appointment or null (owner and accepted signatories). */
  async current(partner: Partner, user: SessionUser, id: string): Promise<AppointmentResponse> {
    const access = await this.applications.access(partner, user, id);
    const row = await appointmentWhere(
      this.ctx.db,
      and(eq(appointments.applicationId, access.record.id), eq(appointments.status, 'booked')),
    );
    return { appointment: row ? appointmentOf(row, partner.appointment_config) : null };
  }

  /** GET /user/applications/{id}/appointments/slots */
  async slots(
    partner: Partner,
    user: SessionUser,
    id: string,
    query: AppointmentSlotsQuery,
  ): Promise<AppointmentSlotsResponse> {
    await this.applications.access(partner, user, id);
    return slotsFor(this.ctx.db, partner, configOf(partner), query, this.ctx.clock.now());
  }

  /**
   * POST /user/applications/{id}/appointments: the applicant books (403 for others and for a
   * closed application), every rule checked (400, nothing stored), one booked appointment per
   * application (409 err_appointment_exists) and one per advisor at a time (409
   * err_appointment_slot_taken, decided by the database's constraint under concurrency). Stores
   * the appointment, its links, the customer's confirmation and the advisor's notice (with
   * their invitations) and an audit entry in one transaction.
   */
  async book(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: CreateAppointmentRequest,
    ip: string,
  ): Promise<Appointment> {
    const access = await this.applications.access(partner, user, id);
    const config = configOf(partner);
    if (access.role !== 'owner' || isClosedStatus(access.record.status)) throw new AppError('err_no_permission', 403);
    const now = this.ctx.clock.now();
    rejectIssues(appointmentIssues(body, config, { now, holidays: holidaysOf(config, now) }));
    const { start, end, timeZone } = newTimeOf(body, config, now);
    const advisorKey = advisorKeyOf(partner, config);
    const applicationId = access.record.id;
    const row = await this.ctx.db.transaction(async (tx) => {
      const [locked] = rowsOf<{ status: string }>(
        await tx.execute(sql`SELECT status FROM applications WHERE id = ${applicationId} FOR UPDATE`),
      );
      if (!locked || isClosedStatus(locked.status)) throw new AppError('err_no_permission', 403);
      const existing = await appointmentWhere(
        tx,
        and(eq(appointments.applicationId, applicationId), eq(appointments.status, 'booked')),
      );
      if (existing) throw new AppError('err_appointment_exists', 409);
      if ((await busyTimes(tx, advisorKey, start, end)).length) throw new AppError('err_appointment_slot_taken', 409);
      const appointmentId = randomUUID();
      let inserted: typeof appointments.$inferSelect | undefined;
      try {
        [inserted] = await tx
          .insert(appointments)
          .values({
            id: appointmentId,
            applicationId,
            partnerId: partner.key,
            userId: user.id,
            meetingType: String(body.meeting_type),
            meetingTime: start,
            meetingEnd: end,
            timeZone,
            advisorKey,
            language: user.communicationLanguage,
            icalUid: `${appointmentId}@${this.ctx.config.publicBaseDomain}`,
            firstName: textOf(body.first_name)!,
            lastName: textOf(body.last_name)!,
            companyName: textOf(body.company_name)!,
            contactEmail: textOf(body.contact_email)!.toLowerCase(),
            contactPhone: textOf(body.contact_phone)!,
            notes: textOf(body.notes),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
      } catch (err) {
        throw constraintError(err);
      }
      const stored: AppointmentRow = { ...inserted!, shortId: access.record.short_id };
      const mail = { mailer: this.ctx.mailer, db: tx, partner, config, row: stored, now };
      await sendCustomerMail(mail, 'booked', await issueLinks(tx, this.ctx.mailer, partner, stored.id, start));
      await sendAdvisorNotice(mail, 'booked');
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'appointment.booked',
        entity: 'appointment',
        entityId: stored.id,
        data: { application_id: applicationId, meeting_type: stored.meetingType, meeting_time: start.toISOString() },
        ip,
      });
      await emitWebhook(tx, partner.key, 'appointment.booked', {
        application_id: applicationId,
        short_id: access.record.short_id,
        appointment_id: stored.id,
        meeting_type: stored.meetingType,
        meeting_time: start.toISOString(),
      });
      return stored;
    });
    return appointmentOf(row, config);
  }
}
