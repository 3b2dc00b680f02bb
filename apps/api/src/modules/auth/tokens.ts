import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, userTokens, type TokenKind } from '../../db/schema.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';

/** Single-use, expiring, hashed tokens (confirm e-mail, reset password, invite). */

export async function issueToken(db: Db, user: SessionUser, kind: TokenKind, ttlMs: number): Promise<string> {
  const token = newToken();
  // Only the newest token of a kind stays valid.
  await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, user.id), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values({
    tokenHash: hashToken(token),
    kind,
    userId: user.id,
    partnerId: user.partnerId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Uses a single-use token: invalid, expired and used tokens answer distinct codes on field `token`. */
export async function consumeToken(db: Db, partnerId: string, token: string, kind: TokenKind): Promise<SessionUser> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.kind, kind),
        eq(userTokens.partnerId, partnerId),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: userTokens.userId });
  const userId = rows[0]?.userId;
  if (!userId) {
    const existing = await db
      .select({ usedAt: userTokens.usedAt, expiresAt: userTokens.expiresAt })
      .from(userTokens)
      .where(
        and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind), eq(userTokens.partnerId, partnerId)),
      )
      .limit(1);
    const t = existing[0];
    const code = !t ? 'err_token_invalid' : t.usedAt ? 'err_token_used' : 'err_token_expired';
    throw AppError.field(code, 'token');
  }
  const user = (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!user) throw AppError.field('err_token_invalid', 'token');
  return user;
}

/** Looks a token up without using it (the invitation page's GET): its state and its user. */
export async function peekToken(
  db: Db,
  partnerId: string,
  token: string,
  kind: TokenKind,
): Promise<{ state: 'valid' | 'used' | 'expired'; user: SessionUser; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ usedAt: userTokens.usedAt, expiresAt: userTokens.expiresAt, userId: userTokens.userId })
    .from(userTokens)
    .where(
      and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.kind, kind), eq(userTokens.partnerId, partnerId)),
    )
    .limit(1);
  if (!row) return undefined;
  const user = (await db.select().from(users).where(eq(users.id, row.userId)).limit(1))[0];
  if (!user) return undefined;
  const state = row.usedAt ? 'used' : row.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';
  return { state, user, expiresAt: row.expiresAt };
}
