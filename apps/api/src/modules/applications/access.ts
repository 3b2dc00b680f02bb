import { ALLOWED_UPDATES, type AllowedUpdate } from '@finportal/contracts/applications';
import { displayGroup } from '@finportal/contracts/statuses';

/** How the current user relates to an application: its creator, or an accepted signatory. */
export type ApplicationRole = 'owner' | 'signatory';

const SIGNATORY_SELF: readonly AllowedUpdate[] = ['signatory_tin', 'signatory_contact'];

/** The owner after submission: every representative's tax id and contact data, nothing else (ADR 007). */
const OWNER_AFTER_SUBMISSION: readonly AllowedUpdate[] = ['signatory_other', 'signatory_tin', 'signatory_contact'];

/**
 * allowed_updates of spec 2 section 6, per status and role (the full role matrix is not in the
 * spec; this is our decision, ADR 007):
 * - the owner edits everything while the application is Open;
 * - under review and at Signature the owner may still complete every representative's tax id and
 *   contact data (spec 2 section 2: "the tax number can be added later"; the signature steps need
 *   them), but no longer add, delete or change names, roles or shares;
 * - an accepted signatory who is not the owner edits only their own tax id and contact data, while
 *   Open, under review and at Signature;
 * - after signature, paid out or closed: nothing.
 */
export function allowedUpdatesFor(status: string, role: ApplicationRole): AllowedUpdate[] {
  const group = displayGroup(status);
  if (status === 'Open') return role === 'owner' ? [...ALLOWED_UPDATES] : [...SIGNATORY_SELF];
  if (group === 'in_review' || group === 'waiting_for_signatures') {
    return role === 'owner' ? [...OWNER_AFTER_SUBMISSION] : [...SIGNATORY_SELF];
  }
  return [];
}
