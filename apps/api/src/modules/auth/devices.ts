import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import type { SessionUser } from '../../platform/session.js';

/** The cookie naming a browser that has logged in before (a random token; the database keeps its hash). */
export const DEVICE_COOKIE = 'fp_device';
export const DEVICE_COOKIE_DAYS = 365;

/** Whether this browser's token has logged in to this account before. */
export async function isKnownDevice(db: Db, userId: string, token: string): Promise<boolean> {
  if (token.length > 100) return false;
  const rows = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM known_devices WHERE token_hash = ${hashToken(token)} AND user_id = ${userId} LIMIT 1`,
    ),
  );
  return rows.length > 0;
}

/**
 * After a successful login: the browser's token becomes (or stays) known to the account. A browser
 * without a valid token gets a new one. Returns the token for the cookie.
 */
export async function rememberDevice(db: Db, user: SessionUser, knownToken: string | undefined): Promise<string> {
  const token = knownToken ?? newToken();
  await db.execute(sql`
    INSERT INTO known_devices (token_hash, user_id, partner_id) VALUES (${hashToken(token)}, ${user.id}, ${user.partnerId})
    ON CONFLICT (token_hash, user_id) DO UPDATE SET last_seen_at = now()`);
  return token;
}
