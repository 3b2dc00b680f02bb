import { and, asc, eq, or, sql } from 'drizzle-orm';
import { staffCan, staffRoleOf, BACKOFFICE_PERMISSIONS } from '@finportal/contracts/backoffice-permissions';
import type { StaffMember, StaffProfile } from '@finportal/contracts/backoffice';
import { staffUsers, type StaffUser } from '../../db/schema.js';
import { rowsOf } from '../../db/client.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { verifyPassword } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hit, recordFailure, reserveAttempt } from '../../platform/rate-limit.js';
import { isKnownStaffDevice, rememberStaffDevice } from './staff-devices.js';
import { totpStep } from '../../platform/totp.js';
import type { Partner } from '../../platform/tenancy.js';

const invalid = () => new AppError('err_invalid_credentials', 401);

/**
 * Staff login (issue 13, ADR 019): e-mail, password and the authenticator's current code, all
 * three or nothing (one answer for every wrong part, so that the password alone cannot be tried).
 * A bouser logs in on any host, a puser only on its partner's. Throttled like the borrower login
 * (ADR 010, ADR 032): per source and account, waits that grow with each failure, each attempt
 * counted before it is judged; a browser the person has logged in from before is exempt from the
 * per-account block, so a stranger guessing cannot lock the owner out.
 */
export class StaffAuthService {
  constructor(private readonly ctx: AppContext) {}

  async login(
    host: Partner,
    email: string,
    password: string,
    code: string,
    ip: string,
    deviceToken?: string,
  ): Promise<{ staff: StaffUser; deviceToken: string }> {
    const { db, config } = this.ctx;
    await hit(db, `staff-login:ip:${ip}`, config.RATE_LOGIN_PER_IP, config.RATE_WINDOW_MINUTES);
    const pairKey = `staff-login:fail:${email}:${ip}`;
    const accountKey = `staff-login:fail:${email}`;
    const throttle = (free: number) => ({ free, baseSeconds: 1, maxSeconds: 15 * 60, windowMinutes: 24 * 60 });
    const staff = (await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1))[0];
    // A browser this person has logged in from is not held up by the failures of strangers (issue 25).
    const known = staff ? await isKnownStaffDevice(db, staff.id, deviceToken) : false;
    // Counted before password and code are checked (issue 25: reserve, then verify): parallel
    // guesses cannot outrun the count.
    const attempt = await reserveAttempt(db, [
      { key: pairKey, settings: throttle(config.LOGIN_FREE_FAILURES) },
      ...(known ? [] : [{ key: accountKey, settings: throttle(config.LOGIN_FREE_FAILURES_ACCOUNT) }]),
    ]);
    const passwordOk = await verifyPassword(staff?.passwordHash, password);
    const step = staff && passwordOk ? totpStep(staff.totpSecret, code) : null;
    const hostOk = staff ? staff.kind === 'bouser' || staff.partnerId === host.key : false;
    // The step must be newer than the last one used: a code works once. Claimed atomically, so
    // two logins with the same code cannot both pass.
    const claimed =
      staff && step !== null && hostOk && staff.status === 'active'
        ? rowsOf<{ id: string }>(
            await db.execute(sql`
              UPDATE staff_users SET totp_last_step = ${step}
              WHERE id = ${staff.id} AND totp_last_step < ${step} RETURNING id`),
          ).length === 1
        : false;
    if (!staff || !claimed) {
      if (known) await recordFailure(db, accountKey, throttle(config.LOGIN_FREE_FAILURES_ACCOUNT));
      await audit(db, {
        partnerId: host.key,
        userId: staff?.id ?? null,
        actorKind: staff ? 'staff' : 'system',
        action: 'staff.login_failed',
        entity: 'staff',
        entityId: staff?.id,
        data: { email, password_ok: passwordOk, code_ok: step !== null, host_ok: hostOk },
        ip,
      });
      if (staff && passwordOk && step !== null && hostOk && staff.status !== 'active') {
        throw new AppError('err_entity_disabled', 403);
      }
      throw invalid();
    }
    await attempt.succeeded(db, [pairKey]);
    const device = await rememberStaffDevice(db, staff.id, known ? deviceToken : undefined);
    await audit(db, {
      partnerId: host.key,
      userId: staff.id,
      actorKind: 'staff',
      action: 'staff.login',
      entity: 'staff',
      entityId: staff.id,
      ip,
    });
    return { staff, deviceToken: device };
  }

  profile(staff: StaffUser, host: Partner): StaffProfile {
    const visible = this.ctx.partners
      .all()
      .filter((p) => staff.kind === 'bouser' || p.key === staff.partnerId)
      .map((p) => ({ key: p.key, display_name: p.display_name }));
    const who = { kind: staff.kind, role: staff.role };
    return {
      id: staff.id,
      email: staff.email,
      kind: staff.kind,
      role: staff.role,
      partner_id: staff.partnerId,
      host_partner_id: host.key,
      permissions: BACKOFFICE_PERMISSIONS.filter((p) => staffCan(who, p)),
      partners: visible,
    };
  }

  /**
   * Active staff who see `partner` (a bouser sees all: the bousers and that partner's pusers); a
   * puser asks for its own partner only. Without a partner: everyone this person could give a
   * case to on any partner they see.
   */
  async colleagues(staff: StaffUser, partner: string | undefined): Promise<StaffMember[]> {
    const scope = staff.kind === 'bouser' ? partner : staff.partnerId!;
    if (staff.kind !== 'bouser' && partner && partner !== staff.partnerId) return [];
    const rows = await this.ctx.db
      .select()
      .from(staffUsers)
      .where(
        and(
          eq(staffUsers.status, 'active'),
          scope ? or(eq(staffUsers.kind, 'bouser'), eq(staffUsers.partnerId, scope)) : undefined,
        ),
      )
      .orderBy(asc(staffUsers.email))
      .limit(500);
    return rows.map((r) => ({ id: r.id, email: r.email, kind: r.kind, role: r.role, partner_id: r.partnerId }));
  }

  roleOf(staff: StaffUser) {
    return staffRoleOf({ kind: staff.kind, role: staff.role });
  }
}
