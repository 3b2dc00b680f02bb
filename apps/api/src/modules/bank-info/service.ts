import { eq } from 'drizzle-orm';
import type { Application } from '@finportal/contracts/applications';
import type { z } from 'zod';
import type { updateBankInfoRequest } from '@finportal/contracts/bank-info';
import { applications } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';

/** PATCH /user/applications/{id}/bankinfo (needs bankinfo): bank name and IBAN of the application. */
export class BankInfoService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  /** `body` is the parsed request: the IBAN is already valid and in electronic format. */
  async update(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: z.output<typeof updateBankInfoRequest>,
    ip: string,
  ): Promise<Application> {
    const access = await this.applications.access(partner, user, id);
    this.applications.requirePermission(access, 'bankinfo');
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(applications)
        .set({ bankName: body.bankName, iban: body.iban, updatedAt: new Date() })
        .where(eq(applications.id, access.record.id));
      // Never the IBAN itself in the audit log.
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'application.bank_info_updated',
        entity: 'application',
        entityId: access.record.id,
        data: { had_bank_info: access.record.iban !== null, iban_country: body.iban.slice(0, 2) },
        ip,
      });
    });
    return this.applications.get(partner, user, id);
  }
}
