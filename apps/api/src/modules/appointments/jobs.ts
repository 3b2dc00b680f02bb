import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, zonedParts, zonedTimeToInstant } from '@finportal/contracts/zoned-time';
import type { Db } from '../../db/client.js';
import { appointments } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { jobHandler, jobType } from '../../platform/jobs/queue.js';
import { sendCustomerMail } from './mail.js';
import { appointmentWhere } from './service.js';
import { issueLinks } from './tokens.js';

/** Scheduled (ADR 017): the reminder e-mail the day before an appointment. */
export const APPOINTMENT_REMINDERS = jobType(
  'appointments.reminders',
  z.object({}).strict() as z.ZodType<Record<string, never>>,
  { maxAttempts: 3 },
);

/** The hour (customer's zone) of the day before from which the reminder goes out. */
export const REMINDER_HOUR = '08:00';

/** When the reminder of a meeting is due: 08:00 in the customer's zone on the calendar day before it. */
export function reminderDueAt(meetingTime: Date, timeZone: string): Date {
  const dayBefore = addDays(zonedParts(meetingTime, timeZone).date, -1);
  return zonedTimeToInstant(dayBefore, REMINDER_HOUR, timeZone) ?? new Date(meetingTime.getTime() - 86_400_000);
}

/**
 * Sends the due reminders, each once (reminded_at, in the job's transaction with the mail): booked
 * appointments that have not begun, whose reminder time (`reminderDueAt`) has come. One booked or
 * moved after that time is marked without a mail: its confirmation has just gone out. The
 * reminder carries fresh cancel and move links (the confirmation's stay valid). `clock`: tests
 * run the job at a fixed time.
 */
export function appointmentRemindersHandler(
  ctx: Pick<AppContext, 'partners' | 'mailer' | 'clock'>,
  clock?: () => Date,
) {
  return jobHandler({
    type: APPOINTMENT_REMINDERS,
    transactional: true,
    async run(_payload, db) {
      const now = clock ? clock() : ctx.clock.now();
      // A reminder is due at the latest a day and a half before (08:00 the day before, in any zone).
      const candidates = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.status, 'booked'),
            isNull(appointments.remindedAt),
            gt(appointments.meetingTime, now),
            lt(appointments.meetingTime, new Date(now.getTime() + 3 * 86_400_000)),
          ),
        )
        .for('update', { skipLocked: true });
      for (const { id } of candidates) await remind(ctx, db, id, now);
    },
  });
}

async function remind(ctx: Pick<AppContext, 'partners' | 'mailer'>, db: Db, id: string, now: Date): Promise<void> {
  const row = await appointmentWhere(db, eq(appointments.id, id));
  if (!row) return;
  const due = reminderDueAt(row.meetingTime, row.timeZone);
  if (now.getTime() < due.getTime()) return;
  const partner = ctx.partners.get(row.partnerId);
  if (partner && row.updatedAt.getTime() < due.getTime()) {
    const links = await issueLinks(db, ctx.mailer, partner, row.id, row.meetingTime);
    await sendCustomerMail(
      { mailer: ctx.mailer, db, partner, config: partner.appointment_config, row, now },
      'reminder',
      links,
    );
  }
  await db.update(appointments).set({ remindedAt: now }).where(eq(appointments.id, row.id));
}
