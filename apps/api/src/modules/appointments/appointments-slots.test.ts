import { describe, expect, it } from 'vitest';
import { readPartnerFiles } from '../../platform/tenancy.js';
import {
  book,
  byTokenPath,
  linkTokens,
  appointmentMails,
  MARCH_NOW,
  setAppointmentConfig,
  setNow,
  slotsOf,
  slotsPath,
} from '../../test/appointments.js';
import { createApplication } from '../../test/dashboard.js';
import { alpenWorkingCapital } from '../../test/representatives.js';
import { errorsOf, expectErrors, useTestApp } from '../../test/harness.js';
import { holidaysBetween, isKnownHolidayRegion } from './holidays.js';

/**
 * The free slots (issue 12; ADR 017): what the date and time pickers offer comes from the API,
 * so that they offer only what can be booked: the bookable days (from tomorrow to
 * end_date_in_days) on allowed weekdays, without the public holidays of the partner's region
 * (date-holidays) and without the advisor's taken times; each slot with the offset of its day.
 */
const t = await useTestApp();
setNow(t, MARCH_NOW);
const [{ client: owner }, { client: other }, { client: alpenOwner }] = await Promise.all([
  t.signUp('demo', { ip: '10.0.19.1' }),
  t.signUp('demo', { ip: '10.0.19.2' }),
  t.signUp('alpen', { ip: '10.0.19.3' }),
]);

describe('the slots', () => {
  it('cover the bookable weekdays without the public holidays of Berlin', async () => {
    const id = (await createApplication(owner)).applicationId;
    const slots = await slotsOf(owner, id);
    expect(slots).toMatchObject({
      time_zone: 'Europe/Berlin',
      meeting_duration_minutes: 30,
      first_date: '2026-03-21',
      last_date: '2026-04-19',
      holidays: ['2026-04-03', '2026-04-06'],
    });
    const dates = slots.days.map((d) => d.date);
    expect(dates[0]).toBe('2026-03-23');
    expect(dates.at(-1)).toBe('2026-04-17');
    expect(dates).toHaveLength(18);
    for (const closed of ['2026-03-21', '2026-03-22', '2026-04-03', '2026-04-06']) expect(dates).not.toContain(closed);
    expect(slots.days[0]!.slots[0]).toEqual({ time: '09:00', meeting_time: '2026-03-23T09:00:00+01:00' });
    expect(slots.days[0]!.slots.at(-1)).toEqual({ time: '16:30', meeting_time: '2026-03-23T16:30:00+01:00' });
  });

  it("hide another customer's booked time, and offer it again once it is cancelled; an offered slot books", async () => {
    const mine = (await createApplication(owner)).applicationId;
    const theirs = (await createApplication(other)).applicationId;
    const timesOn = async (date: string) =>
      (await slotsOf(owner, mine, `from=${date}&to=${date}`)).days[0]!.slots.map((s) => s.time);
    expect(await timesOn('2026-03-31')).toEqual(expect.arrayContaining(['13:45', '14:00', '14:15']));
    await book(other, theirs, { meeting_time: '2026-03-31T14:00:00+02:00', contact_email: 'slots-other@example.com' });
    const taken = await timesOn('2026-03-31');
    for (const time of ['13:45', '14:00', '14:15']) expect(taken).not.toContain(time);
    expect(taken).toContain('13:30');
    expect(taken).toContain('14:30');

    const [mail] = await appointmentMails(t, 'slots-other@example.com');
    await other.post(byTokenPath(linkTokens(mail!).cancel, '/cancel'));
    expect(await timesOn('2026-03-31')).toContain('14:00');

    const offered = (await slotsOf(owner, mine, 'from=2026-04-01')).days[0]!.slots[3]!;
    expect((await book(owner, mine, { meeting_time: offered.meeting_time })).meeting_time).toBe(offered.meeting_time);
  });

  it('carry the offset of their own day around the change of the clocks', async () => {
    await setAppointmentConfig(t, 'demo', { days_of_week_allowed: ['sat', 'sun'] });
    try {
      const id = (await createApplication(owner)).applicationId;
      const days = (await slotsOf(owner, id, 'from=2026-03-28&to=2026-03-29')).days;
      expect(days.map((d) => [d.date, d.slots[0]!.meeting_time])).toEqual([
        ['2026-03-28', '2026-03-28T09:00:00+01:00'],
        ['2026-03-29', '2026-03-29T09:00:00+02:00'],
      ]);
    } finally {
      await setAppointmentConfig(t, 'demo', { days_of_week_allowed: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    }
  });

  it("follow the partner's zone and region: Vienna, Austrian holidays (Easter Monday, not Good Friday)", async () => {
    const form = t.ctx.partners.get('alpen')!.dynamic_form!;
    const id = await alpenWorkingCapital(alpenOwner, form);
    const slots = await slotsOf(alpenOwner, id);
    expect(slots.time_zone).toBe('Europe/Vienna');
    expect(slots.holidays).toEqual(['2026-04-06']);
    expect(slots.days.map((d) => d.date)).toContain('2026-04-03');
  });

  it('refuse a bad range: an impossible date, an end before the start, unknown parameters', async () => {
    const id = (await createApplication(owner)).applicationId;
    expectErrors(await owner.get(slotsPath(id, 'from=2026-02-30')), 400, [{ code: 'err_date_invalid', field: 'from' }]);
    const reversed = await owner.get(slotsPath(id, 'from=2026-04-02&to=2026-04-01'));
    expect(reversed.statusCode).toBe(400);
    expect(errorsOf(reversed)).toEqual([
      { code: 'err_appointment_date_range', field: 'to', values: { from: '2026-04-02' } },
    ]);
    expect((await owner.get(slotsPath(id, 'from=tomorrow'))).statusCode).toBe(400);
    expect((await owner.get(slotsPath(id, 'advisor=x'))).statusCode).toBe(400);
    expect((await slotsOf(owner, id, 'from=2027-01-01')).days).toEqual([]);
  });
});

describe('the holiday regions of the partner files', () => {
  it('are known to date-holidays, and name the regional holidays (Berlin: 8 March; Vienna: 15 August)', () => {
    for (const partner of readPartnerFiles(t.config.PARTNERS_DIR)) {
      if (partner.appointment_config) {
        expect(isKnownHolidayRegion(partner.appointment_config.holiday_region), partner.key).toBe(true);
      }
    }
    expect(isKnownHolidayRegion({ country: 'DE', state: 'XX' })).toBe(false);
    expect(isKnownHolidayRegion({ country: 'QQ' })).toBe(false);
    expect(holidaysBetween({ country: 'DE', state: 'BE' }, '2026-03-01', '2026-03-31')).toEqual(['2026-03-08']);
    expect(holidaysBetween({ country: 'DE', state: 'BY' }, '2026-03-01', '2026-03-31')).toEqual([]);
    expect(holidaysBetween({ country: 'AT', state: '9' }, '2026-08-01', '2026-08-31')).toEqual(['2026-08-15']);
    expect(holidaysBetween({ country: 'PL' }, '2026-12-20', '2027-01-07')).toEqual([
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2027-01-01',
      '2027-01-06',
    ]);
  });
});
