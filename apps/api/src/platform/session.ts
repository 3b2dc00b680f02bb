import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.js';
import { sessions, type users } from '../db/schema.js';
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

const SESSION_LOOKUP = `
  SELECT s.id AS s_id, s.partner_id AS s_partner_id, s.last_seen_at AS s_last_seen_at,
         s.expires_at AS s_expires_at, s.ended_at AS s_ended_at,
         u.id, u.partner_id, u.email, u.password_hash, u.status, u.user_kind, u.email_confirmed_at,
         u.interface_language, u.communication_language, u.region, u.marketing_consent,
         u.accepted_terms_at, u.accepted_partner_terms_at, u.created_at, u.updated_at
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1`;

interface SessionRow {
  s_id: string;
  s_partner_id: string;
  s_last_seen_at: Date;
  s_expires_at: Date;
  s_ended_at: Date | null;
  id: string;
  partner_id: string;
  email: string;
  password_hash: string | null;
  status: SessionUser['status'];
  user_kind: SessionUser['userKind'];
  email_confirmed_at: Date | null;
  interface_language: string;
  communication_language: string;
  region: string | null;
  marketing_consent: boolean;
  accepted_terms_at: Date | null;
  accepted_partner_terms_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toSession = (r: SessionRow) => ({
  id: r.s_id,
  partnerId: r.s_partner_id,
  lastSeenAt: new Date(r.s_last_seen_at),
  expiresAt: new Date(r.s_expires_at),
  endedAt: r.s_ended_at,
});

const toUser = (r: SessionRow): SessionUser => ({
  id: r.id,
  partnerId: r.partner_id,
  email: r.email,
  passwordHash: r.password_hash,
  status: r.status,
  userKind: r.user_kind,
  emailConfirmedAt: r.email_confirmed_at,
  interfaceLanguage: r.interface_language,
  communicationLanguage: r.communication_language,
  region: r.region,
  marketingConsent: r.marketing_consent,
  acceptedTermsAt: r.accepted_terms_at,
  acceptedPartnerTermsAt: r.accepted_partner_terms_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class SessionStore {
  constructor(
    private readonly database: Database,
    private readonly settings: SessionSettings,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

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
    // The hot path of every authenticated call: one hand-written statement (drizzle's query
    // building costs about as much as the query itself here; see bench/http.mjs).
    const rows = await this.database.query<SessionRow>(SESSION_LOOKUP, [hashToken(token)]);
    const found = rows[0];
    const row = found ? { session: toSession(found), user: toUser(found) } : undefined;
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
