import { and, desc, eq, sql } from 'drizzle-orm';
import type { CompanyDebitorEntry, CompanyDetailsResponse } from '@finportal/contracts/companies';
import { applications, companies, factoringDebitors, signatories } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The applications `userId` may read (ADR 007): their own, or those where they are an accepted signatory. */
const readableBy = (userId: string) =>
  sql`(${applications.userId} = ${userId} OR EXISTS (
    SELECT 1 FROM ${signatories}
    WHERE ${signatories.applicationId} = ${applications.id} AND ${signatories.userId} = ${userId}
      AND ${signatories.inviteStatus} = 'accepted'))`;

/**
 * The company route (spec 2 section 2; linked from a debtor row when the partner sets
 * `factoring.debitor_company_link`, ADR 018): a company of the host's partner that is the caller's
 * own (ADR 009) or a debtor of an application the caller may read, with those debtor entries.
 * Anyone else gets 404 `err_entity_not_found`, as if the id did not exist.
 */
export class CompaniesService {
  constructor(private readonly ctx: AppContext) {}

  async details(partner: Partner, user: SessionUser, companyId: string): Promise<CompanyDetailsResponse> {
    if (!UUID.test(companyId)) throw new AppError('err_entity_not_found', 404);
    const [company] = await this.ctx.db
      .select()
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.partnerId, partner.key)))
      .limit(1);
    if (!company) throw new AppError('err_entity_not_found', 404);
    const entries = await this.debitorEntries(partner, user, company.id);
    if (company.ownerUserId !== user.id && entries.length === 0) throw new AppError('err_entity_not_found', 404);
    return {
      company_id: company.id,
      company_name: company.name,
      companyType: company.companyType,
      street: company.street,
      houseNumber: company.houseNumber,
      companyPostCode: company.postcode,
      companyLocation: company.city,
      company_country: company.country,
      hrNumber: company.registerNumber,
      taxIdNumber: company.taxIdNumber,
      external_provider_company_id: company.externalProviderCompanyId,
      external_provider_name: company.externalProviderName,
      is_known_to_credit_insurer:
        company.externalProviderName === this.ctx.creditInsurer.name && !!company.externalProviderCompanyId,
      debitor_in: entries,
    };
  }

  /** The debtor entries of `companyId` in the applications of the partner the caller may read, newest application first. */
  private async debitorEntries(partner: Partner, user: SessionUser, companyId: string): Promise<CompanyDebitorEntry[]> {
    const rows = await this.ctx.db
      .select({
        applicationId: applications.id,
        shortApplicationId: applications.shortId,
        debitor_id: factoringDebitors.id,
        annual_sales_previous_year: factoringDebitors.annualSalesPreviousYear,
        currency: factoringDebitors.currency,
        cover_status: factoringDebitors.coverStatus,
      })
      .from(factoringDebitors)
      .innerJoin(applications, eq(applications.id, factoringDebitors.applicationId))
      .where(
        and(eq(factoringDebitors.companyId, companyId), eq(applications.partnerId, partner.key), readableBy(user.id)),
      )
      .orderBy(desc(applications.createdAt), applications.id);
    return rows.map((r) => ({ ...r, cover_status: r.cover_status ?? null }));
  }
}
