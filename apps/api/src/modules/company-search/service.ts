import { inArray, sql } from 'drizzle-orm';
import type { CompanySearchResponse, CompanySearchResult } from '@finportal/contracts/company-search';
import { rowsOf, type Db } from '../../db/client.js';
import { companySearchPending, companySearchTerms, type CustomFieldValue } from '../../db/schema.js';
import type { RegistryCompany } from '../../platform/company-registry.js';
import type { AppContext } from '../../platform/context.js';
import { hit } from '../../platform/rate-limit.js';
import {
  nameKey,
  rankName,
  searchQuery,
  searchTerms,
  termMatchesSql,
  termRankSql,
  type SearchQuery,
} from '../../platform/search-text.js';
import type { Partner } from '../../platform/tenancy.js';

/** At most this many hits per list (our companies, registry companies). */
export const COMPANY_SEARCH_LIMIT = 20;

/** A company as the search reads it (snake case, as SQL returns it). */
interface CompanyRow {
  id: string;
  name: string;
  street: string | null;
  house_number: string | null;
  postcode: string | null;
  city: string | null;
  country: string;
  company_type: string | null;
  business_purpose: string | null;
  tax_id_number: string | null;
  register_number: string | null;
  register_court: string | null;
  foundation_date: string | null;
  external_provider_company_id: string | null;
  external_provider_name: string | null;
  custom_fields: CustomFieldValue[];
}

interface RankedRow extends CompanyRow {
  rank: number;
  name_key: string;
}

const COMPANY_COLUMNS = sql.raw(
  `c.id, c.name, c.street, c.house_number, c.postcode, c.city, c.country, c.company_type, c.business_purpose,
   c.tax_id_number, c.register_number, c.register_court, to_char(c.foundation_date, 'YYYY-MM-DD') AS foundation_date,
   c.external_provider_company_id, c.external_provider_name, c.custom_fields`,
);

/**
 * GET /company_search: our companies of the host's partner and the registry's companies of one
 * country, each list ranked (exact name, name prefix, word prefix; then shorter name, then
 * name) and capped. A registry company that the partner already has is listed once, as ours.
 */
export class CompanySearchService {
  /**
   * Embedded PGlite runs every query on the server's own thread, and promise continuations of
   * queued queries run before any new request is read: twenty users typing at once held other
   * requests (even /health) back for up to 1.5 s in bench/company-search.mjs. Handing the turn
   * back to the event loop before each query lets other requests in (health p99 450 → 90 ms).
   * PostgreSQL works on its own processes: no need there.
   */
  private readonly nextTurn: () => Promise<void>;

  constructor(private readonly ctx: AppContext) {
    this.nextTurn =
      ctx.database.kind === 'pglite' ? () => new Promise((resolve) => setImmediate(resolve)) : async () => undefined;
  }

  async search(partner: Partner, ip: string, name: string, country: string): Promise<CompanySearchResponse> {
    const { db, config, companyRegistry } = this.ctx;
    await this.nextTurn();
    await hit(db, `company_search:ip:${ip}`, config.RATE_COMPANY_SEARCH_PER_IP, 1);
    const query = searchQuery(name);
    if (!query.prefixes.length) return { our_companies: [], external_provider_companies: [] };

    // Partners without the company research entitlement search their own companies only.
    await this.nextTurn();
    const external = partner.entitlements.includes('company_research')
      ? await companyRegistry.search(name, country, COMPANY_SEARCH_LIMIT)
      : [];
    const externalIds = external.map((e) => e.id);
    await this.nextTurn();
    let ours = await searchOurCompanies(db, partner.key, companyRegistry.name, country, query, externalIds);
    if (ours.pending) {
      // Companies inserted or renamed since the last search: index them, then search again.
      await indexPendingCompanies(db);
      ours = await searchOurCompanies(db, partner.key, companyRegistry.name, country, query, externalIds);
    }

    // Registry hits this partner already has are shown once, as our company.
    const byId = new Map<string, RankedRow>(ours.matches.map((r) => [r.id, r]));
    for (const row of ours.portfolio) {
      if (!byId.has(row.id)) byId.set(row.id, { ...row, rank: rankName(row.name, query), name_key: nameKey(row.name) });
    }
    const known = new Set(ours.portfolio.map((r) => r.external_provider_company_id));

    return {
      our_companies: [...byId.values()]
        .sort(byRank)
        .slice(0, COMPANY_SEARCH_LIMIT)
        .map((row) => ourResult(row, companyRegistry.name)),
      external_provider_companies: external
        .filter((e) => !known.has(e.id))
        .map((e) => registryResult(e, companyRegistry.name)),
    };
  }
}

interface OurSearch {
  /** Companies wait in company_search_pending: the matches may be stale. */
  pending: boolean;
  /** Our companies whose name (or a word of it) starts with the query, ranked, at most 20. */
  matches: RankedRow[];
  /** Our companies that are these registry hits (same provider and provider id). */
  portfolio: CompanyRow[];
}

/**
 * One statement (embedded PGlite shares its thread with the HTTP server, so every query counts):
 * whether companies wait to be indexed, our ranked matches, and our copies of the registry hits.
 */
async function searchOurCompanies(
  db: Db,
  partnerId: string,
  registryName: string,
  country: string,
  query: SearchQuery,
  externalIds: string[],
): Promise<OurSearch> {
  const t = sql`t.term`;
  const portfolio = externalIds.length
    ? sql`UNION ALL
      SELECT 'portfolio', NULL, NULL, ${COMPANY_COLUMNS} FROM companies c
      WHERE c.partner_id = ${partnerId} AND c.external_provider_name = ${registryName}
        AND c.external_provider_company_id IN (${sql.join(
          externalIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
    : sql``;
  const result = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM company_search_pending) AS pending, r.*
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      (SELECT 'match' AS via, h.rank, h.name_key, ${COMPANY_COLUMNS}
       FROM (
         SELECT t.company_id, min(${termRankSql(t, sql`t.kind`, query)}) AS rank, min(t.name_key) AS name_key
         FROM company_search_terms t
         WHERE t.partner_id = ${partnerId} AND t.country = ${country} AND ${termMatchesSql(t, query)}
         GROUP BY t.company_id
       ) h
       JOIN companies c ON c.id = h.company_id
       ORDER BY h.rank, char_length(c.name), h.name_key, c.id
       LIMIT ${COMPANY_SEARCH_LIMIT})
      ${portfolio}
    ) r ON true`);
  const rows = rowsOf<RankedRow & { pending: boolean; via: 'match' | 'portfolio' | null }>(result);
  return {
    pending: rows[0]?.pending === true,
    matches: rows.filter((r) => r.via === 'match').map((r) => ({ ...r, rank: Number(r.rank) })),
    portfolio: rows.filter((r) => r.via === 'portfolio'),
  };
}

/** The SQL order (rank, length in characters, name key in byte order, id) for merged lists. */
function byRank(a: RankedRow, b: RankedRow): number {
  return (
    a.rank - b.rank ||
    [...a.name].length - [...b.name].length ||
    Buffer.compare(Buffer.from(a.name_key), Buffer.from(b.name_key)) ||
    Buffer.compare(Buffer.from(a.id), Buffer.from(b.id))
  );
}

const streetLine = (street: string | null, houseNumber: string | null) =>
  [street, houseNumber].filter((s) => s && s.trim()).join(' ');

function ourResult(row: CompanyRow, registryName: string): CompanySearchResult {
  const fromRegistry = row.external_provider_name === registryName ? row.external_provider_company_id : null;
  return {
    id: row.id,
    name: row.name,
    street: streetLine(row.street, row.house_number),
    street_name: row.street ?? '',
    house_number: row.house_number ?? '',
    plz: row.postcode ?? '',
    ort: row.city ?? '',
    land: row.country,
    isInternal: true,
    inPortfolio: true,
    companyType: row.company_type,
    businessPurpose: row.business_purpose,
    tax_id_number: row.tax_id_number,
    register_number: row.register_number,
    register_court: row.register_court,
    foundation_date: row.foundation_date,
    company_custom_fields: row.custom_fields ?? [],
    external_provider_company_id: row.external_provider_company_id,
    external_provider_name: row.external_provider_name,
    credit_provider_id: fromRegistry,
  };
}

function registryResult(company: RegistryCompany, registryName: string): CompanySearchResult {
  return {
    id: company.id,
    name: company.name,
    street: streetLine(company.street, company.house_number),
    street_name: company.street,
    house_number: company.house_number,
    plz: company.postcode,
    ort: company.city,
    land: company.country,
    isInternal: false,
    inPortfolio: false,
    companyType: company.legal_form,
    businessPurpose: company.business_purpose,
    tax_id_number: company.tax_id_number,
    register_number: company.register_number,
    register_court: company.register_court,
    foundation_date: company.foundation_date,
    company_custom_fields: [],
    external_provider_company_id: company.id,
    external_provider_name: registryName,
    credit_provider_id: company.id,
  };
}

// ---------------------------------------------------------------------------------------------
// Our companies' search terms

export interface IndexableCompany {
  id: string;
  partnerId: string;
  name: string;
  country: string;
}

/**
 * Writes the search terms of one of our companies (replacing the old ones). Not needed after an
 * insert or rename: a trigger queues those and the next search indexes them. Call it inside the
 * writing transaction only when the company must be findable at once, even before any search.
 */
export async function indexCompany(db: Db, company: IndexableCompany): Promise<void> {
  await writeTerms(db, [company]);
  await db.delete(companySearchPending).where(inArray(companySearchPending.companyId, [company.id]));
}

/**
 * Indexes the companies the triggers queued (inserted or renamed since), at most `limit` per
 * call; returns how many. Called by a search that finds the queue non-empty, and at boot until
 * the queue is empty. Concurrent callers share the work: each claims rows with SKIP LOCKED.
 */
export async function indexPendingCompanies(db: Db, limit = 1000): Promise<number> {
  const queued = rowsOf(await db.execute(sql`SELECT 1 FROM company_search_pending LIMIT 1`));
  if (!queued.length) return 0;
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ company_id: string }>(
      await tx.execute(sql`
        DELETE FROM company_search_pending WHERE company_id IN (
          SELECT company_id FROM company_search_pending ORDER BY queued_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING company_id`),
    ).map((r) => r.company_id);
    if (!claimed.length) return 0;
    const rows = rowsOf<{ id: string; partner_id: string; name: string; country: string }>(
      await tx.execute(
        sql`SELECT id, partner_id, name, country FROM companies WHERE id IN (${sql.join(
          claimed.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    await writeTerms(
      tx,
      rows.map((r) => ({ id: r.id, partnerId: r.partner_id, name: r.name, country: r.country })),
    );
    return claimed.length;
  });
}

async function writeTerms(db: Db, list: IndexableCompany[]): Promise<void> {
  if (!list.length) return;
  await db.delete(companySearchTerms).where(
    inArray(
      companySearchTerms.companyId,
      list.map((c) => c.id),
    ),
  );
  const values = list.flatMap((c) => {
    const key = nameKey(c.name);
    return searchTerms(c.name).map((t) => ({
      companyId: c.id,
      partnerId: c.partnerId,
      country: c.country,
      term: t.term,
      kind: t.kind,
      nameKey: key,
    }));
  });
  for (let i = 0; i < values.length; i += 2000) {
    await db.insert(companySearchTerms).values(values.slice(i, i + 2000));
  }
}
