import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { newCompanyIssues, normaliseCompanyId, type NewCompanyResponse } from '@finportal/contracts/debitors';
import type { NewCompanyRequest } from '@finportal/contracts/debitors';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { RegistryCompany } from '../../platform/company-registry.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { searchText } from '../../platform/search-text.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { indexCompany } from '../company-search/public.js';
import { rulesFailed, type FactoringAccess } from './access.js';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyColumns = Omit<typeof companies.$inferInsert, 'id' | 'partnerId' | 'ownerUserId' | 'createdBy'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Companies an applicant may name (ADR 009): their own, or a portfolio company of the partner. */
const visibleTo = (partnerKey: string, ownerUserId: string) =>
  and(eq(companies.partnerId, partnerKey), or(eq(companies.ownerUserId, ownerUserId), isNull(companies.ownerUserId)));

/** A company the applicant may name as a debtor, or null (another borrower's, another partner's, unknown). */
export async function visibleCompany(
  db: Db,
  partnerKey: string,
  ownerUserId: string,
  companyId: string,
): Promise<CompanyRow | null> {
  if (!UUID.test(companyId)) return null;
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), visibleTo(partnerKey, ownerUserId)))
    .limit(1);
  return row ?? null;
}

/** What identifies a company: its provider entry, its register number or tax id, its name (per country). */
export interface CompanyProbe {
  country: string;
  name?: string | null;
  registerNumber?: string | null;
  taxIdNumber?: string | null;
  provider?: { name: string; id: string } | null;
}

const normalised = (column: SQL) => sql`upper(regexp_replace(coalesce(${column}, ''), '[^A-Za-z0-9]', '', 'g'))`;

/**
 * One of the applicant's visible companies that is the same company as `probe` (an internal
 * duplicate): the same provider entry, or in the same country the same register number or tax id
 * (letters and digits compared), or the same name (as the search normalises it, or letter for letter).
 */
export async function sameCompany(
  db: Db,
  partnerKey: string,
  ownerUserId: string,
  probe: CompanyProbe,
): Promise<CompanyRow | null> {
  const same: SQL[] = [];
  if (probe.provider) {
    same.push(
      sql`(${companies.externalProviderName} = ${probe.provider.name} AND ${companies.externalProviderCompanyId} = ${probe.provider.id})`,
    );
  }
  const inCountry: SQL[] = [];
  const register = normaliseCompanyId(probe.registerNumber ?? '');
  if (register) inCountry.push(sql`${normalised(sql`${companies.registerNumber}`)} = ${register}`);
  const tax = normaliseCompanyId(probe.taxIdNumber ?? '');
  if (tax) inCountry.push(sql`${normalised(sql`${companies.taxIdNumber}`)} = ${tax}`);
  const name = probe.name?.trim();
  if (name) {
    inCountry.push(sql`${companies.searchText} = ${searchText(name)}`);
    inCountry.push(sql`lower(btrim(${companies.name})) = ${name.toLowerCase()}`);
  }
  if (inCountry.length)
    same.push(sql`(${companies.country} = ${probe.country} AND (${sql.join(inCountry, sql` OR `)}))`);
  if (!same.length) return null;
  const [row] = await db
    .select()
    .from(companies)
    .where(and(visibleTo(partnerKey, ownerUserId), sql`(${sql.join(same, sql` OR `)})`))
    .orderBy(sql`${companies.ownerUserId} IS NULL`, companies.createdAt)
    .limit(1);
  return row ?? null;
}

/** Inserts a company of the applicant (their own, ADR 009), findable by the search at once. */
export async function insertOwnCompany(
  tx: Db,
  partnerKey: string,
  ownerUserId: string,
  createdBy: string,
  columns: NewCompanyColumns,
): Promise<CompanyRow> {
  const [row] = await tx
    .insert(companies)
    .values({ ...columns, partnerId: partnerKey, ownerUserId, createdBy })
    .returning();
  await indexCompany(tx, row!);
  return row!;
}

/** The columns of a provider's company (register data), typed fields filling its gaps. */
export function providerColumns(
  company: RegistryCompany,
  providerName: string,
  typed: Partial<NewCompanyColumns> = {},
): NewCompanyColumns {
  return {
    name: company.name,
    street: company.street || typed.street || null,
    houseNumber: company.house_number || typed.houseNumber || null,
    postcode: company.postcode || typed.postcode || null,
    city: company.city || typed.city || null,
    country: company.country,
    companyType: company.legal_form ?? typed.companyType ?? null,
    businessPurpose: company.business_purpose ?? typed.businessPurpose ?? null,
    taxIdNumber: company.tax_id_number ?? typed.taxIdNumber ?? null,
    registerNumber: company.register_number ?? typed.registerNumber ?? null,
    registerCourt: company.register_court,
    foundationDate: company.foundation_date,
    externalProviderName: providerName,
    externalProviderCompanyId: company.id,
  };
}

const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function companyResponse(row: CompanyRow): NewCompanyResponse {
  return {
    company_id: row.id,
    company_name: row.name,
    company_country: row.country,
    companyType: row.companyType,
    hrNumber: row.registerNumber,
    taxIdNumber: row.taxIdNumber,
    external_provider_company_id: row.externalProviderCompanyId,
    external_provider_name: row.externalProviderName,
  };
}

/**
 * POST /user/applications/{id}/companies (spec 2 sections 3, 5 and 7): a new company for a debtor,
 * the applicant's own. A hit of the debtor search at a provider (the credit insurer, or the company
 * register) is made from the provider's data (its id is looked up there: 404 when unknown), so its
 * provider id can be trusted for cover; typed fields fill gaps. An internal duplicate is 409
 * `err_company_exists` with its `company_id` (the search lists it, pick that one): for a provider's
 * company one of the applicant's or the partner's companies with that provider entry; for a typed
 * one a company of the country with its name, register number or tax id.
 */
export class CompaniesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly access: FactoringAccess,
  ) {}

  async create(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: NewCompanyRequest,
    ip: string,
  ): Promise<NewCompanyResponse> {
    const access = await this.access.write(partner, user, id);
    const issues = newCompanyIssues(body);
    if (issues.length) throw rulesFailed(issues);
    const typed: NewCompanyColumns = {
      name: textOf(body.companyName)!,
      country: textOf(body.address_country)!,
      companyType: textOf(body.companyType),
      street: textOf(body.address_street),
      houseNumber: textOf(body.address_house_number),
      city: textOf(body.address_location),
      postcode: textOf(body.address_post_code),
      registerNumber: textOf(body.hrNumber),
      taxIdNumber: textOf(body.taxIdNumber),
      businessPurpose: textOf(body.businessPurpose),
    };
    const providerName = textOf(body.external_provider_name);
    const providerId = textOf(body.external_provider_company_id);
    const columns = providerName && providerId ? await this.fromProvider(providerName, providerId, typed) : typed;
    const owner = access.record.user_id;
    const row = await this.ctx.db.transaction(async (tx) => {
      await this.access.lock(tx, access);
      // A provider's company exists when we have that provider entry (a copy of the same company from
      // another provider, e.g. the register, cannot get the insurer's cover: the insurer's is made);
      // a typed one when its name, register number or tax id is known in the country.
      const probe =
        columns.externalProviderName && columns.externalProviderCompanyId
          ? {
              country: columns.country,
              provider: { name: columns.externalProviderName, id: columns.externalProviderCompanyId },
            }
          : {
              country: columns.country,
              name: columns.name,
              registerNumber: columns.registerNumber,
              taxIdNumber: columns.taxIdNumber,
            };
      const existing = await sameCompany(tx, partner.key, owner, probe);
      if (existing) {
        throw new AppError('err_company_exists', 409, [
          { code: 'err_company_exists', values: { company_id: existing.id } },
        ]);
      }
      const inserted = await insertOwnCompany(tx, partner.key, owner, user.id, columns);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'company.created',
        entity: 'company',
        entityId: inserted.id,
        data: {
          application_id: access.record.id,
          purpose: 'debitor',
          search_type: textOf(body.searchType),
          external_provider_name: inserted.externalProviderName,
          external_provider_company_id: inserted.externalProviderCompanyId,
        },
        ip,
      });
      return inserted;
    });
    return companyResponse(row);
  }

  /** The provider's company (the insurer's directory or the register), else 404 on the id field. */
  private async fromProvider(name: string, id: string, typed: NewCompanyColumns): Promise<NewCompanyColumns> {
    const { creditInsurer, companyRegistry } = this.ctx;
    let company: RegistryCompany | null;
    if (name === creditInsurer.name) company = await creditInsurer.company(id);
    else if (name === companyRegistry.name) company = await companyRegistry.details(id);
    else throw AppError.field('err_invalid_value', 'external_provider_name');
    if (!company) throw AppError.field('err_company_not_found', 'external_provider_company_id', 404);
    return providerColumns(company, name, typed);
  }
}
