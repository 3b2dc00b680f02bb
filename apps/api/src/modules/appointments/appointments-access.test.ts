import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentsPath,
  appointmentsState,
  book,
  buildAppointment,
  currentAppointment,
  MARCH_NOW,
  postAppointment,
  setNow,
  slotsPath,
  slotsOf,
} from '../../test/appointments.js';
import { createApplication, seed } from '../../test/dashboard.js';
import { setStatus } from '../../test/finance-objects.js';
import { errorsOf, useTestApp, type TestClient, type TestResponse } from '../../test/harness.js';
import { tableDigests } from '../../test/table-digest.js';

/**
 * Who may call the appointment routes of an application (issue 12; ADR 017): the applicant books;
 * an accepted signatory reads the appointment and the slots; borrower B of the same partner and a
 * borrower of another partner get 404 on every route (never a confirmation that A's application
 * exists), nobody 401, nothing changed. A closed application takes no booking.
 */
const t = await useTestApp();
setNow(t, MARCH_NOW);
const [{ client: owner }, { client: borrowerB }, { client: signer, user: signerUser }, { client: other }] =
  await Promise.all([
    t.signUp('demo', { ip: '10.0.13.1' }),
    t.signUp('demo', { ip: '10.0.13.2' }),
    t.signUp('demo', { ip: '10.0.13.3' }),
    t.signUp('alpen', { ip: '10.0.13.4' }),
  ]);
const nobody = t.client('demo', { ip: '10.0.13.5' });

const everyRoute = (id: string) =>
  [
    ['GET', (c: TestClient) => c.get(appointmentsPath(id))],
    ['GET slots', (c: TestClient) => c.get(slotsPath(id))],
    [
      'POST',
      (c: TestClient) => postAppointment(c, id, buildAppointment({ meeting_time: '2026-03-26T14:00:00+01:00' })),
    ],
  ] as const satisfies readonly (readonly [string, (c: TestClient) => Promise<TestResponse>])[];

describe('strangers', () => {
  let id: string;

  beforeAll(async () => {
    id = (await createApplication(owner)).applicationId;
    await book(owner, id, { meeting_time: '2026-03-26T10:00:00+01:00' });
    // The strangers have applications of their own.
    await createApplication(borrowerB);
  });

  it("get 404 on A's appointment routes (borrower B, another partner), nobody 401, nothing changed", async () => {
    const before = await tableDigests(t);
    for (const [label, call] of everyRoute(id)) {
      for (const [who, client, status] of [
        ['borrower B', borrowerB, 404],
        ['another partner', other, 404],
        ['nobody', nobody, 401],
      ] as const) {
        const res = await call(client);
        expect(res.statusCode, `${label} ${who}: ${res.body}`).toBe(status);
        if (status === 404) expect(errorsOf(res)).toEqual([{ code: 'err_entity_not_found' }]);
      }
    }
    expect(await tableDigests(t)).toEqual(before);
    expect((await currentAppointment(owner, id))?.meeting_time).toBe('2026-03-26T10:00:00+01:00');
  });
});

describe('an accepted signatory', () => {
  it('reads the appointment and the slots, and may not book (403, nothing stored)', async () => {
    const id = (await createApplication(owner)).applicationId;
    await seed(t, id, { signatories: [{ first_name: 'Signer', user_email: signerUser.email }] });
    expect(await currentAppointment(signer, id)).toBeNull();
    expect((await slotsOf(signer, id)).days.length).toBeGreaterThan(0);
    const before = await appointmentsState(t, id);
    const res = await postAppointment(signer, id, buildAppointment({ meeting_time: '2026-03-26T11:00:00+01:00' }));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorsOf(res)).toEqual([{ code: 'err_no_permission' }]);
    expect(await appointmentsState(t, id)).toBe(before);
    const booked = await book(owner, id, { meeting_time: '2026-03-26T11:00:00+01:00' });
    expect(await currentAppointment(signer, id)).toEqual(booked);
  });
});

describe('the status', () => {
  it('a closed (Rejected) application takes no booking; under review and at Signature it does', async () => {
    const closed = (await createApplication(owner)).applicationId;
    await setStatus(t, closed, 'Rejected');
    const before = await appointmentsState(t, closed);
    const res = await postAppointment(owner, closed, buildAppointment({ meeting_time: '2026-03-27T10:00:00+01:00' }));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorsOf(res)).toEqual([{ code: 'err_no_permission' }]);
    expect(await appointmentsState(t, closed)).toBe(before);

    for (const [status, time] of [
      ['Submitted', '2026-03-27T10:00:00+01:00'],
      ['Signature', '2026-03-27T11:00:00+01:00'],
    ] as const) {
      const id = (await createApplication(owner)).applicationId;
      await setStatus(t, id, status);
      expect((await book(owner, id, { meeting_time: time })).status, status).toBe('booked');
    }
  });
});
