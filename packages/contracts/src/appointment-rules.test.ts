import { describe, expect, it } from 'vitest';
import {
  appointmentDateError,
  appointmentIssues,
  appointmentTimeError,
  bookableDateRange,
  freeSlots,
  meetingTimeIssues,
  slotTimes,
  type AppointmentRulesConfig,
  type AppointmentValues,
} from './appointment-rules.js';
import { appointmentConfigSchema } from './appointments.js';
import { appointmentLinkPath } from './portal-routes.js';

/** Berlin, Monday to Friday and Sunday, 09:00 to 17:00, 30-minute meetings on a 15-minute grid, 30 days ahead. */
const config: AppointmentRulesConfig = {
  meeting_types: [{ value: 'telephone' }, { value: 'webex' }],
  days_of_week_allowed: ['mon', 'tue', 'wed', 'thu', 'fri', 'sun'],
  end_date_in_days: 30,
  start_time: '09:00',
  end_time: '17:00',
  minute_step: 15,
  meeting_duration_minutes: 30,
  time_zone: 'Europe/Berlin',
};
/** Friday 2026-03-20, 11:00 in Berlin. */
const now = new Date('2026-03-20T10:00:00Z');
const context = { now, holidays: ['2026-04-03', '2026-04-06'] };

const valid: AppointmentValues = {
  meeting_type: 'telephone',
  meeting_time: '2026-03-23T10:00:00+01:00',
  first_name: 'Erika',
  last_name: 'Mustermann',
  company_name: 'Mustermann GmbH',
  contact_email: 'erika@example.com',
  contact_phone: '+49 30 1234567',
  notes: 'Fragen zur Laufzeit.\nUnd zum Zins.',
};
const codesOf = (values: AppointmentValues, ctx = context) =>
  appointmentIssues(values, config, ctx).map((i) => [i.field, i.code, ...(i.values ? [i.values] : [])]);

describe('the date rule (spec 2 section 5)', () => {
  it('books from tomorrow to end_date_in_days ahead, both inclusive, as dates in the partner zone', () => {
    expect(bookableDateRange(config, now)).toEqual({ first: '2026-03-21', last: '2026-04-19' });
    // 23:30 UTC on the 20th is already the 21st in Berlin.
    expect(bookableDateRange(config, new Date('2026-03-20T23:30:00Z'))).toEqual({
      first: '2026-03-22',
      last: '2026-04-20',
    });
  });

  it.each([
    ['2026-03-20', 'err_appointment_too_early'],
    ['2026-03-01', 'err_appointment_too_early'],
    ['2026-04-20', 'err_appointment_too_far'],
    ['2026-03-21', 'err_appointment_weekday_invalid'],
    ['2026-04-03', 'err_appointment_holiday'],
    ['2026-02-30', 'err_date_invalid'],
    ['29.03.2026', 'err_date_invalid'],
  ])('%s: %s', (date, code) => {
    expect(appointmentDateError(date, config, context)?.code).toBe(code);
  });

  it('accepts tomorrow (Sunday, allowed here), the last day, a weekday that is no holiday', () => {
    for (const date of ['2026-03-22', '2026-04-19', '2026-04-07']) {
      expect(appointmentDateError(date, config, context), date).toBeNull();
    }
    expect(appointmentDateError('2026-04-20', config, context)).toEqual({
      code: 'err_appointment_too_far',
      values: { days: 30 },
    });
  });
});

describe('the time rule', () => {
  it.each([
    ['09:00', null],
    ['16:30', null],
    ['08:45', 'err_appointment_outside_hours'],
    ['16:45', 'err_appointment_outside_hours'],
    ['17:00', 'err_appointment_outside_hours'],
    ['10:10', 'err_appointment_minute_step'],
    ['9:00', 'err_invalid_value'],
  ])('%s: %s', (time, code) => {
    expect(appointmentTimeError(time, config)?.code ?? null).toBe(code);
  });

  it('names the hours and the step in its values', () => {
    expect(appointmentTimeError('18:00', config)).toEqual({
      code: 'err_appointment_outside_hours',
      values: { start: '09:00', end: '17:00' },
    });
    expect(appointmentTimeError('10:05', config)).toEqual({
      code: 'err_appointment_minute_step',
      values: { step: 15 },
    });
  });
});

describe('meeting_time with offset and the customer zone', () => {
  const check = (meetingTime: unknown, timeZone?: unknown) =>
    meetingTimeIssues(meetingTime, timeZone, config, context).map((i) => [i.field, i.code, i.values]);

  it('takes the instant on the day clocks go forward with its real offset, and refuses the offset of the day before', () => {
    expect(check('2026-03-29T10:00:00+02:00')).toEqual([]);
    expect(check('2026-03-29T10:00:00+01:00')).toEqual([
      ['meeting_time', 'err_appointment_offset_mismatch', { offset: '+02:00' }],
    ]);
    expect(check('2026-03-29T08:00:00Z', 'UTC')).toEqual([]);
  });

  it('judges the time in the partner zone, whatever the customer zone (London 09:00 is Berlin 10:00)', () => {
    expect(check('2026-03-30T09:00:00+01:00', 'Europe/London')).toEqual([]);
    expect(check('2026-03-30T07:45:00+01:00', 'Europe/London')).toEqual([
      ['meeting_time', 'err_appointment_outside_hours', { start: '09:00', end: '17:00' }],
    ]);
  });

  it('reports a date and a time error together, a wrong format, seconds off the grid and an unknown zone', () => {
    expect(check('2026-03-21T08:00:00+01:00').map((i) => i[1])).toEqual([
      'err_appointment_weekday_invalid',
      'err_appointment_outside_hours',
    ]);
    expect(check('2026-03-23T10:00:00')).toEqual([['meeting_time', 'err_date_invalid', undefined]]);
    expect(check('2026-03-23T10:00:30+01:00')).toEqual([['meeting_time', 'err_appointment_minute_step', { step: 15 }]]);
    expect(check('2026-03-23T10:00:00+01:00', 'Mars/Olympus')).toEqual([['time_zone', 'err_invalid_value', undefined]]);
    expect(check(null)).toEqual([['meeting_time', 'err_required', undefined]]);
    expect(check(1774256400000)).toEqual([['meeting_time', 'err_date_invalid', undefined]]);
  });
});

describe('appointmentIssues', () => {
  it('passes a complete booking; the topic is optional', () => {
    expect(codesOf(valid)).toEqual([]);
    expect(codesOf({ ...valid, notes: null })).toEqual([]);
    expect(codesOf({ ...valid, notes: '' })).toEqual([]);
  });

  it('requires type, time and every contact field, all reported at once', () => {
    expect(codesOf({})).toEqual([
      ['meeting_type', 'err_required'],
      ['meeting_time', 'err_required'],
      ['first_name', 'err_required'],
      ['last_name', 'err_required'],
      ['company_name', 'err_required'],
      ['contact_email', 'err_required'],
      ['contact_phone', 'err_required'],
    ]);
    expect(codesOf({ ...valid, first_name: '   ', contact_phone: '' })).toEqual([
      ['first_name', 'err_required'],
      ['contact_phone', 'err_required'],
    ]);
  });

  it('refuses a meeting type the partner does not offer, bad e-mail and phone, hostile and long texts', () => {
    expect(
      codesOf({
        ...valid,
        meeting_type: 'in_person',
        contact_email: 'erika@',
        contact_phone: '030 1234567',
        first_name: 'Eri\u202Eka',
        last_name: 'Muster\tmann',
        company_name: 'x'.repeat(201),
        notes: 'a'.repeat(2001),
      }),
    ).toEqual([
      ['meeting_type', 'err_invalid_value'],
      ['first_name', 'err_invalid_characters'],
      ['last_name', 'err_invalid_characters'],
      ['company_name', 'err_too_long', { max: 200 }],
      ['contact_email', 'err_invalid_email'],
      ['contact_phone', 'err_invalid_phone'],
      ['notes', 'err_too_long', { max: 2000 }],
    ]);
    expect(codesOf({ ...valid, first_name: 42, notes: ['x'] })).toEqual([
      ['first_name', 'err_invalid_value'],
      ['notes', 'err_invalid_value'],
    ]);
  });
});

describe('free slots', () => {
  it('offer every start of the grid that ends by end_time, from start_time on the grid', () => {
    const times = slotTimes(config);
    expect(times[0]).toBe('09:00');
    expect(times.at(-1)).toBe('16:30');
    expect(times).toHaveLength(31);
    expect(slotTimes({ ...config, start_time: '09:10', end_time: '10:00' })).toEqual(['09:15', '09:30']);
  });

  it('cover the bookable days only: allowed weekdays without holidays, in the range asked for', () => {
    const days = freeSlots(config, {}, [], context.holidays, now);
    const dates = days.map((d) => d.date);
    expect(dates[0]).toBe('2026-03-22');
    expect(dates.at(-1)).toBe('2026-04-19');
    expect(dates).not.toContain('2026-03-21');
    expect(dates).not.toContain('2026-03-28');
    expect(dates).not.toContain('2026-04-03');
    expect(dates).not.toContain('2026-04-06');
    expect(dates).toContain('2026-04-07');
    expect(freeSlots(config, { from: '2026-03-24', to: '2026-03-25' }, [], [], now).map((d) => d.date)).toEqual([
      '2026-03-24',
      '2026-03-25',
    ]);
    expect(freeSlots(config, { from: '2026-01-01', to: '2026-03-22' }, [], [], now).map((d) => d.date)).toEqual([
      '2026-03-22',
    ]);
    expect(freeSlots(config, { from: '2026-05-01' }, [], [], now)).toEqual([]);
  });

  it('hide the slots that overlap a busy time of the advisor', () => {
    const busy = [{ start: new Date('2026-03-23T09:00:00Z'), end: new Date('2026-03-23T09:30:00Z') }];
    const [day] = freeSlots(config, { from: '2026-03-23', to: '2026-03-23' }, busy, [], now);
    const times = day!.slots.map((s) => s.time);
    expect(times).toHaveLength(31 - 3);
    for (const taken of ['09:45', '10:00', '10:15']) expect(times).not.toContain(taken);
    expect(times).toContain('09:30');
    expect(times).toContain('10:30');
  });

  it('write each slot with the offset of its own day (the day clocks go forward, and the day before)', () => {
    const days = freeSlots(config, { from: '2026-03-27', to: '2026-03-29' }, [], [], now);
    expect(days.map((d) => d.date)).toEqual(['2026-03-27', '2026-03-29']);
    expect(days[0]!.slots[0]).toEqual({ time: '09:00', meeting_time: '2026-03-27T09:00:00+01:00' });
    expect(days[1]!.slots[0]).toEqual({ time: '09:00', meeting_time: '2026-03-29T09:00:00+02:00' });
    // Every offered slot passes the booking rules as it is sent.
    for (const slot of days.flatMap((d) => d.slots)) {
      expect(meetingTimeIssues(slot.meeting_time, undefined, config, context), slot.meeting_time).toEqual([]);
    }
  });
});

describe('the config schema', () => {
  const base = {
    meeting_types: [{ value: 'telephone', label: { de: 'Telefonat' } }],
    days_of_week_allowed: ['mon'],
    end_date_in_days: 30,
    start_time: '09:00',
    end_time: '17:00',
    meeting_duration_minutes: 30,
  };

  it('defaults zone, holidays, step and advisor address', () => {
    expect(appointmentConfigSchema.parse(base)).toMatchObject({
      time_zone: 'Europe/Berlin',
      holiday_region: { country: 'DE' },
      minute_step: 15,
      meeting_url: null,
      address: null,
      advisor: null,
    });
  });

  it('refuses an unknown zone, a bad region, and hours shorter than one meeting', () => {
    expect(appointmentConfigSchema.safeParse({ ...base, time_zone: 'Europe/Atlantis' }).success).toBe(false);
    expect(appointmentConfigSchema.safeParse({ ...base, holiday_region: { country: 'de' } }).success).toBe(false);
    expect(appointmentConfigSchema.safeParse({ ...base, end_time: '09:15' }).success).toBe(false);
    expect(appointmentConfigSchema.safeParse({ ...base, meeting_url: 'http://webex.example/x' }).success).toBe(false);
  });
});

describe('the e-mail links', () => {
  it('are /appointments/<action>/<token>', () => {
    expect(appointmentLinkPath('cancel', 'abc_DEF-1')).toBe('/appointments/cancel/abc_DEF-1');
    expect(appointmentLinkPath('move', 'a/b')).toBe('/appointments/move/a%2Fb');
  });
});
