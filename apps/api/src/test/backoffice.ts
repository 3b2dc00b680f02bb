import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { staffProfileSchema, type StaffProfile } from '@finportal/contracts/backoffice';
import { PASSWORD } from '@finportal/testing/factories';
import { createStaffUser, type CreatedStaffUser } from '../modules/backoffice/service.js';
import { totpCode } from '../platform/totp.js';
import type { TestApp, TestClient } from './harness.js';

export interface StaffMember {
  client: TestClient;
  account: CreatedStaffUser;
  profile: StaffProfile;
}

export type StaffSpec =
  { kind: 'bouser' } | { kind: 'puser'; partner: string; role: 'role_partner_admin' | 'role_partner_user' };

let counter = 0;
/** A unique client address per staff member: login throttling counts per address. */
const nextIp = () => `10.9.${Math.floor(++counter / 250)}.${counter % 250}`;

/** A new staff account (as the admin command makes it), without logging in. */
export async function newStaff(t: TestApp, spec: StaffSpec): Promise<CreatedStaffUser> {
  return createStaffUser(t.ctx.db, {
    email: `staff-${randomBytes(5).toString('hex')}@bank.example`,
    password: PASSWORD,
    kind: spec.kind,
    partner: spec.kind === 'puser' ? spec.partner : null,
    role: spec.kind === 'puser' ? spec.role : null,
  });
}

/** POST /backoffice/login with the current code. */
export function staffLogin(client: TestClient, account: CreatedStaffUser, code = totpCode(account.totpSecret)) {
  return client.post('/backoffice/login', { email: account.email, password: PASSWORD, code });
}

/** A staff member logged in on `host`'s back office (own client, own address). */
export async function loggedInStaff(t: TestApp, spec: StaffSpec, host = 'demo'): Promise<StaffMember> {
  const account = await newStaff(t, spec);
  const client = t.client(host, { ip: nextIp() });
  const res = await staffLogin(client, account);
  expect(res.statusCode, res.body).toBe(200);
  return { client, account, profile: staffProfileSchema.parse(res.json()) };
}
