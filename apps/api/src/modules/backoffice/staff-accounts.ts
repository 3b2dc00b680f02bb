import { eq } from 'drizzle-orm';
import {
  PARTNER_ROLES,
  STAFF_KINDS,
  type PartnerRole,
  type StaffKind,
} from '@finportal/contracts/backoffice-permissions';
import { emailSchema, newPasswordSchema } from '@finportal/contracts/validators';
import type { Db } from '../../db/client.js';
import { partners, staffUsers } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import { hashPassword } from '../../platform/crypto.js';
import { newTotpSecret, totpUri } from '../../platform/totp.js';

export interface NewStaffUser {
  email: string;
  password: string;
  kind: string;
  partner?: string | null;
  role?: string | null;
}

export interface CreatedStaffUser {
  id: string;
  email: string;
  kind: StaffKind;
  partnerId: string | null;
  role: PartnerRole | null;
  /** Base32 secret of the authenticator app, and the same as an otpauth:// URI. */
  totpSecret: string;
  totpUri: string;
}

/** A staff account cannot be made: the message says why (the admin command prints it). */
export class StaffAccountError extends Error {}

/**
 * Makes a staff account (issue 13, ADR 019): never by self-registration, only with the admin
 * command (`npm run admin -- create-user`) and in tests. A bouser has no partner and no role; a
 * puser has both, and the partner must exist. The password follows the borrowers' rules.
 */
export async function createStaffUser(db: Db, input: NewStaffUser): Promise<CreatedStaffUser> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new StaffAccountError(`--email: "${input.email}" is no valid e-mail address`);
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) {
    throw new StaffAccountError(
      '--password: at least 8 characters with an upper-case and a lower-case letter, a digit and a special character',
    );
  }
  if (!(STAFF_KINDS as readonly string[]).includes(input.kind)) {
    throw new StaffAccountError(`--kind: "${input.kind}" is none of ${STAFF_KINDS.join(', ')}`);
  }
  const kind = input.kind as StaffKind;
  let partnerId: string | null = null;
  let role: PartnerRole | null = null;
  if (kind === 'bouser') {
    if (input.partner || input.role)
      throw new StaffAccountError('a bouser works for every partner: leave out --partner and --role');
  } else {
    if (!input.partner) throw new StaffAccountError('a puser needs --partner KEY');
    if (!input.role || !(PARTNER_ROLES as readonly string[]).includes(input.role)) {
      throw new StaffAccountError(`a puser needs --role ${PARTNER_ROLES.join('|')}`);
    }
    const found = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, input.partner));
    if (!found.length) throw new StaffAccountError(`--partner: no partner "${input.partner}"`);
    partnerId = input.partner;
    role = input.role as PartnerRole;
  }
  const existing = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email.data));
  if (existing.length) throw new StaffAccountError(`a staff account with the e-mail ${email.data} exists already`);
  const secret = newTotpSecret();
  const row = (
    await db
      .insert(staffUsers)
      .values({
        email: email.data,
        passwordHash: await hashPassword(input.password),
        kind,
        partnerId,
        role,
        totpSecret: secret,
      })
      .returning({ id: staffUsers.id })
  )[0]!;
  await audit(db, {
    partnerId,
    actorKind: 'system',
    action: 'staff.created',
    entity: 'staff',
    entityId: row.id,
    after: { email: email.data, kind, partner_id: partnerId, role },
  });
  return {
    id: row.id,
    email: email.data,
    kind,
    partnerId,
    role,
    totpSecret: secret,
    totpUri: totpUri(secret, email.data),
  };
}
