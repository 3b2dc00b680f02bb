import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.js';
import { staffSessions, type StaffUser } from '../db/schema.js';
import { hashToken, newToken } from './crypto.js';
import { AppError, unauthorized } from './errors.js';

/**
 * Staff sessions (issue 13, ADR 019): their own table and cookie, apart from the borrowers'. A
 * borrower's session is no staff session (every back-office route answers 401), and a staff
 * session is no borrower session (every borrower route answers 401). A session belongs to the host
 * it was opened on. SameSite=Strict: the back office is never entered from a link elsewhere with
 * its cookie.
 */
export const STAFF_COOKIE = 'fp_staff';
/** Set by a partner admin's "preview": this browser's portal shows the console's draft (with a staff session). */
export const PREVIEW_COOKIE = 'fp_preview';

export interface StaffAuth {
  sessionId: string;
  staff: StaffUser;
}

export interface StaffSessionSettings {
  idleMinutes: number;
  absoluteHours: number;
  secureCookies: boolean;
}

const TOUCH_EVERY_MS = 60_000;

interface Row {
  s_id: string;
  s_partner_id: string;
  s_last_seen_at: Date;
  s_expires_at: Date;
  s_ended_at: Date | null;
  id: string;
  email: string;
  password_hash: string;
  kind: StaffUser['kind'];
  partner_id: string | null;
  role: StaffUser['role'];
  totp_secret: string;
  totp_last_step: number | string;
  status: StaffUser['status'];
  created_at: Date;
}

const LOOKUP = `
  SELECT s.id AS s_id, s.partner_id AS s_partner_id, s.last_seen_at AS s_last_seen_at,
         s.expires_at AS s_expires_at, s.ended_at AS s_ended_at, u.*
  FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_id
  WHERE s.token_hash = $1`;

export class StaffSessionStore {
  constructor(
    private readonly database: Database,
    private readonly settings: StaffSessionSettings,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  async create(reply: FastifyReply, staffId: string, partnerId: string): Promise<void> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.settings.absoluteHours * 3_600_000);
    await this.db.insert(staffSessions).values({ tokenHash: hashToken(token), staffId, partnerId, expiresAt });
    reply.setCookie(STAFF_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.settings.secureCookies,
      expires: expiresAt,
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(STAFF_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.settings.secureCookies,
    });
  }

  /** The staff session of this request on this host's partner: 401 without one, 401 err_session_expired when it ended. */
  async require(request: FastifyRequest, hostPartnerId: string): Promise<StaffAuth> {
    const found = await this.lookup(request, hostPartnerId);
    if (found === 'none') throw unauthorized();
    if (found === 'expired') throw new AppError('err_session_expired', 401);
    return found;
  }

  async optional(request: FastifyRequest, hostPartnerId: string): Promise<StaffAuth | null> {
    const found = await this.lookup(request, hostPartnerId);
    return typeof found === 'string' ? null : found;
  }

  private async lookup(request: FastifyRequest, hostPartnerId: string): Promise<StaffAuth | 'none' | 'expired'> {
    const token = request.cookies[STAFF_COOKIE];
    if (!token) return 'none';
    const row = (await this.database.query<Row>(LOOKUP, [hashToken(token)]))[0];
    if (!row || row.s_partner_id !== hostPartnerId) return 'none';
    const now = Date.now();
    const lastSeen = new Date(row.s_last_seen_at).getTime();
    if (
      row.s_ended_at ||
      new Date(row.s_expires_at).getTime() <= now ||
      lastSeen + this.settings.idleMinutes * 60_000 <= now ||
      row.status !== 'active'
    ) {
      return 'expired';
    }
    if (now - lastSeen > TOUCH_EVERY_MS) {
      await this.db
        .update(staffSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(staffSessions.id, row.s_id));
    }
    return {
      sessionId: row.s_id,
      staff: {
        id: row.id,
        email: row.email,
        passwordHash: row.password_hash,
        kind: row.kind,
        partnerId: row.partner_id,
        role: row.role,
        totpSecret: row.totp_secret,
        totpLastStep: Number(row.totp_last_step),
        status: row.status,
        createdAt: row.created_at,
      },
    };
  }

  async end(sessionId: string): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({ endedAt: sql`now()` })
      .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
  }
}
