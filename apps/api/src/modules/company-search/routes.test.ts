import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  companySearchResponse,
  type CompanySearchResponse,
  type CompanySearchResult,
} from '@finportal/contracts/company-search';
import { rowsOf } from '../../db/client.js';
import { RANK, rankName, searchMatchSql, searchQuery } from '../../platform/search-text.js';
import { createTestApp, expectErrors, useTestApp } from '../../test/harness.js';
import { COMPANY_SEARCH_LIMIT, indexCompany, indexPendingCompanies } from './service.js';

/** GET /company_search: our companies per partner, the demo registry per country, ranked. */
const t = await useTestApp();

async function search(name: string, country = 'DE', partner = 'demo'): Promise<CompanySearchResponse> {
  const res = await t.client(partner).get(`/company_search?name=${encodeURIComponent(name)}&country=${country}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<CompanySearchResponse>();
  expect(companySearchResponse.safeParse(body).success).toBe(true);
  return body;
}

const names = (list: CompanySearchResult[]) => list.map((c) => c.name);

interface CompanyInput {
  name: string;
  partner?: string;
  country?: string;
  externalId?: string;
  /** The borrower whose own company it is; none: a portfolio company of the partner (register data only). */
  owner?: string;
}

/**
 * Inserts one of our companies with a plain INSERT (search_text stays NULL: the search indexes
 * it). A portfolio company by default; with `owner` that borrower's own company, with a tax
 * number and a custom field.
 */
async function insertCompany({
  name,
  partner = 'demo',
  country = 'DE',
  externalId,
  owner,
}: CompanyInput): Promise<string> {
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO companies (partner_id, name, street, house_number, postcode, city, country, company_type,
       external_provider_company_id, external_provider_name, owner_user_id, tax_id_number, custom_fields)
     VALUES ($1, $2, 'Teststraße', '1', '10115', 'Berlin', $3, 'GMBH', $4, $5, $6,
       CASE WHEN $6::uuid IS NULL THEN NULL ELSE '1234567890' END,
       CASE WHEN $6::uuid IS NULL THEN '[]'::jsonb ELSE '[{"field_id":"crm_id","field_value":"A-1"}]'::jsonb END)
     RETURNING id`,
    [partner, name, country, externalId ?? null, externalId ? 'demo_registry' : null, owner ?? null],
  );
  return row!.id;
}

describe('GET /company_search: the demo registry', () => {
  it('finds a company by the start of its name, with every field of the contract', async () => {
    const res = await t.client().get('/company_search?name=Musterbau&country=DE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<CompanySearchResponse>();
    expect(companySearchResponse.strict().safeParse(body).success).toBe(true);
    expect(body.external_provider_companies[0]).toEqual({
      id: 'DEMO-DE-000001',
      name: 'Musterbau Schmidt GmbH',
      street: 'Kastanienallee 12',
      street_name: 'Kastanienallee',
      house_number: '12',
      plz: '10435',
      ort: 'Berlin',
      land: 'DE',
      isInternal: false,
      inPortfolio: false,
      companyType: 'GMBH',
      businessPurpose: 'Hoch- und Tiefbau, Sanierung von Wohn- und Gewerbeimmobilien',
      tax_id_number: expect.stringMatching(/^DE\d{9}$/),
      register_number: 'HRB 123456 B',
      register_court: 'Amtsgericht Charlottenburg',
      foundation_date: '2012-04-17',
      company_custom_fields: [],
      external_provider_company_id: 'DEMO-DE-000001',
      external_provider_name: 'demo_registry',
      credit_provider_id: 'DEMO-DE-000001',
    });
  });

  it('finds a company by the start of a later word ("metall" → "Müller Metallbau GmbH")', async () => {
    expect(names((await search('metall')).external_provider_companies)).toContain('Müller Metallbau GmbH');
    expect(names((await search('Schönberger')).external_provider_companies)).toContain('Bäckerei Schönberger e.K.');
    // Several words: a prefix of the name from that word on.
    expect(names((await search('metallbau gm')).external_provider_companies)).toContain('Müller Metallbau GmbH');
    expect(names((await search('müller metallbau')).external_provider_companies)[0]).toBe('Müller Metallbau GmbH');
  });

  it('finds the words in any order, each as the start of a word ("metallbau müller" → "Müller Metallbau GmbH")', async () => {
    for (const q of [
      'metallbau müller',
      'metallbau muller',
      'Metallbau Mueller',
      'gmbh müller metall',
      'metallb mül',
    ]) {
      expect(names((await search(q)).external_provider_companies)[0], q).toBe('Müller Metallbau GmbH');
    }
    expect(names((await search('schmidt musterbau')).external_provider_companies)[0]).toBe('Musterbau Schmidt GmbH');
    expect(names((await search('schönberger bäckerei')).external_provider_companies)[0]).toBe(
      'Bäckerei Schönberger e.K.',
    );
    expect(names((await search('handlowa łódzka', 'PL')).external_provider_companies)[0]).toBe(
      'Łódzka Spółka Handlowa sp. z o.o.',
    );
    expect(names((await search('feinmechanik zurcher', 'CH')).external_provider_companies)[0]).toBe(
      'Zürcher Feinmechanik AG',
    );
    // Every word has to match, and each from the start of a word.
    expect(names((await search('metallbau schmidt')).external_provider_companies)).not.toContain(
      'Müller Metallbau GmbH',
    );
    // A word inside a word matches too, ranked after the word starts (issue 26).
    expect(rankName('Müller Metallbau GmbH', searchQuery('etallbau müller'))).toBe(RANK.inner);
    // Our companies alike.
    await insertCompany({ name: 'Kranich Präzisionsguss GmbH' });
    expect(names((await search('präzisionsguss kranich')).our_companies)).toEqual(['Kranich Präzisionsguss GmbH']);
    expect(names((await search('praezisionsg kran')).our_companies)).toEqual(['Kranich Präzisionsguss GmbH']);
  });

  it('ignores accents, case and punctuation, both ways', async () => {
    for (const q of ['muller metall', 'müller metall', 'MÜLLER METALL', 'MUELLER METALL', 'Mueller-Metall']) {
      expect(names((await search(q)).external_provider_companies), q).toContain('Müller Metallbau GmbH');
    }
    for (const q of ['lodz', 'łódź', 'ŁÓDZKA', 'lodzka spolka handl']) {
      expect(names((await search(q, 'PL')).external_provider_companies), q).toContain(
        'Łódzka Spółka Handlowa sp. z o.o.',
      );
    }
    expect(names((await search('wisla', 'PL')).external_provider_companies)).toContain('Wisła Logistyka sp. z o.o.');
    expect(names((await search('zurcher fein', 'CH')).external_provider_companies)).toContain(
      'Zürcher Feinmechanik AG',
    );
    expect(names((await search('Backerei Schon')).external_provider_companies)).toContain('Bäckerei Schönberger e.K.');
    // An accented query finds a name written without accents.
    await insertCompany({ name: 'Zurich Praezision GmbH' });
    await insertCompany({ name: 'Mueller Gleisbau GmbH' });
    expect(names((await search('Zürich Prae')).our_companies)).toEqual(['Zurich Praezision GmbH']);
    // German transliteration: ü is also ue.
    expect(names((await search('Müller Gleis')).our_companies)).toEqual(['Mueller Gleisbau GmbH']);
  });

  it('the fixed companies of the data set are findable (e2e specs rely on them)', async () => {
    const first = async (q: string, country: string) => (await search(q, country)).external_provider_companies[0];
    expect((await first('Musterbau Schmidt', 'DE'))?.foundation_date).toBe('2012-04-17');
    expect((await first('Alpenblick Hotel', 'AT'))?.name).toBe('Alpenblick Hotel AG');
    expect((await first('Zürcher Feinmechanik', 'CH'))?.companyType).toBe('CH_AG');
    expect((await first('Wisła Logistyka', 'PL'))?.name).toBe('Wisła Logistyka sp. z o.o.');
    const young = await first('Junge Gründer', 'DE');
    expect(young?.name).toBe('Junge Gründer UG');
    const months = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();
    expect(months(new Date()) - months(new Date(young!.foundation_date!))).toBe(6);
    const gbr = await first('Kleine Feier', 'DE');
    expect([gbr?.name, gbr?.companyType, gbr?.register_number]).toEqual(['Kleine Feier GbR', 'GBR', null]);
  });

  it('ranks exact name, then name prefix, then word prefix; then shorter name, then name', async () => {
    const exact = await search('Musterbau Schmidt GmbH');
    expect(exact.external_provider_companies[0]?.name).toBe('Musterbau Schmidt GmbH');

    for (const [q, country] of [
      ['holz', 'DE'],
      ['metall', 'DE'],
      ['müller', 'DE'],
      ['spółka', 'PL'],
      ['kraków', 'PL'],
    ] as const) {
      const list = (await search(q, country)).external_provider_companies;
      const query = searchQuery(q);
      const keys = list.map((c) => [rankName(c.name, query), [...c.name].length] as const);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(keys, q).toEqual(sorted);
      expect(keys.every(([rank]) => rank < RANK.none)).toBe(true);
    }
  });

  it('ranks the query in order before the same words in any order', async () => {
    for (const name of ['Ortolan Bau Nord GmbH', 'Nord Ortolan Bau AG', 'Ortolan Nord Bau', 'Bau Nord Ortolan KG']) {
      await insertCompany({ name, partner: 'alpen', country: 'AT' });
    }
    expect(names((await search('ortolan bau', 'AT', 'alpen')).our_companies)).toEqual([
      'Ortolan Bau Nord GmbH', // name prefix
      'Nord Ortolan Bau AG', // the phrase at a word start
      'Ortolan Nord Bau', // any order; shorter name first
      'Bau Nord Ortolan KG',
    ]);
  });

  it('searches one country only', async () => {
    expect(names((await search('Musterbau', 'AT')).external_provider_companies)).not.toContain(
      'Musterbau Schmidt GmbH',
    );
    for (const [q, country] of [
      ['gmbh', 'DE'],
      ['gmbh', 'AT'],
      ['gmbh', 'CH'],
      ['sp z o o', 'PL'],
    ] as const) {
      const list = (await search(q, country)).external_provider_companies;
      expect(list.length, `${q} ${country}`).toBeGreaterThan(0);
      expect(list.every((c) => c.land === country)).toBe(true);
    }
    expect((await search('Musterbau', 'FR')).external_provider_companies).toEqual([]);
  });

  it('answers at most 20 companies per list', async () => {
    expect((await search('gmbh')).external_provider_companies).toHaveLength(COMPANY_SEARCH_LIMIT);
    for (let i = 1; i <= 25; i++) await insertCompany({ name: `Capcom Testfirma ${String(i).padStart(2, '0')} GmbH` });
    const ours = (await search('Capcom Test')).our_companies;
    expect(ours).toHaveLength(COMPANY_SEARCH_LIMIT);
    expect(names(ours).slice(0, 3)).toEqual([
      'Capcom Testfirma 01 GmbH',
      'Capcom Testfirma 02 GmbH',
      'Capcom Testfirma 03 GmbH',
    ]);
  });

  it('a query without letters or digits finds nothing', async () => {
    expect(await search('....')).toEqual({ our_companies: [], external_provider_companies: [] });
  });
});

describe('GET /company_search: our companies', () => {
  it("lists the host partner's portfolio companies only, as internal and in portfolio, register data only", async () => {
    const id = await insertCompany({ name: 'Zebrafink Analytik GmbH' });
    const demo = await search('zebrafink');
    expect(demo.our_companies).toHaveLength(1);
    expect(demo.our_companies[0]).toMatchObject({
      id,
      name: 'Zebrafink Analytik GmbH',
      street: 'Teststraße 1',
      plz: '10115',
      ort: 'Berlin',
      land: 'DE',
      isInternal: true,
      inPortfolio: true,
      companyType: 'GMBH',
      tax_id_number: null,
      company_custom_fields: [],
      external_provider_company_id: null,
      credit_provider_id: null,
    });
    expect((await search('zebrafink', 'DE', 'nordbank')).our_companies).toEqual([]);
    expect((await search('zebrafink', 'AT')).our_companies).toEqual([]);
  });

  it('finds a word inside a word (German joins words), after the matches at word starts (issue 26)', async () => {
    for (const name of [
      'Großhandel Meier GmbH',
      'Holzhandel Berger KG',
      'Handelshaus Nord GmbH',
      'Berger Handel AG',
      'Sondermaschinenbau Keller GmbH',
    ]) {
      await insertCompany({ name, partner: 'nordbank' });
    }
    expect(names((await search('handel', 'DE', 'nordbank')).our_companies)).toEqual([
      'Handelshaus Nord GmbH', // name prefix
      'Berger Handel AG', // word prefix
      'Holzhandel Berger KG', // inside a word, shorter first
      'Großhandel Meier GmbH',
    ]);
    expect(names((await search('maschinen', 'DE', 'nordbank')).our_companies)).toEqual([
      'Sondermaschinenbau Keller GmbH',
    ]);
    expect(names((await search('handel berger', 'DE', 'nordbank')).our_companies)).toEqual([
      'Berger Handel AG',
      'Holzhandel Berger KG',
    ]);
    // The demo registry alike: the inner match of a joined word.
    const hits = names((await search('bau schmidt')).external_provider_companies);
    expect(hits).toContain('Musterbau Schmidt GmbH');
  });

  it('ranks our companies the same way', async () => {
    for (const name of [
      'Alte Quarzmühle GmbH',
      'Quarz GmbH',
      'Bäckerei am Quarz',
      'Quarzler AG',
      'Quarz',
      'Quarz Bau GmbH',
    ]) {
      await insertCompany({ name, partner: 'nordbank' });
    }
    expect(names((await search('quarz', 'DE', 'nordbank')).our_companies)).toEqual([
      'Quarz', // exact
      'Quarz GmbH', // name prefix, shorter first
      'Quarzler AG',
      'Quarz Bau GmbH',
      'Bäckerei am Quarz', // word prefix
      'Alte Quarzmühle GmbH',
    ]);
  });

  it('a registry company the partner already has is listed once, as ours', async () => {
    const id = await insertCompany({ name: 'Alpenblick Hotel AG', country: 'AT', externalId: 'DEMO-AT-000001' });
    const demo = await search('alpenblick hotel', 'AT');
    expect(demo.our_companies.map((c) => [c.id, c.inPortfolio, c.credit_provider_id])).toEqual([
      [id, true, 'DEMO-AT-000001'],
    ]);
    expect(demo.external_provider_companies.map((c) => c.id)).not.toContain('DEMO-AT-000001');
    // Another partner does not have it.
    const nord = await search('alpenblick hotel', 'AT', 'nordbank');
    expect(nord.our_companies).toEqual([]);
    expect(nord.external_provider_companies[0]?.id).toBe('DEMO-AT-000001');

    // Also when our copy was renamed and no longer matches by name.
    const renamed = await insertCompany({
      name: 'ZFM Präzisionsteile AG',
      country: 'CH',
      externalId: 'DEMO-CH-000001',
    });
    const ch = await search('Zürcher Feinmechanik', 'CH');
    expect(ch.our_companies.map((c) => c.id)).toEqual([renamed]);
    expect(ch.external_provider_companies.map((c) => c.id)).not.toContain('DEMO-CH-000001');
  });

  it('a renamed company is found by its new name only (the rename resets its search text, the search indexes it)', async () => {
    const id = await insertCompany({ name: 'Altname Kontor GmbH' });
    expect(names((await search('Altname')).our_companies)).toEqual(['Altname Kontor GmbH']);
    await t.sql(`UPDATE companies SET name = 'Neuname Kontor GmbH', updated_at = now() WHERE id = $1`, [id]);
    expect(await t.sql('SELECT search_text FROM companies WHERE id = $1', [id])).toEqual([{ search_text: null }]);
    expect((await search('Altname')).our_companies).toEqual([]);
    expect(names((await search('Neuname')).our_companies)).toEqual(['Neuname Kontor GmbH']);
    // An update that leaves the name alone leaves the search text alone.
    await t.sql(`UPDATE companies SET street = 'Neue Straße', name = name WHERE id = $1`, [id]);
    expect(await t.sql('SELECT search_text FROM companies WHERE id = $1', [id])).toEqual([
      { search_text: 'neuname kontor gmbh' },
    ]);
    expect(await t.sql('SELECT id FROM companies WHERE search_text IS NULL')).toEqual([]);
    // A deleted company is gone from the search.
    await t.sql('DELETE FROM companies WHERE id = $1', [id]);
    expect((await search('Neuname')).our_companies).toEqual([]);
  });

  it('indexCompany makes a company findable at once, inside the writing transaction', async () => {
    await t.ctx.db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(
          sql`INSERT INTO companies (partner_id, name, country) VALUES ('demo', 'Sofortfirma Test GmbH', 'DE') RETURNING id`,
        ),
      );
      await indexCompany(tx, { id: row!.id, name: 'Sofortfirma Test GmbH' });
      expect(
        rowsOf(await tx.execute(sql`SELECT 1 FROM companies WHERE id = ${row!.id} AND search_text IS NULL`)),
      ).toEqual([]);
    });
    const texts = await t.sql<{ search_text: string }>(
      `SELECT search_text FROM companies WHERE name = 'Sofortfirma Test GmbH'`,
    );
    expect(texts).toEqual([{ search_text: 'sofortfirma test gmbh' }]);
  });

  it('a bulk of waiting companies (after a migration) is indexed in batches, then vacuumed and analysed', async () => {
    await t.sql(
      `INSERT INTO companies (partner_id, name, country)
       SELECT 'nordbank', 'Massenfirma ' || g || ' Lothringen SARL', 'FR' FROM generate_series(1, 2500) g`,
    );
    expect(await indexPendingCompanies(t.ctx.db, { batch: 1000 })).toBe(2500);
    expect(await t.sql('SELECT id FROM companies WHERE search_text IS NULL')).toEqual([]);
    const [stats] = await t.sql<{ analysed: boolean }>(
      `SELECT (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL) AS analysed
       FROM pg_stat_user_tables WHERE relname = 'companies'`,
    );
    expect(stats?.analysed).toBe(true);
    expect(names((await search('lothringen massenfirma 1234', 'FR', 'nordbank')).our_companies)).toEqual([
      'Massenfirma 1234 Lothringen SARL',
    ]);
  });

  it('a partner without the company_research entitlement searches its own companies only', async () => {
    await insertCompany({ name: 'Wisła Eigenfirma sp. z o.o.', partner: 'vistula', country: 'PL' });
    const res = await search('wisła', 'PL', 'vistula');
    expect(names(res.our_companies)).toEqual(['Wisła Eigenfirma sp. z o.o.']);
    expect(res.external_provider_companies).toEqual([]);
  });
});

describe('GET /company_search: validation and limits', () => {
  const get = (query: string, partner = 'demo') => t.client(partner).get(`/company_search${query}`);

  it('the name needs 4 to 255 characters after trimming', async () => {
    expectErrors(await get('?name=abc&country=DE'), 400, [{ code: 'err_too_short', field: 'name' }]);
    expectErrors(await get('?name=%20%20abc%20%20&country=DE'), 400, [{ code: 'err_too_short', field: 'name' }]);
    expectErrors(await get(`?name=${'a'.repeat(256)}&country=DE`), 400, [{ code: 'err_too_long', field: 'name' }]);
    expect((await get(`?name=${'a'.repeat(255)}&country=DE`)).statusCode).toBe(200);
    expect((await get('?name=%20abcd%20&country=DE')).statusCode).toBe(200);
  });

  it('name and country are required; the country is two capital letters; every error is named', async () => {
    expectErrors(await get('?name=Musterbau'), 400, [{ code: 'err_required', field: 'country' }]);
    expectErrors(await get('?country=DE'), 400, [{ code: 'err_required', field: 'name' }]);
    expectErrors(await get('?name=Musterbau&country=de'), 400, [{ code: 'err_invalid_value', field: 'country' }]);
    expectErrors(await get('?name=ab'), 400, [
      { code: 'err_too_short', field: 'name' },
      { code: 'err_required', field: 'country' },
    ]);
  });

  it('an unknown partner host answers 404', async () => {
    expectErrors(await get('?name=Musterbau&country=DE', 'acme'), 404, [{ code: 'err_partner_not_found' }]);
  });

  it('is rate limited per client address (429 err_too_many_requests)', async () => {
    const limited = await createTestApp({ RATE_COMPANY_SEARCH_PER_IP: '3' });
    try {
      const client = limited.client('demo', { ip: '203.0.113.7' });
      for (let i = 0; i < 3; i++)
        expect((await client.get('/company_search?name=Musterbau&country=DE')).statusCode).toBe(200);
      expectErrors(await client.get('/company_search?name=Musterbau&country=DE'), 429, [
        { code: 'err_too_many_requests' },
      ]);
      const other = limited.client('demo', { ip: '203.0.113.8' });
      expect((await other.get('/company_search?name=Musterbau&country=DE')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the search index', () => {
  class Rollback extends Error {}

  /**
   * The plan of the search's match (the same WHERE as the service builds). With `setup`, the
   * statements run first and the table is analysed, in a transaction rolled back afterwards;
   * without, sequential scans are switched off (few rows here) to show the index fits.
   */
  async function plan(table: string, scope: SQL, q: string, setup: SQL[] = []): Promise<string> {
    let text = '';
    await t.ctx.db
      .transaction(async (tx) => {
        for (const statement of setup) await tx.execute(statement);
        if (setup.length) await tx.execute(sql`ANALYZE ${sql.raw(table)}`);
        else await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const rows = rowsOf<Record<string, string>>(
          await tx.execute(
            sql`EXPLAIN SELECT c.id FROM ${sql.raw(table)} c WHERE ${scope} AND ${searchMatchSql(sql`c.search_text`, searchQuery(q))}`,
          ),
        );
        text = rows.map((r) => Object.values(r)[0]).join('\n');
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    return text;
  }

  /** 300 borrowers with 10 registry names each, and every third registry name as a portfolio company. */
  const manyCompanies = [
    sql`INSERT INTO users (partner_id, email) SELECT 'demo', 'plan-' || g || '@example.com' FROM generate_series(1, 300) g`,
    sql`INSERT INTO companies (partner_id, name, country, owner_user_id, search_text)
        SELECT 'demo', r.name, r.country, u.id, r.search_text
        FROM (SELECT id, row_number() OVER (ORDER BY email) AS k FROM users WHERE email LIKE 'plan-%') u
        CROSS JOIN generate_series(0, 9) j
        JOIN (SELECT *, row_number() OVER (ORDER BY id) AS k FROM demo_registry_companies) r
          ON r.k = 1 + (u.k * 7919 + j * 104729) % 6000`,
    sql`INSERT INTO companies (partner_id, name, country, search_text)
        SELECT 'demo', name, country, search_text FROM demo_registry_companies WHERE abs(hashtext(id)) % 3 = 0`,
  ];

  it('the registry lookup uses the trigram index, one condition per word', async () => {
    const text = await plan('demo_registry_companies', sql`c.country = 'DE'`, 'metallbau müller');
    expect(text).toContain('demo_registry_companies_search_idx');
    // The planner may take one word (or form) to the index and check the others on the rows.
    expect(text).toMatch(/Index Cond: .*~~ '%(metallbau|muller|mueller)%'/);
  });

  it("the lookup of portfolio companies uses their trigram index (never reading borrowers' companies)", async () => {
    const scope = sql`c.partner_id = 'demo' AND c.owner_user_id IS NULL AND c.country = 'DE'`;
    const text = await plan('companies', scope, 'metallbau müller', manyCompanies);
    expect(text).toContain('companies_portfolio_search_idx');
    expect(text).toMatch(/Index Cond: .*~~ '%(metallbau|muller|mueller)%'/);
  });

  it("a borrower's own companies are read through (partner_id, owner_user_id), never the others'", async () => {
    const owner = sql`(SELECT id FROM users WHERE email = 'plan-1@example.com')`;
    const scope = sql`c.partner_id = 'demo' AND c.owner_user_id = ${owner} AND c.country = 'DE'`;
    const text = await plan('companies', scope, 'metallbau müller', manyCompanies);
    expect(text).toContain('companies_owner_idx');
  });
});
