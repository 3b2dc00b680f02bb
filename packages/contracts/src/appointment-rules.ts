import { emailError, phoneError } from './contact-rules.js';
import { hasControlCharacters, hasControlCharactersInText } from './control-characters.js';
import type { RuleError } from './rule-error.js';
import {
  addDays,
  clockOf,
  formatInZone,
  formatOffset,
  isTimeZone,
  minutesOfClock,
  offsetMinutes,
  parseIsoDate,
  parseOffsetDateTime,
  weekdayOf,
  zonedParts,
  zonedTimeToInstant,
  type IsoDate,
} from './zoned-time.js';

/**
 * The rules of the advisor appointment booking (spec 2 sections 2, 3, 5 and 9; issue 12; ADR
 * 017), zod-free so that the booking modal judges its pickers and fields with the same functions
 * the API applies to every booking and move: `appointmentIssues` (a whole request),
 * `appointmentDateError` and `appointmentTimeError` (one picker each), and `freeSlots` (what the
 * pickers offer). Times are wall-clock times in the partner's zone (`time_zone` of the
 * appointment config); `meeting_time` on the wire is an instant with the customer's offset.
 * The wire shapes and the config schema are in `appointments.ts`.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const MEETING_TYPES = ['in_person', 'telephone', 'webex'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];

/** Defaults of the appointment config: the partner's zone and the public holidays that apply. */
export const DEFAULT_APPOINTMENT_TIME_ZONE = 'Europe/Berlin';
export const DEFAULT_HOLIDAY_REGION = { country: 'DE' } as const;
/** The slot grid when the config names none (spec 2 section 9: 15-minute slots). */
export const DEFAULT_MINUTE_STEP = 15;

export const APPOINTMENT_NAME_MAX = 100;
export const APPOINTMENT_COMPANY_MAX = 200;
export const APPOINTMENT_NOTES_MAX = 2000;

/** The fields of a booking (spec 2 sections 3 and 7), in form order. */
export const APPOINTMENT_FIELDS = [
  'meeting_type',
  'meeting_time',
  'first_name',
  'last_name',
  'company_name',
  'contact_email',
  'contact_phone',
  'notes',
] as const;
export type AppointmentField = (typeof APPOINTMENT_FIELDS)[number] | 'time_zone';

/** What the rules read: the wire names (a form may hold '' for an empty text). */
export type AppointmentValues = Partial<Record<AppointmentField, unknown>>;

/** A rule's failure on one field of a booking. */
export interface AppointmentIssue extends RuleError {
  field: AppointmentField;
}

/** What the rules read of the partner's appointment config (`AppointmentConfig` has it all). */
export interface AppointmentRulesConfig {
  meeting_types: readonly { value: string }[];
  days_of_week_allowed: readonly Weekday[];
  end_date_in_days: number;
  start_time: string;
  end_time: string;
  minute_step: number;
  meeting_duration_minutes: number;
  time_zone: string;
}

/** The moment of the check and the public holidays (`YYYY-MM-DD` in the partner's region). */
export interface AppointmentRuleContext {
  now: Date;
  holidays: Iterable<IsoDate>;
}

/** An appointment (or any busy time) of the advisor: slots overlapping it are not free. */
export interface BusyTime {
  start: Date;
  end: Date;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The dates that can be booked at `now`: from tomorrow to `end_date_in_days` days ahead, both
 * inclusive, as dates in the partner's zone (spec 2 section 5).
 */
export function bookableDateRange(config: AppointmentRulesConfig, now: Date): { first: IsoDate; last: IsoDate } {
  const today = zonedParts(now, config.time_zone).date;
  return { first: addDays(today, 1), last: addDays(today, config.end_date_in_days) };
}

/**
 * The date picker's rule: a real date, from tomorrow (err_appointment_too_early), at most
 * `end_date_in_days` ahead (err_appointment_too_far {days}), on an allowed weekday
 * (err_appointment_weekday_invalid), not a public holiday (err_appointment_holiday).
 */
export function appointmentDateError(
  date: string,
  config: AppointmentRulesConfig,
  context: AppointmentRuleContext,
): RuleError | null {
  if (!parseIsoDate(date)) return { code: 'err_date_invalid' };
  const { first, last } = bookableDateRange(config, context.now);
  if (date < first) return { code: 'err_appointment_too_early' };
  if (date > last) return { code: 'err_appointment_too_far', values: { days: config.end_date_in_days } };
  if (!config.days_of_week_allowed.includes(WEEKDAYS[weekdayOf(date)]!)) {
    return { code: 'err_appointment_weekday_invalid' };
  }
  if (new Set(context.holidays).has(date)) return { code: 'err_appointment_holiday' };
  return null;
}

/**
 * The time picker's rule for `HH:MM` in the partner's zone: the meeting starts at or after
 * `start_time` and ends by `end_time` (err_appointment_outside_hours {start, end}), and the
 * minute of the day is a multiple of `minute_step` (err_appointment_minute_step {step}).
 */
export function appointmentTimeError(clock: string, config: AppointmentRulesConfig): RuleError | null {
  const minutes = minutesOfClock(clock);
  if (minutes === null) return { code: 'err_invalid_value' };
  const start = minutesOfClock(config.start_time) ?? 0;
  const end = minutesOfClock(config.end_time) ?? 0;
  if (minutes < start || minutes + config.meeting_duration_minutes > end) {
    return { code: 'err_appointment_outside_hours', values: { start: config.start_time, end: config.end_time } };
  }
  if (minutes % config.minute_step !== 0) {
    return { code: 'err_appointment_minute_step', values: { step: config.minute_step } };
  }
  return null;
}

/**
 * The rules of `meeting_time` (an ISO 8601 date-time with offset) and `time_zone` (the customer's
 * IANA zone; default the partner's): a date-time with offset (err_date_invalid), an offset that is
 * the zone's at that instant (err_appointment_offset_mismatch {offset}: a client that wrote the
 * offset of another day), then the date and time rules in the partner's zone.
 */
export function meetingTimeIssues(
  meetingTime: unknown,
  timeZone: unknown,
  config: AppointmentRulesConfig,
  context: AppointmentRuleContext,
): AppointmentIssue[] {
  const issues: AppointmentIssue[] = [];
  const zone = isEmpty(timeZone) ? config.time_zone : timeZone;
  if (typeof zone !== 'string' || !isTimeZone(zone)) issues.push({ field: 'time_zone', code: 'err_invalid_value' });
  if (isEmpty(meetingTime)) return [...issues, { field: 'meeting_time', code: 'err_required' }];
  const parsed = typeof meetingTime === 'string' ? parseOffsetDateTime(meetingTime.trim()) : null;
  if (!parsed) return [...issues, { field: 'meeting_time', code: 'err_date_invalid' }];
  if (issues.length) return issues;
  const expected = offsetMinutes(parsed.instant, zone as string);
  if (parsed.offsetMinutes !== expected) {
    return [
      { field: 'meeting_time', code: 'err_appointment_offset_mismatch', values: { offset: formatOffset(expected) } },
    ];
  }
  const wall = zonedParts(parsed.instant, config.time_zone);
  const dateError = appointmentDateError(wall.date, config, context);
  if (dateError) issues.push({ field: 'meeting_time', ...dateError });
  const timeError =
    wall.second !== 0 || parsed.instant.getUTCMilliseconds() !== 0
      ? { code: 'err_appointment_minute_step' as const, values: { step: config.minute_step } }
      : appointmentTimeError(clockOf(wall.hour * 60 + wall.minute), config);
  if (timeError) issues.push({ field: 'meeting_time', ...timeError });
  return issues;
}

type TextRule = (value: string) => RuleError | null;

const line =
  (max: number): TextRule =>
  (value) => {
    if (value.trim().length > max) return { code: 'err_too_long', values: { max } };
    return hasControlCharacters(value) ? { code: 'err_invalid_characters' } : null;
  };

const TEXT_RULES: Record<Exclude<AppointmentField, 'meeting_type' | 'meeting_time' | 'time_zone'>, TextRule> = {
  first_name: line(APPOINTMENT_NAME_MAX),
  last_name: line(APPOINTMENT_NAME_MAX),
  company_name: line(APPOINTMENT_COMPANY_MAX),
  contact_email: emailError,
  contact_phone: phoneError,
  notes: (value) => {
    if (value.trim().length > APPOINTMENT_NOTES_MAX)
      return { code: 'err_too_long', values: { max: APPOINTMENT_NOTES_MAX } };
    return hasControlCharactersInText(value) ? { code: 'err_invalid_characters' } : null;
  },
};

/**
 * Every field's issue of a booking (spec 2 section 5): meeting type (one the partner offers),
 * meeting time and zone (`meetingTimeIssues`), first name, last name, company, e-mail and phone
 * required; the topic (`notes`) optional. An empty list: the booking passes every rule (whether
 * the slot is still free is the server's to say: 409 err_appointment_slot_taken).
 */
export function appointmentIssues(
  values: AppointmentValues,
  config: AppointmentRulesConfig,
  context: AppointmentRuleContext,
): AppointmentIssue[] {
  const issues: AppointmentIssue[] = [];
  const type = values.meeting_type;
  if (isEmpty(type)) issues.push({ field: 'meeting_type', code: 'err_required' });
  else if (!config.meeting_types.some((t) => t.value === type)) {
    issues.push({ field: 'meeting_type', code: 'err_invalid_value' });
  }
  issues.push(...meetingTimeIssues(values.meeting_time, values.time_zone, config, context));
  for (const [field, rule] of Object.entries(TEXT_RULES) as [keyof typeof TEXT_RULES, TextRule][]) {
    const value = values[field];
    if (isEmpty(value)) {
      if (field !== 'notes') issues.push({ field, code: 'err_required' });
      continue;
    }
    if (typeof value !== 'string') {
      issues.push({ field, code: 'err_invalid_value' });
      continue;
    }
    const error = rule(value);
    if (error) issues.push({ field, ...error });
  }
  return issues;
}

/** The start times `HH:MM` of one day's slots: the grid of `minute_step` within the hours. */
export function slotTimes(config: AppointmentRulesConfig): string[] {
  const start = minutesOfClock(config.start_time) ?? 0;
  const end = minutesOfClock(config.end_time) ?? 0;
  const step = config.minute_step;
  const times: string[] = [];
  for (let m = Math.ceil(start / step) * step; m + config.meeting_duration_minutes <= end; m += step) {
    times.push(clockOf(m));
  }
  return times;
}

/** Whether [start, end) overlaps a busy time. */
export const overlapsBusy = (start: Date, end: Date, busy: readonly BusyTime[]): boolean =>
  busy.some((b) => b.start.getTime() < end.getTime() && start.getTime() < b.end.getTime());

/** A free slot: its start in the partner's zone (`HH:MM`) and as the instant to send (`meeting_time`). */
export interface FreeSlot {
  time: string;
  meeting_time: string;
}

export interface FreeDay {
  date: IsoDate;
  slots: FreeSlot[];
}

/**
 * The free slots from `from` to `to` (dates in the partner's zone, inclusive; default and limit:
 * the bookable range), days with at least one free slot only: allowed weekdays that are no
 * public holiday, every slot of `slotTimes` that exists that day (not in a daylight-saving gap)
 * and overlaps no busy time of the advisor. What the date and time pickers offer.
 */
export function freeSlots(
  config: AppointmentRulesConfig,
  range: { from?: IsoDate | undefined; to?: IsoDate | undefined },
  busy: readonly BusyTime[],
  holidays: Iterable<IsoDate>,
  now: Date,
): FreeDay[] {
  const { first, last } = bookableDateRange(config, now);
  const from = range.from && range.from > first ? range.from : first;
  const to = range.to && range.to < last ? range.to : last;
  const closed = new Set(holidays);
  const times = slotTimes(config);
  const durationMs = config.meeting_duration_minutes * 60_000;
  const days: FreeDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (closed.has(date) || !config.days_of_week_allowed.includes(WEEKDAYS[weekdayOf(date)]!)) continue;
    const slots: FreeSlot[] = [];
    for (const time of times) {
      const start = zonedTimeToInstant(date, time, config.time_zone);
      if (!start) continue;
      if (overlapsBusy(start, new Date(start.getTime() + durationMs), busy)) continue;
      slots.push({ time, meeting_time: formatInZone(start, config.time_zone) });
    }
    if (slots.length) days.push({ date, slots });
  }
  return days;
}
