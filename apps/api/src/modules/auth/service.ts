import { and, eq, sql } from 'drizzle-orm';
import type { ChangePasswordRequest } from '@finportal/contracts/auth';
import type { Language } from '@finportal/contracts/constants';
import type { ApiErrorItem, ErrorCode } from '@finportal/contracts/errors';
import type { z } from 'zod';
import type { inviteAcceptRequest, registerRequest, recoverRequest } from '@finportal/contracts/auth';
import type { InvitationInfoResponse } from '@finportal/contracts/signatures';
import { isFeatureActive } from '@finportal/contracts/partner';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit.js';
import { hashPassword, verifyPassword } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { hit, recordFailure, reserveAttempt } from '../../platform/rate-limit.js';
import { isKnownDevice, rememberDevice } from './devices.js';
import { PASSWORD_RESET_REQUESTED } from './jobs.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { publicFeatures } from '../partner/public.js';
import { InvitationService } from '../signatures/public.js';
import { consumeToken, issueToken, peekToken } from './tokens.js';

const invalidCredentials = () => new AppError('err_invalid_credentials', 401);

/** The outcome of invite_accept: the account to log in, and the application of a signing invitation. */
export interface InviteAccepted {
  user: SessionUser;
  applicationId?: string;
}

export class AuthService {
  private readonly invitations: InvitationService;

  constructor(private readonly ctx: AppContext) {
    this.invitations = new InvitationService(ctx);
  }

  private get db(): Db {
    return this.ctx.db;
  }

  private async findUser(partnerId: string, email: string, db: Db = this.db): Promise<SessionUser | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.partnerId, partnerId), eq(users.email, email)))
      .limit(1);
    return rows[0];
  }

  /**
   * Login throttling (ADR 010): a source (client address) gets LOGIN_FREE_FAILURES wrong passwords
   * per account, then waits that grow with every further one; the 429 says how long. Failures
   * from all sources together block only browsers that have never logged in to the account (no
   * known-device cookie): a stranger can slow an attack down but cannot lock the owner out.
   */
  async login(
    partner: Partner,
    email: string,
    password: string,
    ip: string,
    deviceToken: string | undefined,
  ): Promise<{ user: SessionUser; deviceToken: string }> {
    const { config } = this.ctx;
    await hit(this.db, `login:ip:${ip}`, config.RATE_LOGIN_PER_IP, config.RATE_WINDOW_MINUTES);
    const pairKey = `login:fail:${partner.key}:${email}:${ip}`;
    const accountKey = `login:fail:${partner.key}:${email}`;
    const user = await this.findUser(partner.key, email);
    const known = user && deviceToken ? await isKnownDevice(this.db, user.id, deviceToken) : false;
    // Counted before the password is checked (issue 25): parallel guesses cannot outrun the count.
    const attempt = await reserveAttempt(this.db, [
      { key: pairKey, settings: this.throttle(config.LOGIN_FREE_FAILURES) },
      ...(known ? [] : [{ key: accountKey, settings: this.throttle(config.LOGIN_FREE_FAILURES_ACCOUNT) }]),
    ]);
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      // A known browser's failure counts for the account too (it slows strangers, never the owner).
      if (known) await recordFailure(this.db, accountKey, this.throttle(config.LOGIN_FREE_FAILURES_ACCOUNT));
      await audit(this.db, { partnerId: partner.key, userId: user?.id, action: 'auth.login_failed', ip });
      throw invalidCredentials();
    }
    // The right password: this attempt is no failure. Only this source's failures are forgiven:
    // the owner's success says nothing about the failures others caused, which keep slowing
    // unknown browsers down until they expire.
    await attempt.succeeded(this.db, [pairKey]);
    if (user.status === 'disabled') throw new AppError('err_entity_disabled', 403);
    if (user.status === 'locked') throw new AppError('err_entity_locked', 403);
    if (user.status === 'deleted') throw invalidCredentials();
    if (user.status !== 'active') throw invalidCredentials();
    const device = await rememberDevice(this.db, user, known ? deviceToken : undefined);
    await audit(this.db, { partnerId: partner.key, userId: user.id, action: 'auth.login', ip });
    return { user, deviceToken: device };
  }

  private throttle(free: number) {
    return { free, baseSeconds: 1, maxSeconds: 15 * 60, windowMinutes: 24 * 60 };
  }

  async register(partner: Partner, input: z.output<typeof registerRequest>, ip: string): Promise<void> {
    const { config } = this.ctx;
    await hit(this.db, `register:ip:${ip}`, config.RATE_REGISTER_PER_IP, config.RATE_WINDOW_MINUTES);
    // Per address too: each repeat mails the owner a notice, which must not become a mail bomb.
    await hit(
      this.db,
      `register:acct:${partner.key}:${input.email}`,
      config.RATE_REGISTER_PER_ACCOUNT,
      config.RATE_WINDOW_MINUTES,
    );
    this.assertPartnerRules(partner, input);
    const marketing = isFeatureActive({ public_features: publicFeatures(partner) }, 'marketing_opt_in')
      ? input.marketing_consent_accepted
      : false;
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values({
          partnerId: partner.key,
          email: input.email,
          passwordHash,
          interfaceLanguage: input.interface_language,
          communicationLanguage: input.communication_language,
          marketingConsent: marketing,
          acceptedTermsAt: new Date(),
          acceptedPartnerTermsAt: input.accepted_partner_terms ? new Date() : null,
        })
        .onConflictDoNothing({ target: [users.partnerId, users.email] })
        .returning();
      const user = inserted[0];
      if (!user) {
        // Same answer as a new registration; the owner is told by mail instead.
        const owner = await this.findUser(partner.key, input.email, tx);
        if (owner?.status === 'invited') {
          // An invitation that was never accepted: send it again rather than a reset link,
          // which only works for active accounts.
          await this.sendInvite(tx, partner, owner, owner.communicationLanguage as Language);
        } else if (owner) {
          await this.ctx.mailer.enqueue(tx, {
            partner,
            to: owner.email,
            language: owner.communicationLanguage as Language,
            template: 'account_exists',
            linkPath: '/forgot-password',
          });
          await audit(tx, { partnerId: partner.key, userId: owner.id, action: 'auth.register_existing', ip });
        }
        return;
      }
      await this.sendConfirmation(tx, partner, user);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'auth.register',
        entity: 'user',
        entityId: user.id,
        ip,
      });
    });
  }

  /** The partner-dependent rules of register and invite_accept: every failing field, not only the first. */
  private assertPartnerRules(
    partner: Partner,
    input: { accepted_partner_terms: boolean; interface_language: string; communication_language: string },
  ): void {
    const items: ApiErrorItem[] = [];
    if (partner.is_partner_terms_required && !input.accepted_partner_terms) {
      items.push({ code: 'err_partner_terms_not_accepted', field: 'accepted_partner_terms' });
    }
    for (const field of ['interface_language', 'communication_language'] as const) {
      if (!partner.languages.supported.includes(input[field] as Language)) {
        items.push({ code: 'err_language_not_supported', field });
      }
    }
    const first = items[0];
    if (first) throw new AppError(first.code as ErrorCode, 400, items);
  }

  private async sendConfirmation(db: Db, partner: Partner, user: SessionUser): Promise<void> {
    const hours = this.ctx.config.CONFIRM_TOKEN_HOURS;
    const token = await issueToken(db, user, 'confirm_email', hours * 3_600_000);
    await this.ctx.mailer.enqueue(db, {
      partner,
      to: user.email,
      language: user.communicationLanguage as Language,
      template: 'confirm_email',
      // The list page confirms the token first, then loads, then cleans the query (spec 1 section 2).
      linkPath: `/dashboard/applications?confirmation_token=${token}&email_confirm_required=true`,
      vars: { hours },
    });
  }

  async resendConfirmation(partner: Partner, user: SessionUser): Promise<void> {
    if (user.emailConfirmedAt) throw new AppError('err_email_already_confirmed', 400);
    await hit(
      this.db,
      `resend:acct:${user.id}`,
      this.ctx.config.RATE_RESET_PER_ACCOUNT,
      this.ctx.config.RATE_WINDOW_MINUTES,
    );
    await this.db.transaction((tx) => this.sendConfirmation(tx, partner, user));
  }

  async confirmEmail(partner: Partner, token: string): Promise<SessionUser> {
    return this.db.transaction(async (tx) => {
      const user = await consumeToken(tx, partner.key, token, 'confirm_email');
      await tx
        .update(users)
        .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'auth.email_confirmed',
        entity: 'user',
        entityId: user.id,
      });
      return user;
    });
  }

  /**
   * Answers the same for known and unknown e-mails, after the same work: the rate limits and one
   * job. Whether the address belongs to an account is only looked up by the job
   * (`sendResetMail`), so the answer's timing tells nothing.
   */
  async requestReset(partner: Partner, email: string, ip: string): Promise<void> {
    const { config } = this.ctx;
    await hit(this.db, `reset:ip:${ip}`, config.RATE_RESET_PER_IP, config.RATE_WINDOW_MINUTES);
    await hit(this.db, `reset:acct:${partner.key}:${email}`, config.RATE_RESET_PER_ACCOUNT, config.RATE_WINDOW_MINUTES);
    await enqueue(this.db, PASSWORD_RESET_REQUESTED, { partner: partner.key, email, ip });
  }

  /** The password-reset job: only a known active account gets a token and a mail. */
  async sendResetMail(db: Db, partnerKey: string, email: string, ip: string): Promise<void> {
    const partner = this.ctx.partners.get(partnerKey);
    if (!partner) return;
    const user = await this.findUser(partner.key, email, db);
    if (!user || user.status !== 'active') return;
    const minutes = this.ctx.config.RESET_TOKEN_MINUTES;
    const token = await issueToken(db, user, 'reset_password', minutes * 60_000);
    await this.ctx.mailer.enqueue(db, {
      partner,
      to: user.email,
      language: user.communicationLanguage as Language,
      template: 'reset_password',
      linkPath: `/user/account/reset/${token}`,
      vars: { minutes },
    });
    await audit(db, { partnerId: partner.key, userId: user.id, action: 'auth.reset_requested', ip });
  }

  /** Sets the new password, confirms the e-mail (the link proved it) and ends every session. */
  async recover(partner: Partner, input: z.output<typeof recoverRequest>): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      const user = await consumeToken(tx, partner.key, input.token, 'reset_password');
      await tx
        .update(users)
        .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await this.ctx.sessions.endAllForUser(tx, user.id, 'password_reset');
      await this.ctx.mailer.enqueue(tx, {
        partner,
        to: user.email,
        language: user.communicationLanguage as Language,
        template: 'password_changed',
      });
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'auth.password_reset',
        entity: 'user',
        entityId: user.id,
      });
    });
  }

  /** Creates an invited account (status invited) and mails the link. */
  async invite(partner: Partner, email: string, language: Language): Promise<string> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values({
          partnerId: partner.key,
          email,
          status: 'invited',
          interfaceLanguage: language,
          communicationLanguage: language,
        })
        .onConflictDoNothing({ target: [users.partnerId, users.email] })
        .returning();
      const user = inserted[0] ?? (await this.findUser(partner.key, email, tx));
      if (!user) throw new AppError('err_internal', 500);
      if (user.status !== 'invited') throw AppError.field('err_email_conflict', 'email', 409);
      const token = await this.sendInvite(tx, partner, user, language);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'auth.invited',
        entity: 'user',
        entityId: user.id,
      });
      return token;
    });
  }

  private async sendInvite(db: Db, partner: Partner, user: SessionUser, language: Language): Promise<string> {
    const days = this.ctx.config.INVITE_TOKEN_DAYS;
    const token = await issueToken(db, user, 'invite', days * 86_400_000);
    await this.ctx.mailer.enqueue(db, {
      partner,
      to: user.email,
      language,
      template: 'invite',
      linkPath: `/user/account/invite/${token}`,
      vars: { days },
    });
    return token;
  }

  /**
   * GET /user/account/invite/{token}: what the invitation page shows. A signing invitation (issue
   * 14) or an account invitation (kind invite) of this partner; used, superseded, unknown and other
   * partners' tokens give one answer (invalid). Limited per client address like the reset calls.
   */
  async inviteInfo(partner: Partner, token: string, ip: string): Promise<InvitationInfoResponse> {
    const { config } = this.ctx;
    await hit(this.db, `invite:ip:${ip}`, config.RATE_RESET_PER_IP, config.RATE_WINDOW_MINUTES);
    const signing = await this.invitations.find(this.db, partner.key, token);
    if (signing) return this.invitations.info(this.db, signing);
    const account = await peekToken(this.db, partner.key, token, 'invite');
    if (!account || account.state === 'used' || account.user.status !== 'invited') return { status: 'invalid' };
    if (account.state === 'expired') return { status: 'expired' };
    return {
      status: 'valid',
      email: account.user.email,
      account_exists: false,
      company_name: null,
      short_application_id: null,
      inviter_name: null,
      expires_at: account.expiresAt.toISOString(),
    };
  }

  /**
   * POST /user/account/invite_accept. A signing invitation (issue 14, ADR 020): the invited e-mail
   * becomes an account (active, e-mail confirmed: the link proved it), or, where an account of that
   * e-mail exists, the password must be that account's (checked and throttled like the login: 401
   * err_invalid_credentials); a request with the session of that very account needs no password
   * check, one of another account is refused (403 err_no_permission). The invitation is then used,
   * the signatory linked and accepted, and the caller logs the account in. Used: err_token_used;
   * expired: err_token_expired; unknown, superseded or another partner's: err_token_invalid (400,
   * field token, as the account invitation). Otherwise an account invitation (kind invite).
   */
  async acceptInvite(
    partner: Partner,
    input: z.output<typeof inviteAcceptRequest>,
    ip: string,
    session: SessionUser | null = null,
    deviceToken?: string,
  ): Promise<InviteAccepted> {
    this.assertPartnerRules(partner, input);
    const { config } = this.ctx;
    await hit(this.db, `invite:ip:${ip}`, config.RATE_RESET_PER_IP, config.RATE_WINDOW_MINUTES);
    const signing = await this.invitations.find(this.db, partner.key, input.token);
    if (!signing) return { user: await this.acceptAccountInvite(partner, input) };
    if (signing.state !== 'valid') {
      const code =
        signing.state === 'used'
          ? 'err_token_used'
          : signing.state === 'expired'
            ? 'err_token_expired'
            : 'err_token_invalid';
      throw AppError.field(code, 'token');
    }
    const { invitation } = signing;
    if (session && session.email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError('err_no_permission', 403);
    }
    const existing = await this.findUser(partner.key, invitation.email);
    let known: SessionUser | undefined;
    if (existing && existing.status !== 'invited') {
      known =
        session?.id === existing.id
          ? existing
          : (await this.login(partner, invitation.email, input.password, ip, deviceToken)).user;
    }
    const passwordHash = known ? undefined : await hashPassword(input.password);
    const user = await this.db.transaction(async (tx) => {
      let account = known;
      if (!account) {
        const values = {
          passwordHash: passwordHash!,
          status: 'active' as const,
          emailConfirmedAt: new Date(),
          interfaceLanguage: input.interface_language,
          communicationLanguage: input.communication_language,
          acceptedTermsAt: new Date(),
          acceptedPartnerTermsAt: input.accepted_partner_terms ? new Date() : null,
          updatedAt: new Date(),
        };
        if (existing) {
          // An account invitation that was never accepted: this link proves the address as well.
          [account] = await tx
            .update(users)
            .set(values)
            .where(and(eq(users.id, existing.id), eq(users.status, 'invited')))
            .returning();
        } else {
          [account] = await tx
            .insert(users)
            .values({ partnerId: partner.key, email: invitation.email, ...values })
            .onConflictDoNothing({ target: [users.partnerId, users.email] })
            .returning();
        }
        if (!account) throw AppError.field('err_token_used', 'token');
        await audit(tx, {
          partnerId: partner.key,
          userId: account.id,
          action: 'auth.invite_accepted',
          entity: 'user',
          entityId: account.id,
          ip,
        });
      }
      await this.invitations.accept(tx, invitation, account.id, ip);
      return account;
    });
    return { user, applicationId: invitation.applicationId };
  }

  private async acceptAccountInvite(
    partner: Partner,
    input: z.output<typeof inviteAcceptRequest>,
  ): Promise<SessionUser> {
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const user = await consumeToken(tx, partner.key, input.token, 'invite');
      const updated = await tx
        .update(users)
        .set({
          passwordHash,
          status: 'active',
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
          interfaceLanguage: input.interface_language,
          communicationLanguage: input.communication_language,
          acceptedTermsAt: new Date(),
          acceptedPartnerTermsAt: input.accepted_partner_terms ? new Date() : null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(users.id, user.id), eq(users.status, 'invited')))
        .returning();
      const active = updated[0];
      if (!active) throw AppError.field('err_token_used', 'token');
      // Representatives are linked by their signing invitation only (issue 14), never by e-mail.
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'auth.invite_accepted',
        entity: 'user',
        entityId: user.id,
      });
      return active;
    });
  }

  async changePassword(
    partner: Partner,
    user: SessionUser,
    sessionId: string,
    input: ChangePasswordRequest,
    ip: string,
  ): Promise<void> {
    // ADR 002: the notice below would go to an address nobody has proven, once per call (a mail
    // relay for whoever registered someone else's address); the reset link works unconfirmed.
    if (!user.emailConfirmedAt) throw new AppError('err_email_not_confirmed', 403);
    const { config } = this.ctx;
    const key = `chpw:fail:${user.id}`;
    const attempt = await reserveAttempt(this.db, [{ key, settings: this.throttle(config.LOGIN_FREE_FAILURES) }]);
    if (!(await verifyPassword(user.passwordHash, input.old_password))) {
      throw AppError.field('err_invalid_current_password', 'old_password');
    }
    await attempt.succeeded(this.db, [key]);
    const passwordHash = await hashPassword(input.new_password);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await this.ctx.sessions.endAllForUser(tx, user.id, 'password_changed', sessionId);
      await this.ctx.mailer.enqueue(tx, {
        partner,
        to: user.email,
        language: user.communicationLanguage as Language,
        template: 'password_changed',
      });
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'auth.password_changed',
        entity: 'user',
        entityId: user.id,
        ip,
      });
    });
  }
}
