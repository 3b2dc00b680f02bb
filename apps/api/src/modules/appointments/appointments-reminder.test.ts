import { afterAll, describe, expect, it } from 'vitest';
import {
  appointmentMails,
  book,
  byTokenPath,
  linkTokens,
  linkViewOf,
  MARCH_NOW,
  setNow,
} from '../../test/appointments.js';
import { createApplication } from '../../test/dashboard.js';
import { useTestApp } from '../../test/harness.js';
import { enqueue, JobWorker, type JobHandler } from '../../platform/jobs/queue.js';
import { APPOINTMENT_REMINDERS, appointmentRemindersHandler, reminderDueAt } from './jobs.js';

/**
 * The reminder the day before (issue 12; ADR 017): a scheduled job sends it from 08:00 (the
 * customer's zone) on the calendar day before the meeting, once per appointment; run here with a
 * fixed clock. Not for a cancelled appointment; again after a move; not when the booking came
 * after the reminder's time (the confirmation has just gone out).
 */
const t = await useTestApp();
setNow(t, MARCH_NOW);
const { client: owner } = await t.signUp('demo', { ip: '10.0.18.1', registration: { communication_language: 'fr' } });
const anyone = t.client('demo', { ip: '10.0.18.2' });

const workers: JobWorker[] = [];
afterAll(() => Promise.all(workers.map((w) => w.stop())));

/** Runs the reminder job once with the clock at `iso`. */
async function runReminders(iso: string): Promise<void> {
  const worker = new JobWorker(
    t.ctx.db,
    [appointmentRemindersHandler(t.ctx, () => new Date(iso)) as JobHandler<never>],
    [],
    { pollMs: 1000, leaseSeconds: 60, concurrency: 1, log: { warn: () => undefined, error: () => undefined } },
  );
  workers.push(worker);
  await enqueue(t.ctx.db, APPOINTMENT_REMINDERS, {});
  await worker.drain();
  const [job] = await t.sql<{ status: string }>(
    "SELECT status FROM jobs WHERE type = 'appointments.reminders' ORDER BY id DESC LIMIT 1",
  );
  expect(job?.status).toBe('done');
}

const templatesTo = async (email: string) => (await appointmentMails(t, email)).map((m) => m.template).reverse();
const remindedAt = async (id: string) =>
  (await t.sql<{ reminded_at: Date | null }>('SELECT reminded_at FROM appointments WHERE id = $1', [id]))[0]!
    .reminded_at;

describe('reminderDueAt', () => {
  it('is 08:00 in the customer zone on the day before, also across the change of the clocks', () => {
    expect(reminderDueAt(new Date('2026-03-24T09:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-23T07:00:00.000Z',
    );
    // Monday 30 March: the Sunday before is already summer time.
    expect(reminderDueAt(new Date('2026-03-30T08:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(reminderDueAt(new Date('2026-03-30T08:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-29T12:00:00.000Z',
    );
  });
});

describe('the reminder job', () => {
  it('sends the reminder from 08:00 the day before, once, with working links', async () => {
    const id = (await createApplication(owner)).applicationId;
    const booked = await book(owner, id, {
      meeting_time: '2026-03-24T10:00:00+01:00',
      contact_email: 'remind@example.com',
    });

    await runReminders('2026-03-23T06:59:00Z');
    expect(await templatesTo('remind@example.com')).toEqual(['appointment_booked']);
    expect(await remindedAt(booked.appointment_id)).toBeNull();

    await runReminders('2026-03-23T07:00:00Z');
    expect(await templatesTo('remind@example.com')).toEqual(['appointment_booked', 'appointment_reminder']);
    expect(await remindedAt(booked.appointment_id)).toEqual(new Date('2026-03-23T07:00:00Z'));
    const [reminder] = await appointmentMails(t, 'remind@example.com');
    expect(reminder).toMatchObject({ language: 'fr', attachments: null });
    expect(reminder!.subject).toBe('Rappel : votre rendez-vous du mardi 24 mars 2026 à 10:00 UTC+1 – Demo Finanz');

    await runReminders('2026-03-23T18:00:00Z');
    await runReminders('2026-03-24T08:00:00Z');
    expect(await templatesTo('remind@example.com')).toEqual(['appointment_booked', 'appointment_reminder']);

    // The reminder's links work (the confirmation's stay valid too).
    const { cancel } = linkTokens(reminder!);
    expect(linkViewOf(await anyone.get(byTokenPath(cancel))).appointment_id).toBe(booked.appointment_id);
  });

  it('on the Sunday clocks go forward for a Monday meeting: due at 08:00 summer time', async () => {
    const id = (await createApplication(owner)).applicationId;
    await book(owner, id, { meeting_time: '2026-03-30T10:00:00+02:00', contact_email: 'remind-dst@example.com' });
    await runReminders('2026-03-29T05:59:00Z');
    expect(await templatesTo('remind-dst@example.com')).toEqual(['appointment_booked']);
    await runReminders('2026-03-29T06:00:00Z');
    expect(await templatesTo('remind-dst@example.com')).toEqual(['appointment_booked', 'appointment_reminder']);
  });

  it('skips a cancelled appointment, reminds again after a move, and not for a booking made after the reminder time', async () => {
    const cancelledId = (await createApplication(owner)).applicationId;
    await book(owner, cancelledId, {
      meeting_time: '2026-03-25T10:00:00+01:00',
      contact_email: 'remind-cancelled@example.com',
    });
    const [confirmation] = await appointmentMails(t, 'remind-cancelled@example.com');
    linkViewOf(await anyone.post(byTokenPath(linkTokens(confirmation!).cancel, '/cancel')));

    const movedId = (await createApplication(owner)).applicationId;
    await book(owner, movedId, {
      meeting_time: '2026-03-25T11:00:00+01:00',
      contact_email: 'remind-moved@example.com',
    });
    await runReminders('2026-03-24T08:00:00Z');
    expect(await templatesTo('remind-cancelled@example.com')).toEqual(['appointment_booked', 'appointment_cancelled']);
    expect(await templatesTo('remind-moved@example.com')).toEqual(['appointment_booked', 'appointment_reminder']);
    const [reminder] = await appointmentMails(t, 'remind-moved@example.com');
    linkViewOf(
      await anyone.post(byTokenPath(linkTokens(reminder!).move, '/move'), {
        meeting_time: '2026-03-27T11:00:00+01:00',
      }),
    );
    await runReminders('2026-03-26T08:00:00Z');
    expect(await templatesTo('remind-moved@example.com')).toEqual([
      'appointment_booked',
      'appointment_reminder',
      'appointment_moved',
      'appointment_reminder',
    ]);

    // Booked at 12:00 on the day before: the confirmation suffices.
    setNow(t, '2026-03-26T12:00:00Z');
    try {
      const lateId = (await createApplication(owner)).applicationId;
      const late = await book(owner, lateId, {
        meeting_time: '2026-03-27T15:00:00+01:00',
        contact_email: 'remind-late@example.com',
      });
      await runReminders('2026-03-26T12:05:00Z');
      expect(await templatesTo('remind-late@example.com')).toEqual(['appointment_booked']);
      expect(await remindedAt(late.appointment_id)).toEqual(new Date('2026-03-26T12:05:00Z'));
    } finally {
      setNow(t, MARCH_NOW);
    }
  });

  it('is scheduled on every instance', () => {
    expect(t.ctx.jobs.types).toContain('appointments.reminders');
  });
});
