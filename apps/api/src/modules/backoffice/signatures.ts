import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@finportal/contracts/constants';
import { displayGroup } from '@finportal/contracts/statuses';
import type { Db } from '../../db/client.js';
import { signatories, users, type StaffUser } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Partner } from '../../platform/tenancy.js';
import { AuthService } from '../auth/service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the signature steps need of the case. */
export interface SignatureCase {
  id: string;
  short_id: string;
  partner_id: string;
  status: string;
  company_name: string;
}

/** Representatives are invited and identified while the case is under review or at Signature. */
const signaturesOpen = (status: string) => ['in_review', 'waiting_for_signatures'].includes(displayGroup(status));

/**
 * The back office's part of the signature steps (issue 13; the signatures issue builds the signing
 * on it): invite a representative to sign, and mark an identification done by hand.
 *
 * An invitation needs the person's e-mail. Someone without an account at the partner gets an
 * invitation to create one (the account's e-mail is the link: accepting makes them an accepted
 * signatory); someone with an account is an accepted signatory at once and gets an e-mail.
 */
export class StaffSignatures {
  private readonly auth: AuthService;

  constructor(private readonly ctx: AppContext) {
    this.auth = new AuthService(ctx);
  }

  private async person(db: Db, caseId: string, signatoryId: string, lock = false) {
    const query = db
      .select()
      .from(signatories)
      .where(
        and(
          eq(signatories.id, UUID.test(signatoryId) ? signatoryId : '00000000-0000-0000-0000-000000000000'),
          eq(signatories.applicationId, caseId),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('err_entity_not_found', 404);
    return row;
  }

  /**
   * Before the case's transaction (the account invitation has its own): an invited account for a
   * person without one. Answers whether the person has an active account.
   */
  async prepareInvite(partner: Partner, row: SignatureCase, signatoryId: string): Promise<void> {
    if (!signaturesOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
    const person = await this.person(this.ctx.db, row.id, signatoryId);
    if (!person.email) throw AppError.field('err_signatory_data_missing', 'email', 409);
    const [account] = await this.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.partnerId, partner.key), sql`lower(${users.email}) = lower(${person.email})`));
    if (!account || account.status === 'invited') {
      await this.auth.invite(partner, person.email.toLowerCase(), partner.languages.default as Language);
    }
  }

  async invite(tx: Db, staff: StaffUser, partner: Partner, row: SignatureCase, signatoryId: string, ip: string) {
    if (!signaturesOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
    const person = await this.person(tx, row.id, signatoryId, true);
    if (!person.email) throw AppError.field('err_signatory_data_missing', 'email', 409);
    const [account] = await tx
      .select()
      .from(users)
      .where(and(eq(users.partnerId, partner.key), sql`lower(${users.email}) = lower(${person.email})`));
    const active = account?.status === 'active';
    await tx
      .update(signatories)
      .set({
        inviteStatus: active ? 'accepted' : 'not_accepted',
        userId: active ? account.id : person.userId,
        updatedAt: new Date(),
      })
      .where(eq(signatories.id, person.id));
    if (active) {
      await this.ctx.mailer.enqueue(tx, {
        partner,
        to: account.email,
        language: account.communicationLanguage as Language,
        template: 'signature_invitation',
        linkPath: `/dashboard/applications/${row.id}`,
        vars: { shortId: row.short_id, company: row.company_name },
      });
    }
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'signatory.invited',
      entity: 'signatory',
      entityId: person.id,
      applicationId: row.id,
      before: { invite_status: person.inviteStatus },
      after: { invite_status: active ? 'accepted' : 'not_accepted' },
      ip,
    });
  }

  /** Marks the identification of a representative done by hand (e.g. identified in the branch). */
  async identify(tx: Db, staff: StaffUser, row: SignatureCase, signatoryId: string, note: string, ip: string) {
    if (!signaturesOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
    const person = await this.person(tx, row.id, signatoryId, true);
    const kyc = { ...person.kycStatus, ident_completed: { is_required: true, is_completed: true } };
    await tx.update(signatories).set({ kycStatus: kyc, updatedAt: new Date() }).where(eq(signatories.id, person.id));
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'signatory.identified_manually',
      entity: 'signatory',
      entityId: person.id,
      applicationId: row.id,
      before: { ident_completed: person.kycStatus.ident_completed ?? null },
      after: { ident_completed: kyc.ident_completed, note },
      ip,
    });
  }
}
