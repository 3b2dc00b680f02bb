import { sql } from 'drizzle-orm';
import type { CompanySearchResponse } from '@finportal/contracts/company-search';
import {
  COMPANY_COUNTRY_ID_TYPES,
  DEFAULT_COMPANY_ID_TYPES,
  companyIdKey,
  companyIdTypesFor,
  type CompanyIdType,
  type FilterValuesResponse,
} from '@finportal/contracts/debitors';
import { rowsOf } from '../../db/client.js';
import { companyIdMatches } from '../../platform/company-id-sql.js';
import type { RegistryCompany } from '../../platform/company-registry.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hit } from '../../platform/rate-limit.js';
import { rankName, searchQuery } from '../../platform/search-text.js';
import type { Partner } from '../../platform/tenancy.js';
import {
  byRank,
  COMPANY_COLUMNS,
  indexPendingCompanies,
  ourResult,
  registryResult,
  searchOurCompanies,
  withoutReplacedPortfolio,
  type CompanyRow,
  type RankedRow,
} from './service.js';

/** The debtor search's question: by name, or by a register or tax id of the country. */
export type CoverSearch =
  | { country: string; pageSize: number; name: string }
  | { country: string; pageSize: number; idType: CompanyIdType; id: string };

/**
 * GET /user/company_search?purpose=company_cover (spec 2 section 7; issue 12; ADR 018): the
 * debtor search. Like the wizard's company search (ADR 006, 009) it lists our companies that the
 * borrower may name (their own and the partner's portfolio) and a provider's companies, but the
 * provider is the credit insurer's directory, so that a debtor found there can get cover (spec 2
 * section 4), and up to `page_size` (100) per list. By name (ranked as the company search ranks)
 * or by a register or tax id of the country (`company_country_id_type`, GET /user/filter_values).
 */
export class CompanyCoverSearchService {
  constructor(private readonly ctx: AppContext) {}

  /** GET /user/filter_values */
  filterValues(): FilterValuesResponse {
    return {
      company_country_ids: Object.fromEntries(Object.entries(COMPANY_COUNTRY_ID_TYPES).map(([c, t]) => [c, [...t]])),
      default_company_country_ids: [...DEFAULT_COMPANY_ID_TYPES],
    };
  }

  async search(partner: Partner, ip: string, userId: string, search: CoverSearch): Promise<CompanySearchResponse> {
    const { db, config, creditInsurer } = this.ctx;
    await hit(db, `company_search:ip:${ip}`, config.RATE_COMPANY_SEARCH_PER_IP, 1);
    let ours: RankedRow[];
    let external: RegistryCompany[];
    let known: CompanyRow[];
    if ('name' in search) {
      const query = searchQuery(search.name);
      if (!query.forms.length) return { our_companies: [], external_provider_companies: [] };
      external = await creditInsurer.search(search.name, search.country, search.pageSize);
      const scope = {
        partnerId: partner.key,
        userId,
        registryName: creditInsurer.name,
        country: search.country,
        externalIds: external.map((e) => e.id),
        limit: search.pageSize,
      };
      let found = await searchOurCompanies(db, scope, query);
      if (found.pending) {
        await indexPendingCompanies(db, { limit: 1000 });
        found = await searchOurCompanies(db, scope, query);
      }
      const byId = new Map<string, RankedRow>(found.matches.map((r) => [r.id, r]));
      for (const row of found.known)
        if (!byId.has(row.id)) byId.set(row.id, { ...row, rank: rankName(row.name, query) });
      ours = [...byId.values()];
      known = found.known;
    } else {
      if (!companyIdTypesFor(search.country).includes(search.idType)) {
        throw AppError.field('err_invalid_value', 'company_country_id_type');
      }
      const key = companyIdKey(search.idType, search.id);
      if (!key) throw AppError.field('err_invalid_value', 'company_country_id');
      external = await creditInsurer.findByCompanyId(search.country, search.idType, key, search.pageSize);
      const columns = { register_number: sql`c.register_number`, tax_id_number: sql`c.tax_id_number` };
      ours = rowsOf<RankedRow>(
        await db.execute(sql`
          SELECT 0 AS rank, ${COMPANY_COLUMNS} FROM companies c
          WHERE c.partner_id = ${partner.key} AND (c.owner_user_id IS NULL OR c.owner_user_id = ${userId})
            AND c.country = ${search.country} AND ${companyIdMatches(search.idType, key, columns)}
          ORDER BY c.owner_user_id IS NULL, c.name, c.id
          LIMIT ${search.pageSize * 2}`),
      ).map((r) => ({ ...r, rank: 0 }));
      known = ours.filter((r) => r.external_provider_name === creditInsurer.name);
    }
    // An insurer's company we already list (by its id there) is listed once, as ours.
    const listedIds = new Set(
      known.filter((r) => r.external_provider_name === creditInsurer.name).map((r) => r.external_provider_company_id),
    );
    return {
      our_companies: withoutReplacedPortfolio(ours)
        .sort(byRank)
        .slice(0, search.pageSize)
        .map((row) => ourResult(row, creditInsurer.name)),
      external_provider_companies: external
        .filter((e) => !listedIds.has(e.id))
        .map((e) => registryResult(e, creditInsurer.name)),
    };
  }
}
