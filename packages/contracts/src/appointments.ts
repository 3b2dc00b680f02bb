import { z } from 'zod';
import { multilineText, text } from './text.js';
import {
  DEFAULT_APPOINTMENT_TIME_ZONE,
  DEFAULT_HOLIDAY_REGION,
  DEFAULT_MINUTE_STEP,
  MEETING_TYPES,
  WEEKDAYS,
} from './appointment-rules.js';
import { i18nText } from './dynamic-forms.js';
import { isTimeZone, minutesOfClock } from './zoned-time.js';

export * from './appointment-rules.js';

/**
 * Advisor appointments (spec 2 sections 2, 3, 5, 7 and 9; issue 12; ADR 017): the partner's
 * configuration and the wire shapes of the calls. The rules are zod-free in
 * `appointment-rules.ts` (re-exported here), the zone arithmetic in `zoned-time.ts`.
 */

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'must be HH:MM' });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'err_date_invalid' });

/** Appointment booking configuration of a partner (spec 2 section 3 "Appointment config"). */
export const appointmentConfigSchema = z
  .strictObject({
    meeting_types: z
      .array(
        z.strictObject({
          value: z.enum(MEETING_TYPES),
          label: i18nText,
          description: i18nText.optional(),
          confirmation_description: i18nText.optional(),
        }),
      )
      .min(1),
    days_of_week_allowed: z.array(z.enum(WEEKDAYS)).min(1),
    end_date_in_days: z.number().int().min(1).max(366),
    start_time: clock,
    end_time: clock,
    minute_step: z.number().int().min(5).max(120).default(DEFAULT_MINUTE_STEP),
    meeting_duration_minutes: z.number().int().min(5).max(480),
    /** Where in-person meetings take place (the invitation's LOCATION). */
    address: z.string().max(300).nullable().default(null),
    /** The video meeting's link (webex): the invitation's URL and LOCATION. */
    meeting_url: z
      .url({ protocol: /^https$/ })
      .max(500)
      .nullable()
      .default(null),
    advisor: z
      .strictObject({
        name: z.string().min(1),
        role: i18nText.optional(),
        avatar_url: z.string().nullable().default(null),
        /** Organiser of the invitations and receiver of the booking notices; default the partner's support address. */
        email: z.email().nullable().default(null),
      })
      .nullable()
      .default(null),
    info_text: i18nText.optional(),
    /** The partner's IANA time zone: start_time, end_time and the slots are wall-clock times there. */
    time_zone: z
      .string()
      .refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/Berlin' })
      .default(DEFAULT_APPOINTMENT_TIME_ZONE),
    /** Whose public holidays cannot be booked: ISO country and, optionally, the state (date-holidays codes). */
    holiday_region: z
      .strictObject({
        country: z.string().regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166 alpha-2 code' }),
        state: z
          .string()
          .regex(/^[A-Z0-9]{1,3}$/)
          .optional(),
      })
      .default({ ...DEFAULT_HOLIDAY_REGION }),
  })
  .superRefine((c, ctx) => {
    const start = minutesOfClock(c.start_time) ?? 0;
    const end = minutesOfClock(c.end_time) ?? 0;
    if (end - start < c.meeting_duration_minutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_time'],
        message: 'must leave room for one meeting after start_time (meeting_duration_minutes)',
      });
    }
  });
export type AppointmentConfig = z.infer<typeof appointmentConfigSchema>;

// ---------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------

const optionalText = text().nullable().optional();

/**
 * POST /user/applications/{id}/appointments (spec 2 section 7). The shape only (types, no unknown
 * field); the rules are `appointmentIssues`. `meeting_time`: ISO 8601 with the offset of
 * `time_zone` at that instant (`2026-03-29T10:00:00+02:00`); `time_zone`: the customer's IANA
 * zone, in which the answers and e-mails show the time (default: the partner's).
 */
export const createAppointmentRequest = z.strictObject({
  meeting_type: optionalText,
  meeting_time: optionalText,
  time_zone: optionalText,
  first_name: optionalText,
  last_name: optionalText,
  company_name: optionalText,
  contact_email: optionalText,
  contact_phone: optionalText,
  notes: multilineText().nullable().optional(),
});
export type CreateAppointmentRequest = z.input<typeof createAppointmentRequest>;

/** POST /appointments/by-token/{token}/move: the new time, checked like a booking's. */
export const moveAppointmentRequest = z.strictObject({
  meeting_time: optionalText,
  time_zone: optionalText,
});
export type MoveAppointmentRequest = z.input<typeof moveAppointmentRequest>;

export const APPOINTMENT_STATUSES = ['booked', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * Who the customer meets, where, and for how long: the same for every answer. A schema extended
 * below rather than an object spread into each: a spread outlives the web build's tree shaking
 * (it may run getters) and kept zod in chunks that only read a type of this module.
 */
const meetingSchema = z.object({
  appointment_id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  meeting_type: z.enum(MEETING_TYPES),
  /** The start with the customer's offset at that instant. */
  meeting_time: z.string(),
  /** The end, likewise. */
  meeting_end: z.string(),
  /** The customer's IANA zone. */
  time_zone: z.string(),
  duration_minutes: z.number(),
  advisor: z.object({ name: z.string(), role: i18nText.nullable(), avatar_url: z.string().nullable() }).nullable(),
  /** In-person meetings: the address; otherwise null. */
  address: z.string().nullable(),
  /** Video meetings: the link; otherwise null. */
  meeting_url: z.string().nullable(),
});

/** An appointment as the applicant's dashboard sees it. */
export const appointmentSchema = meetingSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** GET /user/applications/{id}/appointments: the booked appointment, or null (the banner offers booking). */
export const appointmentResponse = z.object({ appointment: appointmentSchema.nullable() });
export type AppointmentResponse = z.infer<typeof appointmentResponse>;

/**
 * GET /appointments/by-token/{token} and the answers of cancel and move: what the page behind an
 * e-mail link shows (no contact data: the link is the only authority). `action`: what the token
 * may do once; `can_change`: booked and not yet begun.
 */
export const appointmentLinkResponse = meetingSchema.extend({
  action: z.enum(['cancel', 'move']),
  company_name: z.string(),
  can_change: z.boolean(),
});
export type AppointmentLinkResponse = z.infer<typeof appointmentLinkResponse>;

export const appointmentTokenParams = z.object({ token: z.string().min(1).max(128) });

/** GET …/appointments/slots and …/by-token/{token}/slots: a date range in the partner's zone (default: all bookable days). */
export const appointmentSlotsQuery = z.strictObject({ from: isoDate.optional(), to: isoDate.optional() });
export type AppointmentSlotsQuery = z.infer<typeof appointmentSlotsQuery>;

/** The free slots: bookable days with at least one free start, in the partner's zone. */
export const appointmentSlotsResponse = z.object({
  /** The partner's zone, in which `date` and `time` are written. */
  time_zone: z.string(),
  meeting_duration_minutes: z.number(),
  /** The bookable range now (from tomorrow to end_date_in_days ahead). */
  first_date: z.string(),
  last_date: z.string(),
  /** Public holidays within the bookable range (not bookable). */
  holidays: z.array(z.string()),
  days: z.array(
    z.object({
      date: z.string(),
      slots: z.array(z.object({ time: z.string(), meeting_time: z.string() })),
    }),
  ),
});
export type AppointmentSlotsResponse = z.infer<typeof appointmentSlotsResponse>;
