import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import type { CompanyRegistry, RegistryCompany, RegistryPerson } from './company-registry.js';
import { demoRegistryPersons } from './company-registry-demo-people.js';
import { asOfMonth, demoDatasetKey, generateDemoRegistry } from './company-registry-demo-data.js';
import { searchMatchSql, searchQuery, searchRankSql, searchText } from './search-text.js';

/**
 * DEMO company registry: stands in for a real provider (credit agency, trade register) that
 * we cannot reach from here. It answers like one (ranked name search per country, details by
 * the provider's id) from a generated data set of fictional companies kept in the database
 * (tables demo_registry_*; data set and the fixed companies tests rely on:
 * company-registry-demo-data.ts). Never wire it where real company data is expected.
 */
export class DemoCompanyRegistry implements CompanyRegistry {
  readonly name = 'demo_registry';

  constructor(private readonly db: Db) {}

  async search(name: string, country: string, limit: number): Promise<RegistryCompany[]> {
    const query = searchQuery(name);
    if (!query.forms.length || limit <= 0) return [];
    const text = sql`c.search_text`;
    const result = await this.db.execute(sql`
      SELECT ${COLUMNS}
      FROM demo_registry_companies c
      WHERE c.country = ${country} AND ${searchMatchSql(text, query)}
      ORDER BY ${searchRankSql(text, query)}, char_length(c.name), c.search_text, c.id
      LIMIT ${limit}`);
    return rowsOf<RegistryCompany>(result);
  }

  async details(id: string): Promise<RegistryCompany | null> {
    const result = await this.db.execute(sql`SELECT ${COLUMNS} FROM demo_registry_companies c WHERE c.id = ${id}`);
    return rowsOf<RegistryCompany>(result)[0] ?? null;
  }

  async persons(id: string): Promise<RegistryPerson[]> {
    const company = await this.details(id);
    return company ? demoRegistryPersons(company) : [];
  }
}

const COLUMNS = sql.raw(
  `c.id, c.name, c.legal_form, c.street, c.house_number, c.postcode, c.city, c.country, c.register_court,
   c.register_number, to_char(c.foundation_date, 'YYYY-MM-DD') AS foundation_date, c.business_purpose, c.tax_id_number`,
);

export interface SeedResult {
  /** seeded: the data set was (re)written; unchanged: the database already held it. */
  status: 'seeded' | 'unchanged';
  dataset: string;
  companies: number;
  ms: number;
}

const BATCH = 1000;

/**
 * Fills the demo registry at boot: when it is empty, or holds another data set (older generator
 * version or reference month: the young companies' dates move along; ids stay the same). One
 * transaction holding a table lock, so that instances booting together write it once; readers
 * see the old or the new data set, never half of one.
 */
export async function seedDemoRegistry(db: Db, options: { asOf?: string } = {}): Promise<SeedResult> {
  const started = performance.now();
  const asOf = options.asOf ?? asOfMonth();
  const dataset = demoDatasetKey(asOf);
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE demo_registry_state IN EXCLUSIVE MODE`);
    const state = rowsOf<{ dataset: string; companies: number }>(
      await tx.execute(sql`SELECT dataset, companies FROM demo_registry_state WHERE id = 1`),
    )[0];
    if (state?.dataset === dataset) {
      return { status: 'unchanged', dataset, companies: state.companies, ms: performance.now() - started };
    }
    const companies = generateDemoRegistry(asOf);
    // TRUNCATE, not DELETE: a replaced data set leaves no dead rows behind (searches on other
    // connections wait for the commit, under a second, once a month).
    await tx.execute(sql`TRUNCATE demo_registry_companies`);
    // The trigram index takes single inserts slowly (~0.7-2 s for the data set on PGlite): collect
    // them in its pending list and merge that in bulk at the end (~0.25 s). Searches need the list
    // empty and fastupdate off again (migration 0006): PGlite never vacuums it away.
    await tx.execute(sql`ALTER INDEX demo_registry_companies_search_idx SET (fastupdate = on)`);
    for (let i = 0; i < companies.length; i += BATCH) {
      const batch = companies.slice(i, i + BATCH).map((c) => ({ ...c, search_text: searchText(c.name) }));
      await tx.execute(sql`
        INSERT INTO demo_registry_companies (id, name, legal_form, street, house_number, postcode, city, country,
          register_court, register_number, foundation_date, business_purpose, tax_id_number, search_text)
        SELECT id, name, legal_form, street, house_number, postcode, city, country,
          register_court, register_number, foundation_date, business_purpose, tax_id_number, search_text
        FROM json_to_recordset(${JSON.stringify(batch)}::json) AS x(id text, name text, legal_form text, street text,
          house_number text, postcode text, city text, country text, register_court text, register_number text,
          foundation_date date, business_purpose text, tax_id_number text, search_text text)`);
    }
    await tx.execute(sql`SELECT gin_clean_pending_list('demo_registry_companies_search_idx')`);
    await tx.execute(sql`ALTER INDEX demo_registry_companies_search_idx SET (fastupdate = off)`);
    await tx.execute(sql`
      INSERT INTO demo_registry_state (id, dataset, companies, seeded_at) VALUES (1, ${dataset}, ${companies.length}, now())
      ON CONFLICT (id) DO UPDATE SET dataset = EXCLUDED.dataset, companies = EXCLUDED.companies, seeded_at = now()`);
    await tx.execute(sql`ANALYZE demo_registry_companies`);
    return { status: 'seeded', dataset, companies: companies.length, ms: performance.now() - started };
  });
}
