import { describe, expect, it } from 'vitest';
import {
  appointmentMails,
  appointmentsState,
  book,
  byTokenPath,
  currentAppointment,
  inviteOf,
  linkTokens,
  linkViewOf,
  MARCH_NOW,
  parseInvite,
  setNow,
} from '../../test/appointments.js';
import { createApplication, getApplication } from '../../test/dashboard.js';
import { errorsOf, useTestApp, type TestClient } from '../../test/harness.js';

/**
 * The cancel and move links of the appointment e-mails (issue 12; ADR 017): they work without
 * login, once each; a cancelled appointment can no longer be moved; cancelling sends METHOD:CANCEL
 * with the booking's UID, moving a new METHOD:REQUEST with the same UID and a higher SEQUENCE and
 * new links (the older ones stop); the banner comes back after a cancellation.
 */
const t = await useTestApp();
setNow(t, MARCH_NOW);
const { client: owner } = await t.signUp('demo', { ip: '10.0.15.1' });
// The links work without a session, in any browser.
const anyone = t.client('demo', { ip: '10.0.15.2' });

let emailCounter = 0;
/** A booking whose mails go to an address of its own; its first mail's tokens. */
async function booked(time: string, client: TestClient = owner) {
  emailCounter += 1;
  const email = `links-${emailCounter}@example.com`;
  const id = (await createApplication(client)).applicationId;
  const appointment = await book(client, id, { meeting_time: time, contact_email: email });
  const [mail] = await appointmentMails(t, email);
  expect(mail?.template).toBe('appointment_booked');
  return { id, email, appointment, mail: mail!, tokens: linkTokens(mail!) };
}

describe('the cancel link', () => {
  it('shows the appointment without login, cancels once, sends METHOD:CANCEL with the same UID, and the banner returns', async () => {
    const { id, email, appointment, mail, tokens } = await booked('2026-03-23T14:00:00+01:00');
    const request = parseInvite(inviteOf(mail).content);

    const view = linkViewOf(await anyone.get(byTokenPath(tokens.cancel)));
    expect(view).toMatchObject({
      appointment_id: appointment.appointment_id,
      action: 'cancel',
      status: 'booked',
      can_change: true,
      meeting_time: '2026-03-23T14:00:00+01:00',
    });
    expect(view).not.toHaveProperty('contact_email');

    const cancelled = linkViewOf(await anyone.post(byTokenPath(tokens.cancel, '/cancel')));
    expect(cancelled).toMatchObject({ status: 'cancelled', can_change: false });
    expect(await currentAppointment(owner, id)).toBeNull();
    expect((await getApplication(owner, id)).is_appointment_created).toBe(false);

    const [cancelMail] = await appointmentMails(t, email);
    expect(cancelMail!.template).toBe('appointment_cancelled');
    const cancel = parseInvite(inviteOf(cancelMail!).content);
    expect(cancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: request.uid });
    expect(cancel.sequence).toBeGreaterThan(request.sequence);
    expect(inviteOf(cancelMail!).content_type).toBe('text/calendar; method=CANCEL; charset=UTF-8');
    const notices = await appointmentMails(t, 'anna.berger@demo-finanz.example');
    const notice = notices.find((m) => m.template === 'appointment_advisor_cancelled' && m.text_body.includes(email));
    expect(parseInvite(inviteOf(notice!).content)).toMatchObject({ method: 'CANCEL', uid: request.uid });

    // Used: a second cancel, and the page reloaded, are refused; the appointment stays cancelled.
    const before = await appointmentsState(t, id);
    const again = await anyone.post(byTokenPath(tokens.cancel, '/cancel'));
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)).toEqual([{ code: 'err_token_used', field: 'token' }]);
    expect(errorsOf(await anyone.get(byTokenPath(tokens.cancel)))).toEqual([
      { code: 'err_token_used', field: 'token' },
    ]);
    expect(await appointmentsState(t, id)).toBe(before);

    // The slot is free again and the application can book anew.
    expect((await book(owner, id, { meeting_time: '2026-03-23T14:00:00+01:00' })).status).toBe('booked');
  });

  it('a cancelled appointment can no longer be moved: 409 err_appointment_cancelled, nothing changed', async () => {
    const { id, tokens } = await booked('2026-03-23T15:00:00+01:00');
    linkViewOf(await anyone.post(byTokenPath(tokens.cancel, '/cancel')));
    const view = linkViewOf(await anyone.get(byTokenPath(tokens.move)));
    expect(view).toMatchObject({ action: 'move', status: 'cancelled', can_change: false });
    const before = await appointmentsState(t, id);
    const res = await anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-03-24T15:00:00+01:00' });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorsOf(res)).toEqual([{ code: 'err_appointment_cancelled' }]);
    expect(await appointmentsState(t, id)).toBe(before);
  });

  it('is refused for another action, another partner, an unknown token and after the meeting began', async () => {
    const { tokens } = await booked('2026-03-23T16:00:00+01:00');
    const codeOf = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(400);
      return JSON.parse(r.body).errors[0].code as string;
    };
    expect(await codeOf(anyone.post(byTokenPath(tokens.move, '/cancel')))).toBe('err_token_invalid');
    expect(
      await codeOf(anyone.post(byTokenPath(tokens.cancel, '/move'), { meeting_time: '2026-03-24T10:00:00+01:00' })),
    ).toBe('err_token_invalid');
    expect(await codeOf(t.client('alpen').post(byTokenPath(tokens.cancel, '/cancel')))).toBe('err_token_invalid');
    expect(await codeOf(anyone.get(byTokenPath('x'.repeat(43))))).toBe('err_token_invalid');
    setNow(t, '2026-03-23T15:00:00Z');
    try {
      expect(await codeOf(anyone.post(byTokenPath(tokens.cancel, '/cancel')))).toBe('err_token_expired');
    } finally {
      setNow(t, MARCH_NOW);
    }
    expect(linkViewOf(await anyone.get(byTokenPath(tokens.cancel))).status).toBe('booked');
  });
});

describe('the move link', () => {
  it('moves once to a free slot: new REQUEST with the same UID and a higher SEQUENCE, new links; the old ones stop', async () => {
    const { id, email, mail, tokens } = await booked('2026-03-24T09:00:00+01:00');
    const first = parseInvite(inviteOf(mail).content);
    const slots = await anyone.get(byTokenPath(tokens.move, '/slots') + '?from=2026-03-24&to=2026-03-24');
    expect(slots.statusCode, slots.body).toBe(200);
    // Its own time counts as free for a move.
    expect(slots.json<{ days: { slots: { time: string }[] }[] }>().days[0]!.slots.map((s) => s.time)).toContain(
      '09:00',
    );

    const invalid = await anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-03-28T10:00:00+01:00' });
    expect(errorsOf(invalid)).toEqual([{ code: 'err_appointment_weekday_invalid', field: 'meeting_time' }]);

    const moved = linkViewOf(
      await anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-03-31T09:15:00+02:00' }),
    );
    expect(moved).toMatchObject({ status: 'booked', meeting_time: '2026-03-31T09:15:00+02:00', can_change: true });
    expect((await currentAppointment(owner, id))?.meeting_time).toBe('2026-03-31T09:15:00+02:00');

    const [movedMail] = await appointmentMails(t, email);
    expect(movedMail!.template).toBe('appointment_moved');
    const second = parseInvite(inviteOf(movedMail!).content);
    expect(second).toMatchObject({ method: 'REQUEST', uid: first.uid, status: 'CONFIRMED' });
    expect(second.sequence).toBe(first.sequence + 1);
    expect(second.start.toISOString()).toBe('2026-03-31T07:15:00.000Z');

    // The move link worked once; the old cancel link stopped with the move; the new links work.
    const again = await anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-04-01T09:15:00+02:00' });
    expect(errorsOf(again)).toEqual([{ code: 'err_token_used', field: 'token' }]);
    expect(errorsOf(await anyone.post(byTokenPath(tokens.cancel, '/cancel')))).toEqual([
      { code: 'err_token_used', field: 'token' },
    ]);
    const fresh = linkTokens(movedMail!);
    expect(linkViewOf(await anyone.post(byTokenPath(fresh.cancel, '/cancel'))).status).toBe('cancelled');
  });

  it('to a taken time: 409 err_appointment_slot_taken, and the link still works afterwards', async () => {
    await booked('2026-03-25T10:00:00+01:00');
    const { tokens } = await booked('2026-03-25T11:00:00+01:00');
    const taken = await anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-03-25T10:15:00+01:00' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(errorsOf(taken)).toEqual([{ code: 'err_appointment_slot_taken' }]);
    const moved = await anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-03-25T11:15:00+01:00' });
    expect(linkViewOf(moved).meeting_time).toBe('2026-03-25T11:15:00+01:00');
  });

  it('two concurrent uses of one move link: one moves, the other is refused', async () => {
    const { tokens } = await booked('2026-03-26T09:00:00+01:00');
    const answers = await Promise.all([
      anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-03-26T13:00:00+01:00' }),
      anyone.post(byTokenPath(tokens.move, '/move'), { meeting_time: '2026-03-26T14:00:00+01:00' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(errorsOf(answers.find((r) => r.statusCode === 400)!)).toEqual([{ code: 'err_token_used', field: 'token' }]);
  });
});
