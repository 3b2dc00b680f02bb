import { and, eq } from 'drizzle-orm';
import { contactCorrectionOpen, identificationOpen, invitationsOpen } from '@finportal/contracts/application/policies';
import type { Db } from '../../db/client.js';
import { signatories } from '../../db/schema.js';
import type { StaffActor } from '../../platform/actor.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { InvitationService } from '../signatures/public.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the signature steps need of the case. */
export interface SignatureCase {
  id: string;
  short_id: string;
  partner_id: string;
  status: string;
  company_name: string;
}

/** Staff acting on one representative of a locked case: who (one actor), the case, which card. */
interface PersonCall {
  actor: StaffActor;
  row: SignatureCase;
  signatoryId: string;
}

/**
 * The back office's part of the signature steps (issue 13; the signatures issue builds the signing
 * on it): invite a representative to sign, and mark an identification done by hand.
 *
 * An invitation needs the person's e-mail. It is the same signing invitation the applicant's
 * resend and the move to Signature send (issue 14, ADR 020): a single-use link for that person,
 * which creates the account or links an existing one of that e-mail once accepted. The
 * applicant's own entry (the owner's e-mail) is accepted at once, without an e-mail.
 */
export class StaffSignatures {
  private readonly invitations: InvitationService;

  constructor(private readonly ctx: AppContext) {
    this.invitations = new InvitationService(ctx);
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
   * The signing invitation again (a new link; the person's earlier links keep working), at
   * Signature only (everyone is invited when the case gets there); 409 for a person who accepted.
   */
  async invite(tx: Db, { actor, row, signatoryId }: PersonCall) {
    const { staff, ip = '' } = actor;
    if (!invitationsOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
    const person = await this.person(tx, row.id, signatoryId, true);
    if (!person.email) throw AppError.field('err_signatory_data_missing', 'email', 409);
    await this.invitations.invite(tx, row.id, person.id, { kind: 'staff', id: staff.id, ip });
  }

  /** Marks the identification of a representative done by hand (e.g. identified in the branch). */
  async identify(tx: Db, { actor, row, signatoryId, note }: PersonCall & { note: string }) {
    const { staff, ip = '' } = actor;
    if (!identificationOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
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

  /**
   * Corrects a representative's e-mail (ADR 021: the applicant cannot once the person was
   * invited). The open links went to the old address: they stop working, and the card waits for a
   * new invitation. A person who accepted keeps their account: their card is never linked to
   * another one (409 err_update_not_allowed).
   */
  async correctEmail(tx: Db, { actor, row, signatoryId, email }: PersonCall & { email: string }) {
    const { staff, ip = '' } = actor;
    if (!contactCorrectionOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
    const person = await this.person(tx, row.id, signatoryId, true);
    if (person.inviteStatus === 'accepted' || person.userId !== null) throw new AppError('err_update_not_allowed', 409);
    const next = email.trim().toLowerCase();
    if ((person.email ?? '').trim().toLowerCase() === next) return;
    const revoked = await this.invitations.revoke(tx, person.id);
    await tx
      .update(signatories)
      .set({ email: next, inviteStatus: 'not_invited', updatedAt: new Date() })
      .where(eq(signatories.id, person.id));
    await audit(tx, {
      partnerId: row.partner_id,
      userId: staff.id,
      actorKind: 'staff',
      action: 'signatory.email_corrected',
      entity: 'signatory',
      entityId: person.id,
      applicationId: row.id,
      before: { email: person.email, invite_status: person.inviteStatus },
      after: { email: next, invite_status: 'not_invited', invitations_revoked: revoked },
      ip,
    });
  }
}
