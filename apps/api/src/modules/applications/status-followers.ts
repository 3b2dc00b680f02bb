import { and, eq, or, sql } from 'drizzle-orm';
import type { Language } from '@finportal/contracts/constants';
import { displayGroup } from '@finportal/contracts/statuses';
import type { Db } from '../../db/client.js';
import { signatories, users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { emitWebhook } from '../../platform/webhooks.js';
import { offerAvailableCopy, statusChangedCopy, submittedCopy } from './mail-copy.js';
import type { StatusChangedEvent, StatusSubscriber } from './workflow-events.js';

/**
 * The applications module's followers of a status move (issue 24, ADR 021), run by the follower
 * job: the partner's webhooks (`application.status_changed` always, `application.submitted`,
 * `offer.accepted`), and the applicant's e-mail: the submission's confirmation, the final offer to
 * accept, or the news of a new display group (at Signature worded for whether they sign).
 */
export function applicationStatusFollowers(ctx: AppContext): StatusSubscriber {
  return async (db: Db, event: StatusChangedEvent) => {
    const base = { application_id: event.application_id, short_id: event.short_id };
    await emitWebhook(db, event.partner_id, 'application.status_changed', { ...base, from: event.from, to: event.to });
    if (event.events.includes('application.submitted')) {
      await emitWebhook(db, event.partner_id, 'application.submitted', { ...base, status: event.to });
    }
    if (event.events.includes('offer.accepted')) {
      await emitWebhook(db, event.partner_id, 'offer.accepted', { ...base, status: event.to });
    }

    const partner = ctx.partners.get(event.partner_id);
    const [owner] = await db
      .select({ id: users.id, email: users.email, language: users.communicationLanguage })
      .from(users)
      .where(sql`${users.id} = (SELECT user_id FROM applications WHERE id = ${event.application_id})`);
    if (!partner || !owner) return;
    const language = owner.language as Language;
    const path = `/dashboard/applications/${event.application_id}`;
    const mail = (template: string, copy: ReturnType<typeof submittedCopy>, linkPath = path) =>
      ctx.mailer.enqueueCopy(db, { partner, to: owner.email, language, template, copy, linkPath });

    if (event.events.includes('application.submitted')) {
      await mail('application_submitted', submittedCopy(language, partner.display_name, event.short_id));
      return;
    }
    if (event.events.includes('offer.available')) {
      await mail('offer_available', offerAvailableCopy(language, partner.display_name, event.short_id));
      return;
    }
    const group = displayGroup(event.to);
    if (displayGroup(event.from) === group) return;
    const signs = group === 'waiting_for_signatures' ? await applicantSigns(db, event.application_id, owner) : true;
    await mail(
      'application_status_changed',
      statusChangedCopy(language, partner.display_name, event.short_id, group, signs),
      group === 'waiting_for_signatures' ? `${path}?tab=${signs ? 'signatures' : 'representatives'}` : path,
    );
  };
}

/** Does the applicant sign (a representative of theirs, by account or e-mail, willing to sign)? */
async function applicantSigns(db: Db, applicationId: string, owner: { id: string; email: string }) {
  const [own] = await db
    .select({ id: signatories.id })
    .from(signatories)
    .where(
      and(
        eq(signatories.applicationId, applicationId),
        eq(signatories.isContractSignatory, true),
        or(eq(signatories.userId, owner.id), sql`lower(${signatories.email}) = lower(${owner.email})`),
      ),
    )
    .limit(1);
  return !!own;
}
