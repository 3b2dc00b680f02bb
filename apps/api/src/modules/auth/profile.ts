import { eq, sql } from 'drizzle-orm';
import type { Profile, updateProfileRequest } from '@finportal/contracts/auth';
import type { Language } from '@finportal/contracts/constants';
import { isFeatureActive } from '@finportal/contracts/partner';
import type { z } from 'zod';
import { users } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { publicFeatures } from '../partner/public.js';

/** The profile (GET /user/profile) and its settings: languages and marketing consent. */

export function toProfile(u: SessionUser): Profile {
  return {
    user_id: u.id,
    email: u.email,
    emailVerified: u.emailConfirmedAt !== null,
    is_email_confirmed: u.emailConfirmedAt !== null,
    interface_language: u.interfaceLanguage as Language,
    communication_language: u.communicationLanguage as Language,
    region: u.region,
    marketing_consent_accepted: u.marketingConsent,
    user_kind: u.userKind,
  };
}

/** A language the partner does not offer is refused on its field. */
function assertLanguage(partner: Partner, language: string, field: string): void {
  if (!partner.languages.supported.includes(language as Language)) {
    throw AppError.field('err_language_not_supported', field);
  }
}

export class ProfileService {
  constructor(private readonly ctx: AppContext) {}

  async updateProfile(
    user: SessionUser,
    partner: Partner,
    input: z.output<typeof updateProfileRequest>,
  ): Promise<SessionUser> {
    if (input.interface_language) assertLanguage(partner, input.interface_language, 'interface_language');
    if (input.communication_language) assertLanguage(partner, input.communication_language, 'communication_language');
    const rows = await this.ctx.db
      .update(users)
      .set({
        ...(input.interface_language ? { interfaceLanguage: input.interface_language } : {}),
        ...(input.communication_language ? { communicationLanguage: input.communication_language } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    await audit(this.ctx.db, {
      partnerId: partner.key,
      userId: user.id,
      action: 'user.profile_updated',
      entity: 'user',
      entityId: user.id,
      data: { ...input },
    });
    return rows[0] ?? user;
  }

  async updateMarketing(user: SessionUser, partner: Partner, accepted: boolean): Promise<boolean> {
    if (!isFeatureActive({ public_features: publicFeatures(partner) }, 'marketing_opt_in')) {
      throw new AppError('err_feature_not_active', 403);
    }
    // No confirmed e-mail needed (ADR 002): consent is withdrawn as easily as it was given, at
    // sign-up before any confirmation (GDPR art. 7 (3)); giving it again only restores that
    // state, and marketing mail needs a confirmed address anyway.
    await this.ctx.db
      .update(users)
      .set({ marketingConsent: accepted, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await audit(this.ctx.db, {
      partnerId: partner.key,
      userId: user.id,
      action: 'user.marketing_consent',
      entity: 'user',
      entityId: user.id,
      data: { accepted },
    });
    return accepted;
  }
}
