import { and, eq } from 'drizzle-orm';
import { displayGroup } from '@finportal/contracts/statuses';
import type { Db } from '../../db/client.js';
import { signatories, type StaffUser } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { InvitationService } from '../signatures/service.js';

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

  /** A new signing invitation (the person's open one stops working); 409 for a person who accepted. */
  async invite(tx: Db, staff: StaffUser, row: SignatureCase, signatoryId: string, ip: string) {
    if (!signaturesOpen(row.status)) throw new AppError('err_update_not_allowed', 409);
    const person = await this.person(tx, row.id, signatoryId, true);
    if (!person.email) throw AppError.field('err_signatory_data_missing', 'email', 409);
    await this.invitations.invite(tx, row.id, person.id, { kind: 'staff', id: staff.id, ip });
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
