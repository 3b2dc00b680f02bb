import { and, eq, isNull } from 'drizzle-orm';
import { appointmentLinkPath } from '@finportal/contracts/portal-routes';
import type { Db } from '../../db/client.js';
import { appointmentTokens } from '../../db/schema.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail/outbox.js';
import type { Partner } from '../../platform/tenancy.js';

/**
 * The cancel and move links of the appointment e-mails (ADR 017): 256-bit random tokens, stored
 * hashed, bound to the partner, valid once and until the meeting begins. They are the only
 * authority of the link pages (no login): whoever holds the e-mail may cancel or move once.
 */

export type LinkAction = 'cancel' | 'move';

export interface StoredToken {
  appointmentId: string;
  action: LinkAction;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A new cancel and a new move token of an appointment; the page URLs of both. */
export async function issueLinks(
  db: Db,
  mailer: Mailer,
  partner: Partner,
  appointmentId: string,
  expiresAt: Date,
): Promise<{ cancel: string; move: string }> {
  const origin = mailer.origin(partner);
  const links = { cancel: '', move: '' };
  for (const action of ['cancel', 'move'] as const) {
    const token = newToken();
    await db.insert(appointmentTokens).values({
      tokenHash: hashToken(token),
      appointmentId,
      partnerId: partner.key,
      action,
      expiresAt,
    });
    links[action] = `${origin}${appointmentLinkPath(action, token)}`;
  }
  return links;
}

/** Ends every unused link of an appointment (a move sends new ones: the older mails' links stop). */
export async function revokeLinks(db: Db, appointmentId: string, now: Date): Promise<void> {
  await db
    .update(appointmentTokens)
    .set({ usedAt: now })
    .where(and(eq(appointmentTokens.appointmentId, appointmentId), isNull(appointmentTokens.usedAt)));
}

/**
 * The token of this partner, if it is still usable (for `action`, when given): unknown, another
 * partner's or another action's is err_token_invalid, a used one err_token_used, one whose meeting
 * has begun err_token_expired (400 on field `token`, as the account links).
 */
export async function usableToken(
  db: Db,
  partner: Partner,
  token: string,
  now: Date,
  action?: LinkAction,
  lock = false,
): Promise<StoredToken> {
  const query = db
    .select({
      appointmentId: appointmentTokens.appointmentId,
      action: appointmentTokens.action,
      expiresAt: appointmentTokens.expiresAt,
      usedAt: appointmentTokens.usedAt,
    })
    .from(appointmentTokens)
    .where(and(eq(appointmentTokens.tokenHash, hashToken(token)), eq(appointmentTokens.partnerId, partner.key)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (action && row.action !== action)) throw AppError.field('err_token_invalid', 'token');
  if (row.usedAt) throw AppError.field('err_token_used', 'token');
  if (row.expiresAt.getTime() <= now.getTime()) throw AppError.field('err_token_expired', 'token');
  return row;
}

/** Marks the token used (inside the transaction of the change it authorises). */
export async function useToken(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(appointmentTokens)
    .set({ usedAt: now })
    .where(eq(appointmentTokens.tokenHash, hashToken(token)));
}
