import { describe, expect, it } from 'vitest';
import {
  appointmentMails,
  appointmentsPath,
  appointmentsState,
  book,
  buildAppointment,
  currentAppointment,
  MARCH_NOW,
  postAppointment,
  setAppointmentConfig,
  setNow,
} from '../../test/appointments.js';
import { createApplication, getApplication } from '../../test/dashboard.js';
import { errorsOf, expectErrors, useTestApp } from '../../test/harness.js';

/**
 * Booking an advisor appointment (issue 12; ADR 017): POST …/appointments re-checks every rule of
 * spec 2 section 5 (nothing stored on a refusal), stores the instant with the customer's zone and
 * answers it with that zone's offset, also on the days clocks change; GET answers the booked
 * appointment; is_appointment_created follows it.
 */
const t = await useTestApp();
setNow(t, MARCH_NOW);
// Demo: Berlin, Monday to Friday 09:00-17:00, 30-minute meetings on a 15-minute grid, 30 days ahead.
const { client: owner, user: ownerUser } = await t.signUp('demo', { registration: { communication_language: 'en' } });

describe('each rule with bad input: 400 with its code on meeting_time or the field, nothing stored', () => {
  it.each([
    ['today', { meeting_time: '2026-03-20T15:00:00+01:00' }, 'err_appointment_too_early', 'meeting_time'],
    ['in the past', { meeting_time: '2026-03-02T10:00:00+01:00' }, 'err_appointment_too_early', 'meeting_time'],
    ['31 days ahead', { meeting_time: '2026-04-20T10:00:00+02:00' }, 'err_appointment_too_far', 'meeting_time'],
    ['a Saturday', { meeting_time: '2026-03-21T10:00:00+01:00' }, 'err_appointment_weekday_invalid', 'meeting_time'],
    [
      'Good Friday (a public holiday)',
      { meeting_time: '2026-04-03T10:00:00+02:00' },
      'err_appointment_holiday',
      'meeting_time',
    ],
    [
      'before start_time',
      { meeting_time: '2026-03-23T08:45:00+01:00' },
      'err_appointment_outside_hours',
      'meeting_time',
    ],
    [
      'ending after end_time',
      { meeting_time: '2026-03-23T16:45:00+01:00' },
      'err_appointment_outside_hours',
      'meeting_time',
    ],
    [
      'off the 15-minute grid',
      { meeting_time: '2026-03-23T10:10:00+01:00' },
      'err_appointment_minute_step',
      'meeting_time',
    ],
    [
      'the offset of another day',
      { meeting_time: '2026-03-30T10:00:00+01:00' },
      'err_appointment_offset_mismatch',
      'meeting_time',
    ],
    ['no offset', { meeting_time: '2026-03-23T10:00:00' }, 'err_date_invalid', 'meeting_time'],
    ['no meeting time', { meeting_time: null }, 'err_required', 'meeting_time'],
    ['an unknown zone', { time_zone: 'Europe/Atlantis' }, 'err_invalid_value', 'time_zone'],
    ['no meeting type', { meeting_type: null }, 'err_required', 'meeting_type'],
    ['a meeting type not offered', { meeting_type: 'carrier_pigeon' }, 'err_invalid_value', 'meeting_type'],
    ['no first name', { first_name: '' }, 'err_required', 'first_name'],
    ['no last name', { last_name: '  ' }, 'err_required', 'last_name'],
    ['no company', { company_name: null }, 'err_required', 'company_name'],
    ['no e-mail', { contact_email: '' }, 'err_required', 'contact_email'],
    ['a bad e-mail', { contact_email: 'erika@example' }, 'err_invalid_email', 'contact_email'],
    ['no phone', { contact_phone: '' }, 'err_required', 'contact_phone'],
    ['a phone without country code', { contact_phone: '030 1234567' }, 'err_invalid_phone', 'contact_phone'],
    ['a tab in a name', { first_name: 'Eri\tka' }, 'err_invalid_characters', 'first_name'],
    ['a bidi override in the company', { company_name: 'Evil\u202Egnp.exe' }, 'err_invalid_characters', 'company_name'],
    ['a topic that is too long', { notes: 'x'.repeat(2001) }, 'err_too_long', 'notes'],
  ] as const)('%s: %s', async (_label, override, code, field) => {
    const id = (await createApplication(owner)).applicationId;
    const before = await appointmentsState(t, id);
    const res = await postAppointment(owner, id, {
      ...buildAppointment({ meeting_time: '2026-03-23T10:00:00+01:00' }),
      ...override,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res).map((e) => [e.code, e.field])).toContainEqual([code, field]);
    expect(await appointmentsState(t, id)).toBe(before);
    expect(await currentAppointment(owner, id)).toBeNull();
  });

  it('reports every field at once, and refuses unknown fields and wrong types', async () => {
    const id = (await createApplication(owner)).applicationId;
    expectErrors(await postAppointment(owner, id, {}), 400, [
      { code: 'err_required', field: 'meeting_type' },
      { code: 'err_required', field: 'meeting_time' },
      { code: 'err_required', field: 'first_name' },
      { code: 'err_required', field: 'last_name' },
      { code: 'err_required', field: 'company_name' },
      { code: 'err_required', field: 'contact_email' },
      { code: 'err_required', field: 'contact_phone' },
    ]);
    const unknown = await postAppointment(owner, id, {
      ...buildAppointment({ meeting_time: '2026-03-23T10:00:00+01:00' }),
      advisor_key: 'x',
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    const wrongType = await postAppointment(
      owner,
      id,
      buildAppointment({ meeting_time: 1774256400000 as unknown as string }),
    );
    expect(wrongType.statusCode, wrongType.body).toBe(400);
    expect(await appointmentsState(t, id)).toBe('0 d41d8cd98f00b204e9800998ecf8427e');
  });
});

describe('a booking', () => {
  it('answers 201 with the appointment; GET answers it; is_appointment_created turns true; a second one is 409', async () => {
    const id = (await createApplication(owner)).applicationId;
    expect((await getApplication(owner, id)).is_appointment_created).toBe(false);
    const booked = await book(owner, id, { meeting_time: '2026-03-23T10:00:00+01:00', meeting_type: 'in_person' });
    expect(booked).toMatchObject({
      status: 'booked',
      meeting_type: 'in_person',
      meeting_time: '2026-03-23T10:00:00+01:00',
      meeting_end: '2026-03-23T10:30:00+01:00',
      time_zone: 'Europe/Berlin',
      duration_minutes: 30,
      advisor: { name: 'Anna Berger', avatar_url: null },
      address: 'Demo Finanz GmbH, Friedrichstraße 1, 10117 Berlin',
      meeting_url: null,
      first_name: 'Erika',
      contact_email: 'erika.mustermann@example.com',
      notes: 'Fragen zur Laufzeit\nund zu Sondertilgungen',
    });
    expect(await currentAppointment(owner, id)).toEqual(booked);
    expect((await getApplication(owner, id)).is_appointment_created).toBe(true);
    const [row] = await t.sql<{ meeting_time: Date; user_id: string; language: string; advisor_key: string }>(
      'SELECT meeting_time, user_id, language, advisor_key FROM appointments WHERE application_id = $1',
      [id],
    );
    expect(row).toEqual({
      meeting_time: new Date('2026-03-23T09:00:00Z'),
      user_id: ownerUser.userId,
      language: 'en',
      advisor_key: 'anna.berger@demo-finanz.example',
    });

    const before = await appointmentsState(t, id);
    const again = await postAppointment(owner, id, buildAppointment({ meeting_time: '2026-03-24T10:00:00+01:00' }));
    expect(again.statusCode, again.body).toBe(409);
    expect(errorsOf(again)).toEqual([{ code: 'err_appointment_exists' }]);
    expect(await appointmentsState(t, id)).toBe(before);
  });

  it('writes an audit entry and the e-mails: the confirmation to the contact address, the notice to the advisor', async () => {
    const id = (await createApplication(owner)).applicationId;
    const booked = await book(owner, id, {
      meeting_time: '2026-03-25T11:00:00+01:00',
      contact_email: 'Contact.Person@Example.com',
    });
    const [audit] = await t.sql<{ action: string; user_id: string }>(
      "SELECT action, user_id FROM audit_log WHERE entity = 'appointment' AND entity_id = $1",
      [booked.appointment_id],
    );
    expect(audit).toEqual({ action: 'appointment.booked', user_id: ownerUser.userId });
    const [confirmation] = await appointmentMails(t, 'contact.person@example.com');
    expect(confirmation).toMatchObject({ template: 'appointment_booked', language: 'en' });
    expect(confirmation!.subject).toBe('Your appointment on Wednesday, March 25, 2026 at 11:00 AM GMT+1 – Demo Finanz');
    const notices = await appointmentMails(t, 'anna.berger@demo-finanz.example');
    expect(notices.map((m) => m.template)).toContain('appointment_advisor_booked');
    expect(notices.find((m) => m.text_body.includes('contact.person@example.com'))?.language).toBe('de');
  });

  it('on the day clocks go forward (Sunday 2026-03-29): stored as the instant, answered with +02:00, the day before with +01:00', async () => {
    await setAppointmentConfig(t, 'demo', { days_of_week_allowed: ['sat', 'sun'] });
    try {
      const sunday = (await createApplication(owner)).applicationId;
      const saturday = (await createApplication(owner)).applicationId;
      const onSunday = await book(owner, sunday, { meeting_time: '2026-03-29T10:00:00+02:00' });
      const onSaturday = await book(owner, saturday, { meeting_time: '2026-03-28T10:00:00+01:00' });
      expect([onSunday.meeting_time, onSunday.meeting_end]).toEqual([
        '2026-03-29T10:00:00+02:00',
        '2026-03-29T10:30:00+02:00',
      ]);
      expect([onSaturday.meeting_time, onSaturday.meeting_end]).toEqual([
        '2026-03-28T10:00:00+01:00',
        '2026-03-28T10:30:00+01:00',
      ]);
      const rows = await t.sql<{ application_id: string; utc: string }>(
        `SELECT application_id, to_char(meeting_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS utc
         FROM appointments WHERE application_id = ANY($1::uuid[])`,
        [[sunday, saturday]],
      );
      expect(Object.fromEntries(rows.map((r) => [r.application_id, r.utc]))).toEqual({
        [sunday]: '2026-03-29T08:00',
        [saturday]: '2026-03-28T09:00',
      });
      expect((await currentAppointment(owner, sunday))?.meeting_time).toBe('2026-03-29T10:00:00+02:00');
    } finally {
      await setAppointmentConfig(t, 'demo', { days_of_week_allowed: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    }
  });

  it('on the day clocks go back (Sunday 2026-10-25): +01:00, shown in the customer zone when it is another one', async () => {
    setNow(t, '2026-10-20T10:00:00Z');
    await setAppointmentConfig(t, 'demo', { days_of_week_allowed: ['sun'] });
    try {
      const id = (await createApplication(owner)).applicationId;
      const wrong = await postAppointment(owner, id, buildAppointment({ meeting_time: '2026-10-25T10:00:00+02:00' }));
      expect(errorsOf(wrong)).toEqual([
        { code: 'err_appointment_offset_mismatch', field: 'meeting_time', values: { offset: '+01:00' } },
      ]);
      const booked = await book(owner, id, { meeting_time: '2026-10-25T09:00:00+00:00', time_zone: 'Europe/London' });
      expect(booked).toMatchObject({ meeting_time: '2026-10-25T09:00:00+00:00', time_zone: 'Europe/London' });
      const [row] = await t.sql<{ meeting_time: Date }>(
        'SELECT meeting_time FROM appointments WHERE application_id = $1',
        [id],
      );
      expect(row!.meeting_time.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    } finally {
      setNow(t, MARCH_NOW);
      await setAppointmentConfig(t, 'demo', { days_of_week_allowed: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    }
  });
});

describe('a partner without appointment config', () => {
  it('answers 409 err_appointments_not_offered to a booking and to the slots; GET answers null', async () => {
    const { client: nordOwner } = await t.signUp('nordbank', { ip: '10.0.17.9' });
    expect(t.ctx.partners.get('nordbank')!.appointment_config).toBeNull();
    const id = (await createApplication(nordOwner)).applicationId;
    const res = await postAppointment(nordOwner, id, buildAppointment({ meeting_time: '2026-03-23T10:00:00+01:00' }));
    expect(res.statusCode, res.body).toBe(409);
    expect(errorsOf(res)).toEqual([{ code: 'err_appointments_not_offered' }]);
    expect((await nordOwner.get(`${appointmentsPath(id)}/slots`)).statusCode).toBe(409);
    expect(await currentAppointment(nordOwner, id)).toBeNull();
  });
});
