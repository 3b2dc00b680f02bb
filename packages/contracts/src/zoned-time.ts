/**
 * Wall-clock times in an IANA time zone, with the platform's `Intl` only (no date library): the
 * appointment rules and slots (ADR 017) are wall-clock times in the partner's zone, stored and
 * sent as instants with an offset. Correct across daylight-saving changes: a wall time in the
 * spring gap does not exist (null), one in the autumn overlap is its first occurrence.
 */

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

/** The parts of an instant's wall-clock time in a zone. */
export interface ZonedParts {
  date: IsoDate;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** An instant with an explicit offset: `2026-03-29T10:00:00+02:00` (seconds optional, `Z` for UTC). */
const OFFSET_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the platform knows the IANA zone name (`Europe/Berlin`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The date `YYYY-MM-DD` of year, month, day. */
export const isoDateOf = (year: number, month: number, day: number): IsoDate =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** 0 Monday … 6 Sunday of a calendar date. */
export function weekdayOf(date: IsoDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** A real calendar date `YYYY-MM-DD` (not 2026-02-30), else null. */
export function parseIsoDate(value: string): IsoDate | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return value;
}

/** `date` plus `days` calendar days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d) + days * DAY);
  return isoDateOf(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/** Minutes since midnight of `HH:MM`, else null. */
export function minutesOfClock(value: string): number | null {
  const m = CLOCK.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** `HH:MM` of minutes since midnight. */
export const clockOf = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The wall-clock time of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const date = isoDateOf(year, month, day);
  return { date, year, month, day, hour, minute, second, weekday: weekdayOf(date) };
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: 120). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wallAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE);
}

/** `+02:00` of 120 minutes. */
export function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instant of a wall-clock time in a zone: null when that time does not exist there (the hour
 * skipped when clocks go forward); the first of the two when it exists twice (clocks go back).
 */
export function zonedTimeToInstant(date: IsoDate, clock: string, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const minutes = minutesOfClock(clock);
  if (minutes === null || !parseIsoDate(date)) return null;
  const wallAsUtc = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offsets a day before and after cover every transition near this wall time.
  const offsets = new Set([
    offsetMinutes(new Date(wallAsUtc - DAY), timeZone),
    offsetMinutes(new Date(wallAsUtc + DAY), timeZone),
  ]);
  const matches = [...offsets]
    .map((offset) => new Date(wallAsUtc - offset * MINUTE))
    .filter((instant) => {
      const p = zonedParts(instant, timeZone);
      return p.date === date && p.hour * 60 + p.minute === minutes;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return matches[0] ?? null;
}

/** An instant as ISO 8601 with the zone's offset at that instant: `2026-03-29T10:00:00+02:00`. */
export function formatInZone(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.date}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${formatOffset(offsetMinutes(instant, timeZone))}`;
}

/** An ISO 8601 date-time with an explicit offset, parsed: its instant and the offset it was written with. */
export function parseOffsetDateTime(value: string): { instant: Date; offsetMinutes: number } | null {
  const m = OFFSET_DATE_TIME.exec(value);
  if (!m || !parseIsoDate(`${m[1]}-${m[2]}-${m[3]}`)) return null;
  const zone = m[8]!;
  const offset =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  const wallAsUtc = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6] ?? 0),
    Number((m[7] ?? '0').padEnd(3, '0')),
  );
  return { instant: new Date(wallAsUtc - offset * MINUTE), offsetMinutes: offset };
}
