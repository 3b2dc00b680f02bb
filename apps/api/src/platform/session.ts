import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { hashToken, newToken } from './crypto.js';
import { AppError, unauthorized } from './errors.js';

export const SESSION_COOKIE = 'fp_session';

export interface SessionSettings {
  idleMinutes: number;
  absoluteHours: number;
  secureCookies: boolean;
}

export type SessionUser = typeof users.$inferSelect;

export interface AuthContext {
  sessionId: string;
  user: SessionUser;
}

/** Refresh last_seen_at at most this often, so a read does not always cost a write. */
const TOUCH_EVERY_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly settings: SessionSettings,
  ) {}

  /** A fresh random token at every login; only its hash is stored. */
  async create(reply: FastifyReply, userId: string, partnerId: string): Promise<void> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.settings.absoluteHours * 3_600_000);
    await this.db.insert(sessions).values({ tokenHash: hashToken(token), userId, partnerId, expiresAt });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.settings.secureCookies,
      expires: expiresAt,
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.settings.secureCookies,
    });
  }

  /**
   * The session of this request, checked against partner, idle and absolute lifetime.
   * Missing: 401 err_unauthorized; ended or expired: 401 err_session_expired.
   */
  async require(request: FastifyRequest, partnerId: string): Promise<AuthContext> {
    const ctx = await this.lookup(request, partnerId);
    if (ctx === 'none') throw unauthorized();
    if (ctx === 'expired') throw new AppError('err_session_expired', 401);
    return ctx;
  }

  async optional(request: FastifyRequest, partnerId: string): Promise<AuthContext | null> {
    const ctx = await this.lookup(request, partnerId);
    return typeof ctx === 'string' ? null : ctx;
  }

  private async lookup(request: FastifyRequest, partnerId: string): Promise<AuthContext | 'none' | 'expired'> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return 'none';
    const rows = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)))
      .limit(1);
    const row = rows[0];
    // A session of another partner is no session here.
    if (!row || row.session.partnerId !== partnerId) return 'none';
    const now = Date.now();
    const idleLimit = row.session.lastSeenAt.getTime() + this.settings.idleMinutes * 60_000;
    if (row.session.endedAt || row.session.expiresAt.getTime() <= now || idleLimit <= now) return 'expired';
    if (row.user.status !== 'active') return 'expired';
    if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, row.session.id));
    }
    return { sessionId: row.session.id, user: row.user };
  }

  async end(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ endedAt: sql`now()`, endedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
  }

  /** Ends every open session of the user, except `keep` when given. */
  async endAllForUser(db: Db, userId: string, reason: string, keep?: string): Promise<void> {
    const conds = [eq(sessions.userId, userId), isNull(sessions.endedAt)];
    if (keep) conds.push(ne(sessions.id, keep));
    await db
      .update(sessions)
      .set({ endedAt: sql`now()`, endedReason: reason })
      .where(and(...conds));
  }
}
