import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { CreatedApplication, Pricing } from '@finportal/contracts/offers';
import type { LoanType } from '@finportal/contracts/partner';
import type { Db } from '../../db/client.js';
import { applications, applicationStatusHistory, companies, type CustomFieldValue } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import { emitWebhook } from '../../platform/webhooks.js';
import type { RegistryCompany } from '../../platform/company-registry.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { searchText } from '../../platform/search-text.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ageInMonths, firstFailingRule, rejectionValues } from './eligibility.js';
import { factoringPricing, loanPricing, type FactoringPricing } from './pricing.js';
import { validateApplication, type ApplicationInput, type ValidApplication } from './validation.js';

/** For the application overview (applications/service.ts): a closed application's reason values. */
export { rejectionValues };
/** The annuity formula and cent rounding, for the final pricing the back office sets (issue 13). */
export { annuity, roundCents } from './pricing.js';

type CompanyRow = typeof companies.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 8 characters of RFC 4648 base32 from 40 random bits (about 10^12 values). */
export function newShortId(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 7; i >= 0; i--) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

/** Merges custom field values by field_id (new values win). */
function mergeCustomFields(existing: CustomFieldValue[], added: CustomFieldValue[]): CustomFieldValue[] {
  const byId = new Map(existing.map((c) => [c.field_id, c]));
  for (const c of added) byId.set(c.field_id, c);
  return [...byId.values()];
}

const companyNotFound = (field: string) => AppError.field('err_company_not_found', field, 404);

type TypedCompany = ValidApplication['company'];
type GapFields = Pick<
  CompanyRow,
  'street' | 'houseNumber' | 'postcode' | 'city' | 'companyType' | 'businessPurpose' | 'taxIdNumber' | 'foundationDate'
>;

/** The typed fields for the stored company's empty ones (stored data wins). */
function gapsOf(stored: GapFields, typed: TypedCompany): Partial<GapFields> {
  const gaps: Partial<GapFields> = {};
  const fill = <K extends keyof GapFields>(key: K, value: GapFields[K] | null) => {
    if (stored[key] === null && value !== null) gaps[key] = value;
  };
  fill('street', typed.street);
  fill('houseNumber', typed.houseNumber);
  fill('postcode', typed.postcode);
  fill('city', typed.city);
  fill('companyType', typed.companyType);
  fill('businessPurpose', typed.businessPurpose);
  fill('taxIdNumber', typed.taxIdNumber);
  fill('foundationDate', typed.foundationDate);
  return gaps;
}

export class OffersService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * POST /user/applications: validates (400 with every field error), creates or reuses the
   * company, decides eligibility (first failing rule rejects), prices an eligible application,
   * and stores application, status history and audit entry in one transaction.
   */
  async create(partner: Partner, user: SessionUser, body: ApplicationInput, ip: string): Promise<CreatedApplication> {
    if (!partner.user_create_application) throw new AppError('err_no_permission', 403);
    const now = new Date();
    const result = validateApplication(partner, body, now);
    if (!result.ok) throw new AppError('err_validation_failed', 400, result.errors);
    const input = result.value;

    // The registry is a third party: ask it before the transaction starts.
    let registry: RegistryCompany | null = null;
    if (!input.companyId && input.externalCompanyId) {
      registry = await this.ctx.companyRegistry.details(input.externalCompanyId);
    }

    return this.ctx.db.transaction(async (tx) => {
      const company = await this.resolveCompany(tx, partner, user, input, registry);
      const foundationDate = company.foundationDate;
      const rejection = firstFailingRule(
        partner,
        {
          country: company.country,
          loanType: input.loanType,
          companyType: company.companyType,
          foundationDate,
          currency: input.currency,
          amount: input.amount,
          durationMonths: input.durationMonths,
          factoringLimit: input.factoring?.limit ?? null,
          annualSales: input.factoring?.annualSales ?? null,
        },
        now,
      );
      const status = rejection ? 'Rejected' : 'Open';
      const table = partner.pricing[input.productType];
      let pricing: Pricing | null = null;
      let factoringFee: FactoringPricing | null = null;
      if (!rejection && table) {
        if (input.factoring) {
          factoringFee = factoringPricing(table, input.factoring.limit);
        } else if (input.amount !== null && input.durationMonths !== null) {
          pricing = loanPricing(table, {
            amount: input.amount,
            durationMonths: input.durationMonths,
            companyAgeMonths: foundationDate ? ageInMonths(foundationDate, now) : null,
          });
        }
      }

      const row = await this.insertApplication(tx, {
        partnerId: partner.key,
        userId: user.id,
        companyId: company.id,
        status,
        loanType: input.loanType,
        productType: input.productType,
        amount: input.amount,
        durationMonths: input.durationMonths,
        displayDurationUnit: input.displayDurationUnit,
        currency: input.currency,
        purposeSelect: input.purposeSelect,
        purposeDescription: input.purposeDescription,
        purposeKey: input.purposeKey,
        factoringLimit: input.factoring?.limit ?? null,
        hasInternationalCustomers: input.factoring?.hasInternationalCustomers ?? null,
        annualSalesPreviousYear: input.factoring?.annualSales ?? null,
        annualSalesPreviousYearAbroad: input.factoring?.annualSalesAbroad ?? null,
        pricing,
        factoringFeeRate: factoringFee?.factoring_fee_rate ?? null,
        annualFactoringFee: factoringFee?.annual_factoring_fee ?? null,
        rejectionReason: rejection,
        isDynamicForm: input.dynamic,
        referrer: input.referrer,
        referralData: input.referralData,
        customFields: input.applicationCustomFields,
      });
      await tx.insert(applicationStatusHistory).values({
        applicationId: row.id,
        fromStatus: null,
        toStatus: status,
        changedBy: user.id,
        changedByKind: 'user',
        reason: rejection,
      });
      await emitWebhook(tx, partner.key, 'application.created', {
        application_id: row.id,
        short_id: row.shortId,
        status,
        loan_type: input.loanType,
        product_type: input.productType,
        amount: input.amount ?? null,
        currency: input.currency,
      });
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'application.created',
        entity: 'application',
        entityId: row.id,
        ip,
        data: {
          short_id: row.shortId,
          status,
          rejection_reason: rejection,
          company_id: company.id,
          loan_type: input.loanType,
          product_type: input.productType,
          amount: input.amount,
          duration_months: input.durationMonths,
          currency: input.currency,
          factoring_limit: input.factoring?.limit ?? null,
          dynamic_form: input.dynamic,
        },
      });
      return this.toCreated(partner, row, company);
    });
  }

  private async insertApplication(tx: Db, values: Omit<typeof applications.$inferInsert, 'shortId'>) {
    // A collision of two random short ids is very unlikely; retry without aborting the transaction.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(applications)
        .values({ ...values, shortId: newShortId() })
        .onConflictDoNothing({ target: applications.shortId })
        .returning();
      if (row) return row;
    }
    throw new Error('could not allocate a short application id');
  }

  /**
   * The application's company is always the applicant's own company (ADR 009):
   * - `company_id` of their own company: reused; its stored data wins, the typed fields only
   *   fill gaps;
   * - `company_id` of a portfolio company of this partner: their own copy of it (reused if they
   *   have one, else made from its register data, remembering the source), gaps filled the same way;
   * - any other `company_id` (another borrower's, another partner's, unknown): 404 on company_id;
   * - a registry company: their own copy (registry data; the typed address, purpose and tax
   *   number win), reused only if they already have one;
   * - neither: a new own company from the typed fields.
   * Company-scope custom fields are stored on the (own) company.
   */
  private async resolveCompany(
    tx: Db,
    partner: Partner,
    user: SessionUser,
    input: ValidApplication,
    registry: RegistryCompany | null,
  ): Promise<CompanyRow> {
    const typed = input.company;
    const registryName = this.ctx.companyRegistry.name;
    const own = and(eq(companies.partnerId, partner.key), eq(companies.ownerUserId, user.id));
    let existing: CompanyRow | undefined;
    let portfolio: CompanyRow | undefined;
    if (input.companyId) {
      if (!UUID.test(input.companyId)) throw companyNotFound('company_id');
      const [picked] = await tx
        .select()
        .from(companies)
        .where(
          and(
            eq(companies.id, input.companyId),
            eq(companies.partnerId, partner.key),
            or(eq(companies.ownerUserId, user.id), isNull(companies.ownerUserId)),
          ),
        )
        .limit(1);
      if (!picked) throw companyNotFound('company_id');
      if (picked.ownerUserId === user.id) {
        existing = picked;
      } else {
        portfolio = picked;
        // The copy made earlier (from this portfolio company, or of the same registry company).
        const sameRegistryCompany = picked.externalProviderCompanyId
          ? and(
              eq(companies.externalProviderName, picked.externalProviderName ?? ''),
              eq(companies.externalProviderCompanyId, picked.externalProviderCompanyId),
            )
          : undefined;
        [existing] = await tx
          .select()
          .from(companies)
          .where(and(own, or(eq(companies.globalCompanyId, picked.id), sameRegistryCompany)))
          .orderBy(sql`${companies.globalCompanyId} IS NULL`, companies.createdAt)
          .limit(1);
      }
    } else if (input.externalCompanyId) {
      [existing] = await tx
        .select()
        .from(companies)
        .where(
          and(
            own,
            eq(companies.externalProviderName, registryName),
            eq(companies.externalProviderCompanyId, input.externalCompanyId),
          ),
        )
        .orderBy(companies.createdAt)
        .limit(1);
      if (!existing && !registry) throw companyNotFound('external_provider_company_id');
    }

    if (existing) {
      const gaps = gapsOf(existing, typed);
      if (!Object.keys(gaps).length && !typed.customFields.length) return existing;
      const [updated] = await tx
        .update(companies)
        .set({
          ...gaps,
          customFields: mergeCustomFields(existing.customFields, typed.customFields),
          updatedAt: new Date(),
        })
        .where(eq(companies.id, existing.id))
        .returning();
      return updated!;
    }

    const owned = { partnerId: partner.key, ownerUserId: user.id, createdBy: user.id };
    let values: typeof companies.$inferInsert;
    if (portfolio) {
      // Register data of the portfolio company (it has no tax number or custom fields).
      const base = {
        name: portfolio.name,
        street: portfolio.street,
        houseNumber: portfolio.houseNumber,
        postcode: portfolio.postcode,
        city: portfolio.city,
        country: portfolio.country,
        companyType: portfolio.companyType,
        businessPurpose: portfolio.businessPurpose,
        taxIdNumber: null,
        registerNumber: portfolio.registerNumber,
        registerCourt: portfolio.registerCourt,
        foundationDate: portfolio.foundationDate,
        externalProviderCompanyId: portfolio.externalProviderCompanyId,
        externalProviderName: portfolio.externalProviderName,
      };
      values = {
        ...owned,
        ...base,
        ...gapsOf(base, typed),
        customFields: typed.customFields,
        globalCompanyId: portfolio.id,
      };
    } else if (registry) {
      values = {
        ...owned,
        name: registry.name,
        street: typed.street ?? registry.street,
        houseNumber: typed.houseNumber ?? registry.house_number,
        postcode: typed.postcode ?? registry.postcode,
        city: typed.city ?? registry.city,
        country: registry.country,
        companyType: registry.legal_form ?? typed.companyType,
        businessPurpose: typed.businessPurpose ?? registry.business_purpose,
        taxIdNumber: typed.taxIdNumber ?? registry.tax_id_number,
        registerNumber: registry.register_number,
        registerCourt: registry.register_court,
        foundationDate: registry.foundation_date ?? typed.foundationDate,
        externalProviderCompanyId: registry.id,
        externalProviderName: registryName,
        customFields: typed.customFields,
      };
    } else {
      values = {
        ...owned,
        name: typed.name,
        street: typed.street,
        houseNumber: typed.houseNumber,
        postcode: typed.postcode,
        city: typed.city,
        country: typed.country,
        companyType: typed.companyType,
        businessPurpose: typed.businessPurpose,
        taxIdNumber: typed.taxIdNumber,
        foundationDate: typed.foundationDate,
        customFields: typed.customFields,
      };
    }
    // Findable by the applicant's next search at once (otherwise the search indexes it).
    const [created] = await tx
      .insert(companies)
      .values({ ...values, searchText: searchText(values.name) })
      .returning();
    return created!;
  }

  private toCreated(partner: Partner, row: ApplicationRow, company: CompanyRow): CreatedApplication {
    const show = partner.show_indicative_offer && row.status !== 'Rejected';
    return {
      status: row.status,
      applicationId: row.id,
      shortApplicationId: row.shortId,
      loanSize: row.amount,
      loanDuration: row.durationMonths,
      display_duration_unit: row.displayDurationUnit,
      currency: row.currency as CreatedApplication['currency'],
      allBanksLoanPurpose: row.loanType as CreatedApplication['allBanksLoanPurpose'],
      product_type: row.productType,
      pricing: show ? row.pricing : null,
      factoring:
        row.factoringLimit === null
          ? null
          : {
              factoring_limit: row.factoringLimit,
              factoring_fee_rate: show ? row.factoringFeeRate : null,
              annual_factoring_fee: show ? row.annualFactoringFee : null,
              annual_sales_previous_year: row.annualSalesPreviousYear,
              annual_sales_previous_year_abroad: row.annualSalesPreviousYearAbroad,
            },
      rejection_reason: row.rejectionReason,
      rejection_values: rejectionValues(partner, row.rejectionReason, row.loanType as LoanType, row.currency),
      companyName: company.name,
      company_id: company.id,
      created: row.createdAt.toISOString(),
    };
  }
}
