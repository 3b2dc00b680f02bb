import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatInZone,
  isTimeZone,
  offsetMinutes,
  parseIsoDate,
  parseOffsetDateTime,
  weekdayOf,
  zonedParts,
  zonedTimeToInstant,
} from './zoned-time.js';

describe('zone arithmetic with Intl', () => {
  it('knows IANA zones and refuses anything else', () => {
    for (const zone of ['Europe/Berlin', 'Europe/Vienna', 'Europe/Warsaw', 'America/New_York', 'UTC']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Europe/Nowhere', '', '../etc/passwd', 'Europe/Berlin\n', 'x'.repeat(80)]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  it('gives the offset of Berlin on both sides of the March and October changes (2026-03-29, 2026-10-25)', () => {
    expect(offsetMinutes(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(60);
    expect(offsetMinutes(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(offsetMinutes(new Date('2026-10-25T00:59:00Z'), 'Europe/Berlin')).toBe(120);
    expect(offsetMinutes(new Date('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe(60);
    expect(offsetMinutes(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('turns a wall-clock time into its instant across the changes; the skipped hour is null, a doubled one its first occurrence', () => {
    expect(zonedTimeToInstant('2026-03-29', '10:00', 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-28', '10:00', 'Europe/Berlin')?.toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(zonedTimeToInstant('2026-10-25', '10:00', 'Europe/Berlin')?.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(zonedTimeToInstant('2026-10-24', '10:00', 'Europe/Berlin')?.toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-29', '02:30', 'Europe/Berlin')).toBeNull();
    expect(zonedTimeToInstant('2026-10-25', '02:30', 'Europe/Berlin')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedTimeToInstant('2026-03-29', '10:00', 'Europe/Warsaw')?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(zonedTimeToInstant('2026-02-30', '10:00', 'Europe/Berlin')).toBeNull();
    expect(zonedTimeToInstant('2026-03-29', '24:00', 'Europe/Berlin')).toBeNull();
  });

  it('writes an instant with the offset of its zone at that instant', () => {
    expect(formatInZone(new Date('2026-03-29T08:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T10:00:00+02:00');
    expect(formatInZone(new Date('2026-03-28T09:00:00Z'), 'Europe/Berlin')).toBe('2026-03-28T10:00:00+01:00');
    expect(formatInZone(new Date('2026-10-25T09:00:00Z'), 'Europe/London')).toBe('2026-10-25T09:00:00+00:00');
    expect(formatInZone(new Date('2026-07-01T16:30:00Z'), 'America/New_York')).toBe('2026-07-01T12:30:00-04:00');
  });

  it('parses a date-time with offset and refuses one without, or an impossible one', () => {
    expect(parseOffsetDateTime('2026-03-29T10:00:00+02:00')).toEqual({
      instant: new Date('2026-03-29T08:00:00Z'),
      offsetMinutes: 120,
    });
    expect(parseOffsetDateTime('2026-03-29T10:00+02:00')?.instant.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(parseOffsetDateTime('2026-03-29T08:00:00.000Z')?.offsetMinutes).toBe(0);
    expect(parseOffsetDateTime('2026-07-01T12:30:00-04:00')?.instant.toISOString()).toBe('2026-07-01T16:30:00.000Z');
    for (const bad of [
      '2026-03-29T10:00:00',
      '2026-03-29',
      '2026-02-30T10:00:00Z',
      '2026-03-29T25:00:00Z',
      'tomorrow',
      '2026-03-29T10:00:00+2',
    ]) {
      expect(parseOffsetDateTime(bad), bad).toBeNull();
    }
  });

  it('dates: weekday, adding days across month and year ends, real dates only', () => {
    expect(weekdayOf('2026-03-29')).toBe(6);
    expect(weekdayOf('2026-03-30')).toBe(0);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(parseIsoDate('2028-02-29')).toBe('2028-02-29');
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(zonedParts(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toMatchObject({
      date: '2026-03-29',
      hour: 0,
      minute: 30,
      weekday: 6,
    });
  });
});
