import { eq } from 'drizzle-orm';
import type {
  AppointmentLinkResponse,
  AppointmentSlotsQuery,
  AppointmentSlotsResponse,
  MoveAppointmentRequest,
} from '@finportal/contracts/appointments';
import type { Db } from '../../db/client.js';
import { appointments } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';
import { sendAdvisorNotice, sendCustomerMail } from './mail.js';
import { advisorKeyOf, configOf, linkViewOf, type AppointmentRow } from './records.js';
import { appointmentWhere, busyTimes, constraintError, newTimeOf, slotsFor } from './service.js';
import { issueLinks, revokeLinks, usableToken, useToken, type LinkAction } from './tokens.js';

/**
 * The pages behind the e-mail links (ADR 017), without login: the token is the authority. Read
 * the appointment and, for a move, the free slots (the token is not used up by reading); cancel
 * or move once. A cancelled appointment cannot be moved (409 err_appointment_cancelled); a move
 * sends a new invitation with the same UID and a higher SEQUENCE, and new links (the older mails'
 * links stop); a cancellation sends METHOD:CANCEL with the same UID.
 */
export class AppointmentLinksService {
  constructor(private readonly ctx: AppContext) {}

  /** GET /appointments/by-token/{token} */
  async view(partner: Partner, token: string): Promise<AppointmentLinkResponse> {
    const now = this.ctx.clock.now();
    const stored = await usableToken(this.ctx.db, partner, token, now);
    const row = await this.row(this.ctx.db, stored.appointmentId);
    return linkViewOf(row, partner.appointment_config, stored.action, now);
  }

  /** GET /appointments/by-token/{token}/slots: the free slots for a move (the appointment's own time counts as free). */
  async slots(partner: Partner, token: string, query: AppointmentSlotsQuery): Promise<AppointmentSlotsResponse> {
    const now = this.ctx.clock.now();
    const stored = await usableToken(this.ctx.db, partner, token, now, 'move');
    return slotsFor(this.ctx.db, partner, configOf(partner), query, now, stored.appointmentId);
  }

  /** POST /appointments/by-token/{token}/cancel */
  async cancel(partner: Partner, token: string, ip: string): Promise<AppointmentLinkResponse> {
    const now = this.ctx.clock.now();
    await usableToken(this.ctx.db, partner, token, now, 'cancel');
    const config = partner.appointment_config;
    const row = await this.ctx.db.transaction(async (tx) => {
      const { row: current } = await this.claim(tx, partner, token, 'cancel', now);
      const [updated] = await tx
        .update(appointments)
        .set({
          status: 'cancelled',
          cancelledAt: now,
          updatedAt: now,
          icalSequence: current.icalSequence + 1,
        })
        .where(eq(appointments.id, current.id))
        .returning();
      const cancelled: AppointmentRow = { ...updated!, shortId: current.shortId };
      const mail = { mailer: this.ctx.mailer, db: tx, partner, config, row: cancelled, now };
      await sendCustomerMail(mail, 'cancelled', null);
      await sendAdvisorNotice(mail, 'cancelled');
      await this.audit(tx, partner, cancelled, 'appointment.cancelled', { meeting_time: current.meetingTime }, ip);
      return cancelled;
    });
    return linkViewOf(row, config, 'cancel', now);
  }

  /** POST /appointments/by-token/{token}/move: the new time passes the booking's rules and is free. */
  async move(
    partner: Partner,
    token: string,
    body: MoveAppointmentRequest,
    ip: string,
  ): Promise<AppointmentLinkResponse> {
    const now = this.ctx.clock.now();
    const stored = await usableToken(this.ctx.db, partner, token, now, 'move');
    // A cancelled appointment cannot be moved, whatever time is asked for.
    if ((await this.row(this.ctx.db, stored.appointmentId)).status === 'cancelled') {
      throw new AppError('err_appointment_cancelled', 409);
    }
    const config = configOf(partner);
    const { start, end, timeZone } = newTimeOf(body, config, now);
    const advisorKey = advisorKeyOf(partner, config);
    const row = await this.ctx.db.transaction(async (tx) => {
      const { row: current } = await this.claim(tx, partner, token, 'move', now);
      if ((await busyTimes(tx, advisorKey, start, end, current.id)).length) {
        throw new AppError('err_appointment_slot_taken', 409);
      }
      let updated: typeof appointments.$inferSelect | undefined;
      try {
        [updated] = await tx
          .update(appointments)
          .set({
            meetingTime: start,
            meetingEnd: end,
            timeZone,
            advisorKey,
            updatedAt: now,
            remindedAt: null,
            icalSequence: current.icalSequence + 1,
          })
          .where(eq(appointments.id, current.id))
          .returning();
      } catch (err) {
        throw constraintError(err);
      }
      const moved: AppointmentRow = { ...updated!, shortId: current.shortId };
      await revokeLinks(tx, moved.id, now);
      const mail = { mailer: this.ctx.mailer, db: tx, partner, config, row: moved, now };
      await sendCustomerMail(mail, 'moved', await issueLinks(tx, this.ctx.mailer, partner, moved.id, start));
      await sendAdvisorNotice(mail, 'moved');
      const before = { meeting_time: current.meetingTime.toISOString(), time_zone: current.timeZone };
      await this.audit(tx, partner, moved, 'appointment.moved', { before, after: { meeting_time: start } }, ip);
      return moved;
    });
    return linkViewOf(row, config, 'move', now);
  }

  /**
   * In the transaction: the token locked and checked again (of two concurrent uses, one wins),
   * the appointment locked; a cancelled one is 409 err_appointment_cancelled, one that has
   * begun err_token_expired. Marks the token used: the transaction's end decides whether it stays used.
   */
  private async claim(
    tx: Db,
    partner: Partner,
    token: string,
    action: LinkAction,
    now: Date,
  ): Promise<{ row: AppointmentRow }> {
    const stored = await usableToken(tx, partner, token, now, action, true);
    const row = await this.row(tx, stored.appointmentId, true);
    if (row.status === 'cancelled') throw new AppError('err_appointment_cancelled', 409);
    if (row.meetingTime.getTime() <= now.getTime()) throw AppError.field('err_token_expired', 'token');
    await useToken(tx, token, now);
    return { row };
  }

  private async row(db: Db, id: string, lock = false): Promise<AppointmentRow> {
    const row = await appointmentWhere(db, eq(appointments.id, id), lock);
    if (!row) throw AppError.field('err_token_invalid', 'token');
    return row;
  }

  private audit(tx: Db, partner: Partner, row: AppointmentRow, action: string, data: object, ip: string) {
    return audit(tx, {
      partnerId: partner.key,
      userId: row.userId,
      action,
      entity: 'appointment',
      entityId: row.id,
      data: { application_id: row.applicationId, via: 'email_link', ...data },
      ip,
    });
  }
}
