import zlib from 'node:zlib';
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

/** A PNG of one colour (the console's logo upload): RGB, 8 bits, unfiltered rows. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [11, 93, 30]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
