import { ALLOWED_UPDATES, type AllowedUpdate } from '@finportal/contracts/applications';
import { displayGroup } from '@finportal/contracts/statuses';

/** How the current user relates to an application: its creator, or an accepted signatory. */
export type ApplicationRole = 'owner' | 'signatory';

const SIGNATORY_SELF: readonly AllowedUpdate[] = ['signatory_tin', 'signatory_contact'];

/**
 * allowed_updates of spec 2 section 6, per status and role (the full role matrix is not in the
 * spec; this is our decision, ADR 007):
 * - the owner edits everything while the application is Open;
 * - under review and at Signature the owner and an accepted signatory may still complete the
 *   representatives' tax ids and contact data (the signature steps need them), nothing else;
 * - an accepted signatory who is not the owner edits only those two, also while Open;
 * - after signature, paid out or closed: nothing.
 */
export function allowedUpdatesFor(status: string, role: ApplicationRole): AllowedUpdate[] {
  const group = displayGroup(status);
  if (status === 'Open') return role === 'owner' ? [...ALLOWED_UPDATES] : [...SIGNATORY_SELF];
  if (group === 'in_review' || group === 'waiting_for_signatures') return [...SIGNATORY_SELF];
  return [];
}
