import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { hashToken, newToken } from '../../platform/crypto.js';

/**
 * The cookie naming a browser a staff member has logged in from (issue 25, ADR 032; the
 * borrowers' fp_device of ADR 010): a random token, the database keeps its hash. Such a browser is
 * exempt from the per-account block that strangers' failures cause.
 */
export const STAFF_DEVICE_COOKIE = 'fp_staff_device';
export const STAFF_DEVICE_COOKIE_DAYS = 365;

/** Whether this browser's token has logged in to this staff account before. */
export async function isKnownStaffDevice(db: Db, staffId: string, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const rows = rowsOf(
    await db.execute(
      sql`SELECT 1 FROM staff_known_devices WHERE token_hash = ${hashToken(token)} AND staff_id = ${staffId} LIMIT 1`,
    ),
  );
  return rows.length > 0;
}

/** After a successful login: the browser's token becomes (or stays) known; a browser without one gets a new one. */
export async function rememberStaffDevice(db: Db, staffId: string, knownToken: string | undefined): Promise<string> {
  const token = knownToken ?? newToken();
  await db.execute(sql`
    INSERT INTO staff_known_devices (token_hash, staff_id) VALUES (${hashToken(token)}, ${staffId})
    ON CONFLICT (token_hash, staff_id) DO UPDATE SET last_seen_at = now()`);
  return token;
}
