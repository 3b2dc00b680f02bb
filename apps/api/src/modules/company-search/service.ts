import { sql, type SQL } from 'drizzle-orm';
import type { CompanySearchResponse, CompanySearchResult } from '@finportal/contracts/company-search';
import { rowsOf, type Db } from '../../db/client.js';
import type { CustomFieldValue } from '../../db/schema.js';
import type { RegistryCompany } from '../../platform/company-registry.js';
import type { AppContext } from '../../platform/context.js';
import { hit } from '../../platform/rate-limit.js';
import {
  rankName,
  searchMatchSql,
  searchQuery,
  searchRankSql,
  searchText,
  type SearchQuery,
} from '../../platform/search-text.js';
import type { Partner } from '../../platform/tenancy.js';

/** At most this many hits per list (our companies, registry companies). */
export const COMPANY_SEARCH_LIMIT = 20;

/** A search indexes at most this many waiting companies before it answers (one transaction). */
const SEARCH_INDEX_BATCH = 1000;
/** A bulk indexing run (boot) of at least this many ends with VACUUM (ANALYZE): see indexPendingCompanies. */
const BULK_INDEXED = 1000;

/**
 * Ranked matches fetched before merging: a portfolio company the user has an own copy of is
 * listed once, as the copy, so a few rows may drop out before the list is cut to 20.
 */
const MATCH_FETCH_LIMIT = 2 * COMPANY_SEARCH_LIMIT;

/** A company as the search reads it (snake case, as SQL returns it). */
export interface CompanyRow {
  id: string;
  name: string;
  street: string | null;
  house_number: string | null;
  postcode: string | null;
  city: string | null;
  country: string;
  company_type: string | null;
  business_purpose: string | null;
  /** Always null for a portfolio company (masked in SQL, and a CHECK keeps it empty). */
  tax_id_number: string | null;
  register_number: string | null;
  register_court: string | null;
  foundation_date: string | null;
  external_provider_company_id: string | null;
  external_provider_name: string | null;
  /** Always [] for a portfolio company. */
  custom_fields: CustomFieldValue[];
  /** The user's own company (true) or a portfolio company of the partner (false). */
  own: boolean;
  global_company_id: string | null;
  search_text: string | null;
}

export interface RankedRow extends CompanyRow {
  rank: number;
}

/**
 * Portfolio companies (owner NULL) carry register data only; the CASEs keep a tax number or
 * custom fields that should never be there from ever leaving the database through the search.
 */
export const COMPANY_COLUMNS = sql.raw(
  `c.id, c.name, c.street, c.house_number, c.postcode, c.city, c.country, c.company_type, c.business_purpose,
   CASE WHEN c.owner_user_id IS NULL THEN NULL ELSE c.tax_id_number END AS tax_id_number,
   c.register_number, c.register_court, to_char(c.foundation_date, 'YYYY-MM-DD') AS foundation_date,
   c.external_provider_company_id, c.external_provider_name,
   CASE WHEN c.owner_user_id IS NULL THEN '[]'::jsonb ELSE c.custom_fields END AS custom_fields,
   c.owner_user_id IS NOT NULL AS own, c.global_company_id, c.search_text`,
);

/** Who searches: a logged-in borrower of the host's partner (their user id) or a visitor (null). */
export type SearchViewer = () => Promise<string | null>;

/**
 * GET /company_search: our companies of the host's partner that the searcher may see, and the
 * registry's companies of one country, each list ranked (exact name, name prefix, the query as a
 * phrase at a word start, every word at a word start in any order; then shorter name, then name)
 * and capped. Our companies are the partner's portfolio companies (register data only) and, for
 * a logged-in borrower, their own companies (full data); never another borrower's (ADR 009). A
 * registry company that we already list is shown once, as ours.
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

  /** `viewer` is asked after the rate limit has counted the request (it may cost a session lookup). */
  async search(
    partner: Partner,
    ip: string,
    name: string,
    country: string,
    viewer: SearchViewer,
  ): Promise<CompanySearchResponse> {
    const { db, config, companyRegistry } = this.ctx;
    await this.nextTurn();
    await hit(db, `company_search:ip:${ip}`, config.RATE_COMPANY_SEARCH_PER_IP, 1);
    const query = searchQuery(name);
    if (!query.forms.length) return { our_companies: [], external_provider_companies: [] };
    await this.nextTurn();
    const userId = await viewer();

    // Partners without the company research entitlement search their own companies only.
    await this.nextTurn();
    const external = partner.entitlements.includes('company_research')
      ? await companyRegistry.search(name, country, COMPANY_SEARCH_LIMIT)
      : [];
    const scope: SearchScope = {
      partnerId: partner.key,
      userId,
      registryName: companyRegistry.name,
      country,
      externalIds: external.map((e) => e.id),
    };
    await this.nextTurn();
    let ours = await searchOurCompanies(db, scope, query);
    if (ours.pending) {
      // Companies inserted or renamed since the last search: index them, then search again.
      await indexPendingCompanies(db, { limit: SEARCH_INDEX_BATCH });
      ours = await searchOurCompanies(db, scope, query);
    }

    const byId = new Map<string, RankedRow>(ours.matches.map((r) => [r.id, r]));
    for (const row of ours.known) {
      if (!byId.has(row.id)) byId.set(row.id, { ...row, rank: rankName(row.name, query) });
    }
    const listed = withoutReplacedPortfolio([...byId.values()]);
    // Registry hits we already list (by provider and provider id) are shown once, as ours.
    const known = new Set(ours.known.map((r) => r.external_provider_company_id));

    return {
      our_companies: listed
        .sort(byRank)
        .slice(0, COMPANY_SEARCH_LIMIT)
        .map((row) => ourResult(row, companyRegistry.name)),
      external_provider_companies: external
        .filter((e) => !known.has(e.id))
        .map((e) => registryResult(e, companyRegistry.name)),
    };
  }
}

/**
 * A portfolio company is listed once: as the user's own copy of it when that copy is in the list
 * (copied from it, or the same registry company), else as itself (applying with it then reuses
 * the copy).
 */
export function withoutReplacedPortfolio(rows: RankedRow[]): RankedRow[] {
  const copied = new Set<string>();
  const registryKey = (r: CompanyRow) =>
    r.external_provider_company_id ? `${r.external_provider_name}\u0000${r.external_provider_company_id}` : null;
  for (const r of rows) {
    if (!r.own) continue;
    if (r.global_company_id) copied.add(r.global_company_id);
    const key = registryKey(r);
    if (key) copied.add(key);
  }
  return rows.filter((r) => r.own || !(copied.has(r.id) || copied.has(registryKey(r) ?? '')));
}

export interface SearchScope {
  partnerId: string;
  /** The logged-in borrower; null: a visitor, who sees portfolio companies only. */
  userId: string | null;
  registryName: string;
  country: string;
  /** The registry's hits: our companies that are one of them are listed even if renamed. */
  externalIds: string[];
  /** Ranked matches fetched per list (default MATCH_FETCH_LIMIT). */
  limit?: number;
}

export interface OurSearch {
  /** Companies wait to be indexed (search_text NULL): the matches may be stale. */
  pending: boolean;
  /** Our companies whose name matches the query, ranked, at most MATCH_FETCH_LIMIT per list. */
  matches: RankedRow[];
  /** Our companies that are these registry hits (same provider and provider id). */
  known: CompanyRow[];
}

/**
 * One statement (embedded PGlite shares its thread with the HTTP server, so every query counts):
 * whether companies wait to be indexed, our ranked matches, and our copies of the registry hits.
 * "Ours" is always the partner's portfolio (owner NULL) plus, logged in, the user's own companies.
 */
export async function searchOurCompanies(db: Db, scope: SearchScope, query: SearchQuery): Promise<OurSearch> {
  const text = sql`c.search_text`;
  // Two ranked lists, merged by the caller: the portfolio through its trigram index, and the
  // user's own companies through (partner_id, owner_user_id): a handful, checked row by row. One
  // list over both would have the planner pick one index for two very different sets.
  const ranked = (owner: SQL) => sql`
      (SELECT 'match' AS via, ${searchRankSql(text, query)} AS rank, ${COMPANY_COLUMNS}
       FROM companies c
       WHERE c.partner_id = ${scope.partnerId} AND ${owner} AND c.country = ${scope.country}
         AND ${searchMatchSql(text, query)}
       ORDER BY rank, char_length(c.name), c.search_text, c.id
       LIMIT ${scope.limit ?? MATCH_FETCH_LIMIT})`;
  const visible = scope.userId
    ? sql`(c.owner_user_id IS NULL OR c.owner_user_id = ${scope.userId})`
    : sql`c.owner_user_id IS NULL`;
  const own = scope.userId ? sql`UNION ALL ${ranked(sql`c.owner_user_id = ${scope.userId}`)}` : sql``;
  const known = scope.externalIds.length
    ? sql`UNION ALL
      SELECT 'known', NULL, ${COMPANY_COLUMNS} FROM companies c
      WHERE c.partner_id = ${scope.partnerId} AND ${visible} AND c.external_provider_name = ${scope.registryName}
        AND c.external_provider_company_id IN (${sql.join(
          scope.externalIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
    : sql``;
  const result = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM companies WHERE search_text IS NULL) AS pending, r.*
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      ${ranked(sql`c.owner_user_id IS NULL`)}
      ${own}
      ${known}
    ) r ON true`);
  const rows = rowsOf<RankedRow & { pending: boolean; via: 'match' | 'known' | null }>(result);
  return {
    pending: rows[0]?.pending === true,
    matches: rows.filter((r) => r.via === 'match').map((r) => ({ ...r, rank: Number(r.rank) })),
    known: rows.filter((r) => r.via === 'known'),
  };
}

/** The SQL order (rank, length in characters, search text in byte order, id) for merged lists. */
export function byRank(a: RankedRow, b: RankedRow): number {
  return (
    a.rank - b.rank ||
    [...a.name].length - [...b.name].length ||
    Buffer.compare(Buffer.from(a.search_text ?? ''), Buffer.from(b.search_text ?? '')) ||
    Buffer.compare(Buffer.from(a.id), Buffer.from(b.id))
  );
}

const streetLine = (street: string | null, houseNumber: string | null) =>
  [street, houseNumber].filter((s) => s && s.trim()).join(' ');

/**
 * isInternal: true for both kinds (our database: the wizard sends the id back as company_id);
 * inPortfolio: true for the partner's portfolio company, false for the borrower's own company.
 */
export function ourResult(row: CompanyRow, registryName: string): CompanySearchResult {
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
    inPortfolio: !row.own,
    companyType: row.company_type,
    businessPurpose: row.business_purpose,
    tax_id_number: row.own ? row.tax_id_number : null,
    register_number: row.register_number,
    register_court: row.register_court,
    foundation_date: row.foundation_date,
    company_custom_fields: row.own ? (row.custom_fields ?? []) : [],
    external_provider_company_id: row.external_provider_company_id,
    external_provider_name: row.external_provider_name,
    credit_provider_id: fromRegistry,
  };
}

export function registryResult(company: RegistryCompany, registryName: string): CompanySearchResult {
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
// Our companies' search text

/**
 * Writes the search text of one of our companies. Not needed after an insert or rename (the
 * next search indexes companies whose search text is NULL); call it inside the writing
 * transaction only when the company must be findable at once, even before any search.
 */
export async function indexCompany(db: Db, company: { id: string; name: string }): Promise<void> {
  await db.execute(sql`UPDATE companies SET search_text = ${searchText(company.name)} WHERE id = ${company.id}`);
}

/**
 * Indexes companies whose search text is NULL (inserted, or renamed: a trigger resets it), in
 * transactions of `batch` rows; returns how many. A search calls it with a `limit` of one batch
 * when it finds any; boot calls it without one, until none is left (a migration leaves every
 * company waiting). Concurrent callers share the work: each locks its rows with SKIP LOCKED,
 * and a rename waits for the lock, then resets the text again.
 *
 * Indexing thousands at once leaves as many dead row versions, which every search's "anything
 * waiting?" probe would step over, and stale statistics: PGlite never vacuums or analyses by
 * itself (and PostgreSQL's autovacuum may come late), so a bulk run without a limit ends with
 * VACUUM (ANALYZE) when it indexed many.
 */
export async function indexPendingCompanies(
  db: Db,
  { limit = Number.POSITIVE_INFINITY, batch = SEARCH_INDEX_BATCH }: { limit?: number; batch?: number } = {},
): Promise<number> {
  let total = 0;
  while (total < limit) {
    const indexed = await indexBatch(db, Math.min(batch, limit - total));
    total += indexed;
    if (indexed === 0) break;
  }
  if (limit === Number.POSITIVE_INFINITY && total >= BULK_INDEXED) {
    await db.execute(sql`VACUUM (ANALYZE) companies`);
  }
  return total;
}

async function indexBatch(db: Db, limit: number): Promise<number> {
  const queued = rowsOf(await db.execute(sql`SELECT 1 FROM companies WHERE search_text IS NULL LIMIT 1`));
  if (!queued.length) return 0;
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ id: string; name: string }>(
      await tx.execute(
        sql`SELECT id, name FROM companies WHERE search_text IS NULL LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      ),
    );
    if (!claimed.length) return 0;
    await tx.execute(sql`
      UPDATE companies c SET search_text = x.search_text
      FROM json_to_recordset(${JSON.stringify(claimed.map((r) => ({ id: r.id, search_text: searchText(r.name) })))}::json)
        AS x(id uuid, search_text text)
      WHERE c.id = x.id`);
    return claimed.length;
  });
}
