import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { UserActor } from '../../platform/actor.js';
import type { Language } from '@finportal/contracts/constants';
import type { InviteStatus } from '@finportal/contracts/representative-schemas';
import type { InvitationInfoResponse } from '@finportal/contracts/signatures';
import type { Db } from '../../db/client.js';
import { applications, companies, signatories, users } from '../../db/schema.js';
import { signatureInvitations, type SignatureInvitation } from '../../db/schema-signatures.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { hit } from '../../platform/rate-limit.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';
import { signatureInvitationCopy, signatureReminderCopy } from './mail-copy.js';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks for an invitation: the job (system), a staff member or the applicant. */
export interface InvitedBy {
  kind: 'system' | 'staff' | 'user';
  id: string | null;
  ip?: string;
}

/** What `invite` did: the applicant's own row is accepted at once; anyone else gets a new link. */
export type InviteOutcome = { status: 'accepted' } | { status: 'invited'; expiresAt: Date };

/** The e-mail that carries the link: the first invitation, or a reminder (a new link, ADR 020). */
type InviteTemplate = 'signature_invitation' | 'signature_reminder';

/**
 * invite_status of a representative as the wire shows it (ADR 020): `expired` when the newest
 * open invitation (not used, not superseded) has expired unused; otherwise the stored value.
 */
export function inviteStatusOf(
  stored: InviteStatus,
  newestOpen: Pick<SignatureInvitation, 'expiresAt' | 'usedAt' | 'supersededAt'> | null | undefined,
  now: Date,
): InviteStatus {
  if (stored === 'accepted') return stored;
  if (newestOpen && !newestOpen.usedAt && !newestOpen.supersededAt && newestOpen.expiresAt <= now) return 'expired';
  return stored;
}

/** The application around an invitation: its owner, company and partner. */
interface InvitationContext {
  applicationId: string;
  shortId: string;
  status: string;
  partnerId: string;
  companyName: string;
  ownerId: string;
  ownerEmail: string;
  ownerLanguage: string;
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The applicant's own card, accepted without an invitation: linked to the applicant's account
 * already, or, never invited and linked to nobody, with the applicant's e-mail. A card someone was
 * invited on, or that another account accepted, is never taken over by an e-mail match (ADR 021).
 */
function isApplicantsOwnCard(
  person: Pick<typeof signatories.$inferSelect, 'userId' | 'inviteStatus' | 'email'>,
  app: { ownerId: string; ownerEmail: string },
): boolean {
  if (person.userId !== null) return person.userId === app.ownerId;
  return person.inviteStatus === 'not_invited' && sameEmail(person.email, app.ownerEmail);
}

/** A signing invitation found by its token, with what the page and the acceptance need. */
export interface FoundInvitation {
  invitation: SignatureInvitation;
  /** valid, or why not: used (or the person accepted otherwise), superseded (one answer with unknown), expired. */
  state: 'valid' | 'used' | 'superseded' | 'expired';
}

/**
 * Signing invitations (issue 14, ADR 020 "Invitations"): a single-use link per person, bound to
 * the signatory, the application and the partner; only the SHA-256 of the token is stored.
 *
 * Language of the e-mail: a representative has no language of their own. An account of the
 * invited e-mail at the partner gives its communication language; otherwise the applicant's
 * communication language (they entered the person), if the partner supports it; else the
 * partner's default.
 *
 * "Who invites" (the e-mail and the invitation page): the applicant, by the name of their own
 * representative entry (the one with the owner's e-mail), else by the owner's e-mail address; the
 * company is named beside it.
 */
export class InvitationService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  /**
   * POST /user/applications/{id}/signatories/{signatoryId}/invitation: the applicant sends the
   * invitation again to one signer (a new link; the person's earlier links keep working). Only the owner (403 for an accepted
   * signatory), only at Signature, not to a
   * person who accepted or to the applicant's own entry (409 err_update_not_allowed). Limited per
   * person like the other mails a user can trigger (RATE_RESET_PER_ACCOUNT per window).
   */
  async resend({
    actor,
    applicationId: id,
    signatoryId,
  }: {
    actor: UserActor;
    applicationId: string;
    signatoryId: string;
  }): Promise<{ signatory_id: string; invite_status: InviteStatus; expires_at: string }> {
    const { partner, user, ip = '' } = actor;
    const access = await this.applications.access(partner, user, id);
    if (access.role !== 'owner') throw new AppError('err_no_permission', 403);
    if (access.record.status !== 'Signature') throw new AppError('err_update_not_allowed', 409);
    const [person] = UUID.test(signatoryId)
      ? await this.ctx.db
          .select()
          .from(signatories)
          .where(and(eq(signatories.id, signatoryId), eq(signatories.applicationId, access.record.id)))
      : [];
    if (!person) throw new AppError('err_entity_not_found', 404);
    if (person.isContractSignatory !== true || person.inviteStatus === 'accepted') {
      throw new AppError('err_update_not_allowed', 409);
    }
    if (sameEmail(person.email, user.email) || person.userId === user.id) {
      throw new AppError('err_update_not_allowed', 409);
    }
    if (!person.email) throw AppError.field('err_signatory_data_missing', 'email', 409);
    const { config } = this.ctx;
    await hit(this.ctx.db, `invite:resend:${person.id}`, config.RATE_RESET_PER_ACCOUNT, config.RATE_WINDOW_MINUTES);
    const outcome = await this.ctx.db.transaction((tx) =>
      this.invite(tx, access.record.id, person.id, { kind: 'user', id: user.id, ip }),
    );
    if (outcome.status !== 'invited') throw new AppError('err_update_not_allowed', 409);
    return { signatory_id: person.id, invite_status: 'not_accepted', expires_at: outcome.expiresAt.toISOString() };
  }

  private partnerOf(key: string): Partner {
    const partner = this.ctx.partners.get(key);
    if (!partner) throw new AppError('err_internal', 500);
    return partner;
  }

  private async contextOf(db: Db, applicationId: string): Promise<InvitationContext | undefined> {
    const [row] = await db
      .select({
        applicationId: applications.id,
        shortId: applications.shortId,
        status: applications.status,
        partnerId: applications.partnerId,
        companyName: companies.name,
        ownerId: users.id,
        ownerEmail: users.email,
        ownerLanguage: users.communicationLanguage,
      })
      .from(applications)
      .innerJoin(companies, eq(companies.id, applications.companyId))
      .innerJoin(users, eq(users.id, applications.userId))
      .where(eq(applications.id, applicationId));
    return row;
  }

  /** The applicant as the invitation names them: their representative entry's name, else their e-mail. */
  private async inviterName(db: Db, app: InvitationContext): Promise<string> {
    const rows = await db
      .select({ firstName: signatories.firstName, lastName: signatories.lastName, email: signatories.email })
      .from(signatories)
      .where(eq(signatories.applicationId, app.applicationId));
    const own = rows.find((r) => sameEmail(r.email, app.ownerEmail));
    const name = own ? [own.firstName, own.lastName].filter(Boolean).join(' ').trim() : '';
    return name || app.ownerEmail;
  }

  private async languageOf(db: Db, partner: Partner, email: string, app: InvitationContext): Promise<Language> {
    const supported = partner.languages.supported as string[];
    const [account] = await db
      .select({ language: users.communicationLanguage })
      .from(users)
      .where(and(eq(users.partnerId, partner.key), sql`lower(${users.email}) = lower(${email})`));
    for (const candidate of [account?.language, app.ownerLanguage]) {
      if (candidate && supported.includes(candidate)) return candidate as Language;
    }
    return partner.languages.default as Language;
  }

  /**
   * A new invitation for one representative (in the caller's transaction): a new link (the
   * person's earlier links keep working), invite_status becomes not_accepted, first_invited_at is set once,
   * and the link is mailed. The applicant's own entry (the owner's e-mail) is accepted at once
   * instead, linked to the owner, without an e-mail. 409 err_update_not_allowed for a person who
   * accepted; 409 err_signatory_data_missing (email) without an e-mail.
   */
  async invite(
    db: Db,
    applicationId: string,
    signatoryId: string,
    by: InvitedBy,
    template: InviteTemplate = 'signature_invitation',
  ): Promise<InviteOutcome> {
    const [person] = UUID.test(signatoryId)
      ? await db
          .select()
          .from(signatories)
          .where(and(eq(signatories.id, signatoryId), eq(signatories.applicationId, applicationId)))
          .for('update')
      : [];
    const app = await this.contextOf(db, applicationId);
    if (!person || !app) throw new AppError('err_entity_not_found', 404);
    if (!person.email) throw AppError.field('err_signatory_data_missing', 'email', 409);
    const now = this.ctx.clock.now();
    if (isApplicantsOwnCard(person, app)) {
      if (person.inviteStatus !== 'accepted' || person.userId !== app.ownerId) {
        await db
          .update(signatories)
          .set({ inviteStatus: 'accepted', userId: app.ownerId, updatedAt: now })
          .where(eq(signatories.id, person.id));
        await this.audit(db, app, person.id, by, 'signatory.accepted_as_applicant', person.inviteStatus, 'accepted');
      }
      return { status: 'accepted' };
    }
    if (person.inviteStatus === 'accepted') throw new AppError('err_update_not_allowed', 409);

    const partner = this.partnerOf(app.partnerId);
    const email = person.email.trim().toLowerCase();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + partner.signatures.invitation_valid_days * DAY_MS);
    // A new link never breaks one the person already holds: every link of theirs stays valid until
    // it expires or one of them is used (ADR 021). Only a correction of the e-mail revokes them.
    await db.insert(signatureInvitations).values({
      tokenHash: hashToken(token),
      signatoryId: person.id,
      applicationId: app.applicationId,
      partnerId: app.partnerId,
      email,
      createdByKind: by.kind,
      createdBy: by.id,
      createdAt: now,
      expiresAt,
    });
    await db
      .update(signatories)
      .set({
        inviteStatus: 'not_accepted',
        firstInvitedAt: person.firstInvitedAt ?? now,
        ...(template === 'signature_reminder' ? { lastReminderAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(signatories.id, person.id));
    const language = await this.languageOf(db, partner, email, app);
    const vars = {
      partner: partner.display_name,
      shortId: app.shortId,
      company: app.companyName,
      inviter: await this.inviterName(db, app),
      days: partner.signatures.invitation_valid_days,
      variant: 'invitation' as const,
    };
    await this.ctx.mailer.enqueueCopy(db, {
      partner,
      to: email,
      language,
      template,
      linkPath: `/user/account/invite/${token}`,
      copy: (template === 'signature_reminder' ? signatureReminderCopy : signatureInvitationCopy)(language, vars),
    });
    await this.audit(
      db,
      app,
      person.id,
      by,
      template === 'signature_reminder' ? 'signatory.reminded' : 'signatory.invited',
      person.inviteStatus,
      'not_accepted',
      { expires_at: expiresAt.toISOString() },
    );
    return { status: 'invited', expiresAt };
  }

  /** A reminder to a person who accepted already: the link to the application's Signatures tab. */
  async remindAccepted(db: Db, applicationId: string, signatoryId: string): Promise<void> {
    const [person] = await db.select().from(signatories).where(eq(signatories.id, signatoryId));
    const app = await this.contextOf(db, applicationId);
    if (!person || !app) return;
    const now = this.ctx.clock.now();
    const [account] = person.userId ? await db.select().from(users).where(eq(users.id, person.userId)) : [];
    const to = account?.email ?? person.email;
    if (to) {
      const partner = this.partnerOf(app.partnerId);
      const language = await this.languageOf(db, partner, to, app);
      await this.ctx.mailer.enqueueCopy(db, {
        partner,
        to,
        language,
        template: 'signature_reminder',
        linkPath: `/dashboard/applications/${app.applicationId}?tab=signatures`,
        copy: signatureReminderCopy(language, {
          partner: partner.display_name,
          shortId: app.shortId,
          company: app.companyName,
          inviter: await this.inviterName(db, app),
          variant: 'signing',
        }),
      });
    }
    await db.update(signatories).set({ lastReminderAt: now }).where(eq(signatories.id, person.id));
    await this.audit(db, app, person.id, { kind: 'system', id: null }, 'signatory.reminded', 'accepted', 'accepted');
  }

  /**
   * INVITE_SIGNERS (the application entered Signature): every signer (is_contract_signatory) with
   * an e-mail who is not accepted and has no open, unexpired invitation gets one; the applicant's
   * own entry is accepted at once. Run twice, it mails nobody twice.
   */
  async inviteSigners(db: Db, applicationId: string): Promise<void> {
    const app = await this.contextOf(db, applicationId);
    if (!app || app.status !== 'Signature') return;
    const now = this.ctx.clock.now();
    const rows = await db
      .select()
      .from(signatories)
      .where(and(eq(signatories.applicationId, applicationId), eq(signatories.isContractSignatory, true)))
      .orderBy(signatories.createdAt, signatories.id)
      .for('update');
    for (const person of rows) {
      if (!person.email) continue;
      if (isApplicantsOwnCard(person, app)) {
        if (person.inviteStatus !== 'accepted' || person.userId !== app.ownerId) {
          await this.invite(db, applicationId, person.id, { kind: 'system', id: null });
        }
        // The applicant signs too: reminders count from here.
        if (!person.firstInvitedAt) {
          await db.update(signatories).set({ firstInvitedAt: now }).where(eq(signatories.id, person.id));
        }
        continue;
      }
      if (person.inviteStatus === 'accepted') continue;
      const open = await this.openInvitation(db, person.id);
      if (open && open.expiresAt > now) continue;
      await this.invite(db, applicationId, person.id, { kind: 'system', id: null });
    }
  }

  /**
   * Staff corrected the person's e-mail (ADR 021): every open link of theirs stops working (it went
   * to the old address), and the card waits for a new invitation.
   */
  async revoke(db: Db, signatoryId: string): Promise<number> {
    const now = this.ctx.clock.now();
    const revoked = await db
      .update(signatureInvitations)
      .set({ supersededAt: now })
      .where(
        and(
          eq(signatureInvitations.signatoryId, signatoryId),
          isNull(signatureInvitations.usedAt),
          isNull(signatureInvitations.supersededAt),
        ),
      )
      .returning({ id: signatureInvitations.id });
    return revoked.length;
  }

  /** The person's open invitation (not used, not superseded), if any. */
  async openInvitation(db: Db, signatoryId: string): Promise<SignatureInvitation | undefined> {
    const [open] = await db
      .select()
      .from(signatureInvitations)
      .where(
        and(
          eq(signatureInvitations.signatoryId, signatoryId),
          isNull(signatureInvitations.usedAt),
          isNull(signatureInvitations.supersededAt),
        ),
      )
      .orderBy(desc(signatureInvitations.createdAt))
      .limit(1);
    return open;
  }

  /** A signing invitation of this partner by its token (undefined: no such token here). */
  async find(db: Db, partnerKey: string, token: string): Promise<FoundInvitation | undefined> {
    const [invitation] = await db
      .select()
      .from(signatureInvitations)
      .where(and(eq(signatureInvitations.tokenHash, hashToken(token)), eq(signatureInvitations.partnerId, partnerKey)));
    if (!invitation) return undefined;
    const [person] = await db
      .select({ inviteStatus: signatories.inviteStatus })
      .from(signatories)
      .where(eq(signatories.id, invitation.signatoryId));
    const state: FoundInvitation['state'] =
      invitation.usedAt || person?.inviteStatus === 'accepted'
        ? 'used'
        : invitation.supersededAt || !person
          ? 'superseded'
          : invitation.expiresAt <= this.ctx.clock.now()
            ? 'expired'
            : 'valid';
    return { invitation, state };
  }

  /** What the invitation page shows for a valid signing invitation (account_exists: any account of that e-mail here). */
  async info(db: Db, found: FoundInvitation): Promise<InvitationInfoResponse> {
    if (found.state === 'expired') return { status: 'expired' };
    if (found.state !== 'valid') return { status: 'invalid' };
    const { invitation } = found;
    const app = await this.contextOf(db, invitation.applicationId);
    if (!app) return { status: 'invalid' };
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.partnerId, invitation.partnerId),
          sql`lower(${users.email}) = lower(${invitation.email})`,
          sql`${users.status} <> 'invited'`,
        ),
      );
    return {
      status: 'valid',
      email: invitation.email,
      account_exists: !!account,
      company_name: app.companyName,
      short_application_id: app.shortId,
      inviter_name: await this.inviterName(db, app),
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Uses the invitation for `userId` (in the caller's transaction, after the account is known):
   * the conditional update lets one of two concurrent acceptances win; the other answers
   * err_token_used. The signatory is then linked to the account and accepted.
   */
  async accept(db: Db, invitation: SignatureInvitation, userId: string, ip: string): Promise<void> {
    const now = this.ctx.clock.now();
    const used = await db
      .update(signatureInvitations)
      .set({ usedAt: now, usedBy: userId })
      .where(
        and(
          eq(signatureInvitations.id, invitation.id),
          isNull(signatureInvitations.usedAt),
          isNull(signatureInvitations.supersededAt),
          sql`${signatureInvitations.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: signatureInvitations.id });
    if (!used.length) throw AppError.field('err_token_used', 'token');
    const updated = await db
      .update(signatories)
      .set({ userId, inviteStatus: 'accepted', updatedAt: now })
      .where(and(eq(signatories.id, invitation.signatoryId), sql`${signatories.inviteStatus} <> 'accepted'`))
      .returning({ id: signatories.id });
    if (!updated.length) throw AppError.field('err_token_used', 'token');
    await audit(db, {
      partnerId: invitation.partnerId,
      userId,
      action: 'signatory.invitation_accepted',
      entity: 'signatory',
      entityId: invitation.signatoryId,
      applicationId: invitation.applicationId,
      before: { invite_status: 'not_accepted' },
      after: { invite_status: 'accepted' },
      ip,
    });
  }

  /**
   * The reminder job (ADR 020): every signer of an application at Signature who has not completed
   * gets a reminder when `reminderDue` says so (5 days after the first invitation, then every 2
   * days, none from day 30): with a new invitation link while not accepted, else the link to the
   * Signatures tab. Then the open invitations that have expired show `expired` (stored).
   */
  async remind(db: Db, isDue: (now: Date, first: Date, last: Date | null) => boolean): Promise<void> {
    const now = this.ctx.clock.now();
    const due = await db
      .select({
        id: signatories.id,
        applicationId: signatories.applicationId,
        inviteStatus: signatories.inviteStatus,
        email: signatories.email,
        firstInvitedAt: signatories.firstInvitedAt,
        lastReminderAt: signatories.lastReminderAt,
      })
      .from(signatories)
      .innerJoin(applications, eq(applications.id, signatories.applicationId))
      .where(
        and(
          eq(applications.status, 'Signature'),
          eq(signatories.isContractSignatory, true),
          isNull(signatories.signatureCompletedAt),
          sql`${signatories.firstInvitedAt} IS NOT NULL`,
        ),
      )
      .for('update', { of: signatories, skipLocked: true });
    for (const person of due) {
      if (!person.firstInvitedAt || !isDue(now, person.firstInvitedAt, person.lastReminderAt)) continue;
      if (person.inviteStatus === 'accepted') {
        await this.remindAccepted(db, person.applicationId, person.id);
      } else if (person.email) {
        await this.invite(db, person.applicationId, person.id, { kind: 'system', id: null }, 'signature_reminder');
      }
    }
    await db.execute(sql`
      UPDATE signatories s SET invite_status = 'expired', updated_at = ${now.toISOString()}::timestamptz
      WHERE s.invite_status = 'not_accepted' AND EXISTS (
        SELECT 1 FROM signature_invitations i
        WHERE i.signatory_id = s.id AND i.used_at IS NULL AND i.superseded_at IS NULL AND i.expires_at <= ${now.toISOString()}::timestamptz)`);
  }

  private async audit(
    db: Db,
    app: InvitationContext,
    signatoryId: string,
    by: InvitedBy,
    action: string,
    before: string,
    after: string,
    data?: Record<string, unknown>,
  ): Promise<void> {
    await audit(db, {
      partnerId: app.partnerId,
      userId: by.id,
      actorKind: by.kind === 'staff' ? 'staff' : by.kind === 'user' ? 'user' : 'system',
      action,
      entity: 'signatory',
      entityId: signatoryId,
      applicationId: app.applicationId,
      before: { invite_status: before },
      after: { invite_status: after },
      ...(data ? { data } : {}),
      ...(by.ip ? { ip: by.ip } : {}),
    });
  }
}
