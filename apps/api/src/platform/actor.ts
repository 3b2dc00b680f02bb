import type { StaffUser } from '../db/schema.js';
import type { SessionUser } from './session.js';
import type { Partner } from './tenancy.js';

/**
 * Who does something, and from where (issue 24, ARCHITECTURE.md: services take one options object
 * carrying one actor). A borrower or representative acts through a partner's portal; staff through
 * the back office of any host they may use; the system is a job, with no person and no address.
 */
export type Actor =
  | { kind: 'user'; user: SessionUser; partner: Partner; ip?: string }
  | { kind: 'staff'; staff: StaffUser; ip?: string }
  | { kind: 'system' };

export type UserActor = Extract<Actor, { kind: 'user' }>;
export type StaffActor = Extract<Actor, { kind: 'staff' }>;

export const userActor = (user: SessionUser, partner: Partner, ip?: string): UserActor => ({
  kind: 'user',
  user,
  partner,
  ...(ip ? { ip } : {}),
});
export const staffActor = (staff: StaffUser, ip?: string): StaffActor => ({
  kind: 'staff',
  staff,
  ...(ip ? { ip } : {}),
});
export const SYSTEM: Actor = { kind: 'system' };

/** The audit trail's fields of an actor: who (id and kind) and from where. */
export function auditActor(actor: Actor): {
  userId: string | null;
  actorKind: 'user' | 'staff' | 'system';
  ip?: string;
} {
  switch (actor.kind) {
    case 'user':
      return { userId: actor.user.id, actorKind: 'user', ...(actor.ip ? { ip: actor.ip } : {}) };
    case 'staff':
      return { userId: actor.staff.id, actorKind: 'staff', ...(actor.ip ? { ip: actor.ip } : {}) };
    case 'system':
      return { userId: null, actorKind: 'system' };
  }
}
