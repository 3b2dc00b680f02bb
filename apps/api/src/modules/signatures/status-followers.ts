import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { signatories } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { emitWebhook } from '../../platform/webhooks.js';
import type { StatusChangedEvent, StatusSubscriber } from '../applications/public.js';
import { InvitationService } from './invitation-service.js';

/**
 * The signatures' followers of a status move (issue 24, ADR 021): when signing opens, every signer
 * is invited once (a move back to Signature invites nobody twice); when every signature is
 * complete, the partner's `signature.completed` webhook.
 */
export function signatureStatusFollowers(ctx: AppContext): StatusSubscriber {
  const invitations = new InvitationService(ctx);
  return async (db: Db, event: StatusChangedEvent) => {
    if (event.events.includes('signature.opened')) await invitations.inviteSigners(db, event.application_id);
    if (event.events.includes('signature.completed')) {
      const [row] = await db
        .select({ n: count() })
        .from(signatories)
        .where(and(eq(signatories.applicationId, event.application_id), eq(signatories.isContractSignatory, true)));
      await emitWebhook(db, event.partner_id, 'signature.completed', {
        application_id: event.application_id,
        short_id: event.short_id,
        signers: row?.n ?? 0,
      });
    }
  };
}
