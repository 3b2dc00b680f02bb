import { eq } from 'drizzle-orm';
import {
  canEditFactoring,
  factoringIssues,
  type FactoringDetailsResponse,
  type FactoringField,
  type FactoringSection,
  type FactoringValues,
} from '@finportal/contracts/factoring';
import { applications } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { detailsOf } from './details.js';
import { detailsRequired, FactoringAccess, rulesFailed } from './access.js';
import { detailsResponse, jsonbOf, savedDetails } from './wire.js';

export { detailsRequired, FactoringAccess, rulesFailed } from './access.js';

/**
 * The factoring details (spec 2 sections 2, 3, 5 and 7; issue 12; ADR 018): GET the three cards,
 * PATCH one card as a whole with the rules of `factoringIssues` (400 with every issue, nothing
 * stored), in one transaction with the application row locked and an audit entry of the changed
 * fields.
 */
export class FactoringService {
  readonly access: FactoringAccess;

  constructor(private readonly ctx: AppContext) {
    this.access = new FactoringAccess(ctx);
  }

  /** GET /user/applications/{id}/factoring (the applicant and accepted signatories). */
  async details(partner: Partner, user: SessionUser, id: string): Promise<FactoringDetailsResponse> {
    const access = await this.access.read(partner, user, id);
    return detailsResponse(detailsOf(access.record), {
      is_editable: canEditFactoring(access.allowed),
      is_required: detailsRequired(partner),
    });
  }

  /** PATCH /user/applications/{id}/factoring/{section}: every field of the card (a field left out is cleared). */
  async saveSection(
    partner: Partner,
    user: SessionUser,
    id: string,
    section: FactoringSection,
    body: FactoringValues,
    ip: string,
  ): Promise<FactoringDetailsResponse> {
    const access = await this.access.write(partner, user, id);
    const saved = await this.ctx.db.transaction(async (tx) => {
      const current = detailsOf(await this.access.lock(tx, access));
      const issues = factoringIssues(section, body, {
        required: detailsRequired(partner),
        hasInternationalCustomers: current.has_international_customers === true,
        stored: current,
      });
      if (issues.length) throw rulesFailed(issues);
      const next = savedDetails(current, section, body);
      await tx
        .update(applications)
        .set({
          hasInternationalCustomers: next.has_international_customers as boolean | null,
          annualSalesPreviousYear: next.annual_sales_previous_year as number | null,
          annualSalesPreviousYearAbroad: next.annual_sales_previous_year_abroad as number | null,
          factoringDetails: jsonbOf(next),
          updatedAt: new Date(),
        })
        .where(eq(applications.id, access.record.id));
      const changed = (Object.keys(next) as FactoringField[]).filter(
        (f) => JSON.stringify(current[f] ?? null) !== JSON.stringify(next[f] ?? null),
      );
      if (changed.length) {
        await audit(tx, {
          partnerId: partner.key,
          userId: user.id,
          action: 'factoring.details_updated',
          entity: 'application',
          entityId: access.record.id,
          data: {
            section,
            before: Object.fromEntries(changed.map((f) => [f, current[f] ?? null])),
            after: Object.fromEntries(changed.map((f) => [f, next[f] ?? null])),
          },
          ip,
        });
      }
      return next;
    });
    return detailsResponse(saved, { is_editable: true, is_required: detailsRequired(partner) });
  }
}

/** The debtors, for the back office's case page (issue 13). */
export { DebitorsService } from './debitors.js';
