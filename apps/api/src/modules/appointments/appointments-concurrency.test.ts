import { describe, expect, it } from 'vitest';
import { book, buildAppointment, MARCH_NOW, postAppointment, setNow, slotsOf } from '../../test/appointments.js';
import { createApplication } from '../../test/dashboard.js';
import { errorsOf, useTestApp } from '../../test/harness.js';

/**
 * One advisor cannot be booked twice for overlapping times (issue 12; ADR 017): a database
 * constraint (an exclusion constraint over the advisor and the time range), not only a check, so
 * that concurrent bookings of one slot give exactly one 201; the same for one application.
 */
const t = await useTestApp();
setNow(t, MARCH_NOW);
const borrowers = await Promise.all(
  Array.from({ length: 6 }, (_, i) => t.signUp('demo', { ip: `10.0.14.${i + 1}` }).then((b) => b.client)),
);

describe('two concurrent bookings of one slot', () => {
  it('give exactly one 201 and one 409 err_appointment_slot_taken, every round', async () => {
    const rounds = ['2026-03-23T10:00:00+01:00', '2026-03-23T11:00:00+01:00', '2026-03-23T12:00:00+01:00'];
    for (const [round, time] of rounds.entries()) {
      const [a, b] = [borrowers[round * 2]!, borrowers[round * 2 + 1]!];
      const [idA, idB] = [(await createApplication(a)).applicationId, (await createApplication(b)).applicationId];
      const answers = await Promise.all([
        postAppointment(a, idA, buildAppointment({ meeting_time: time })),
        postAppointment(b, idB, buildAppointment({ meeting_time: time })),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), time).toEqual([201, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(errorsOf(refused)).toEqual([{ code: 'err_appointment_slot_taken' }]);
      const [{ n }] = (await t.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM appointments WHERE application_id = ANY($1::uuid[]) AND status = 'booked'`,
        [[idA, idB]],
      )) as [{ n: number }];
      expect(n).toBe(1);
    }
  });

  it('an overlapping (not equal) time is taken too, the slots no longer offer it, and the next free one books', async () => {
    const [a, b] = [borrowers[0]!, borrowers[1]!];
    const idA = (await createApplication(a)).applicationId;
    const idB = (await createApplication(b)).applicationId;
    await book(a, idA, { meeting_time: '2026-03-24T10:00:00+01:00' });
    const overlapping = await postAppointment(b, idB, buildAppointment({ meeting_time: '2026-03-24T10:15:00+01:00' }));
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect(errorsOf(overlapping)).toEqual([{ code: 'err_appointment_slot_taken' }]);
    const day = (await slotsOf(b, idB, 'from=2026-03-24&to=2026-03-24')).days[0]!;
    expect(day.slots.map((s) => s.time)).not.toEqual(expect.arrayContaining(['09:45', '10:00', '10:15']));
    expect((await book(b, idB, { meeting_time: '2026-03-24T10:30:00+01:00' })).status).toBe('booked');
  });

  it('the database itself refuses an overlapping booked row of the same advisor (23P01), not the API alone', async () => {
    const ids = [
      (await createApplication(borrowers[3]!)).applicationId,
      (await createApplication(borrowers[4]!)).applicationId,
    ];
    const insert = (applicationId: string, advisor: string, start: string, end: string) =>
      t.sql(
        `INSERT INTO appointments (application_id, partner_id, user_id, meeting_type, meeting_time, meeting_end, advisor_key,
                                   first_name, last_name, company_name, contact_email, contact_phone)
         SELECT id, 'demo', user_id, 'telephone', $2, $3, $4, 'A', 'B', 'C', 'a@example.com', '+4930123456'
         FROM applications WHERE id = $1`,
        [applicationId, start, end, advisor],
      );
    await insert(ids[0]!, 'db-test@example.com', '2026-05-04T08:00:00Z', '2026-05-04T08:30:00Z');
    await expect(
      insert(ids[1]!, 'db-test@example.com', '2026-05-04T08:15:00Z', '2026-05-04T08:45:00Z'),
    ).rejects.toMatchObject({
      code: '23P01',
    });
    // Another advisor at the same time, and the same advisor right after, are fine.
    await insert(ids[1]!, 'other-advisor@example.com', '2026-05-04T08:15:00Z', '2026-05-04T08:45:00Z');
    await t.sql('DELETE FROM appointments WHERE application_id = $1', [ids[1]]);
    await insert(ids[1]!, 'db-test@example.com', '2026-05-04T08:30:00Z', '2026-05-04T09:00:00Z');
    // A cancelled appointment blocks nothing.
    await t.sql("UPDATE appointments SET status = 'cancelled' WHERE application_id = $1", [ids[0]]);
    await insert(ids[0]!, 'db-test@example.com', '2026-05-04T08:00:00Z', '2026-05-04T08:30:00Z');
  });
});

describe('two concurrent bookings of one application', () => {
  it('give one 201 and one 409 err_appointment_exists (different times)', async () => {
    const client = borrowers[2]!;
    const id = (await createApplication(client)).applicationId;
    const answers = await Promise.all([
      postAppointment(client, id, buildAppointment({ meeting_time: '2026-03-25T09:00:00+01:00' })),
      postAppointment(client, id, buildAppointment({ meeting_time: '2026-03-25T15:00:00+01:00' })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(errorsOf(answers.find((r) => r.statusCode === 409)!)).toEqual([{ code: 'err_appointment_exists' }]);
  });
});
