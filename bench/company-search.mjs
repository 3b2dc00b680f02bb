// GET /api/company_search with 20 concurrent clients over a rotating set of realistic queries
// (what the wizard sends while a user types: prefixes of 4+ characters, four countries, with
// and without accents, words in either order), and GET /api/health on 4 further connections in
// the same run, against the built server on PGlite and on PostgreSQL: once as visitors, once as
// a logged-in borrower with own companies. The database holds, besides the demo registry, other
// borrowers' companies (copies of registry names, which the search must pass over) and some
// portfolio companies (ADR 009). Prints p50/p99 of both and the ratio of the p99s (budget:
// search ≤ 5 × health). Never fails on time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApplicationInput } from '@finportal/testing/factories';
import { migrate, openDatabase } from '../apps/api/dist/db/client.js';
import { seedDemoRegistry } from '../apps/api/dist/platform/company-registry-demo.js';
import { freshPostgres, loginHeaders, startServer } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEARCH_CONNECTIONS = 20;
const HEALTH_CONNECTIONS = 4;
const BUDGET = 5;
/** Other borrowers of the demo partner, and how many registry companies each has applied for. */
const OTHER_BORROWERS = Number(process.env.BENCH_OTHER_BORROWERS ?? 3000);
const COMPANIES_PER_BORROWER = 10;
/** Every n-th registry company is also a portfolio company of the demo partner. */
const PORTFOLIO_EVERY = 12;

/** [country, what the user types]; each name also as the prefixes the wizard sends on the way. */
const TYPED = [
  ['DE', 'Musterbau Schmidt'],
  ['DE', 'Müller Metallbau'],
  ['DE', 'mueller'],
  ['DE', 'Bäckerei Schönberger'],
  ['DE', 'Schneider'],
  ['DE', 'Nordlicht'],
  ['DE', 'Hamburger Logistik'],
  ['DE', 'Fischer Elektrotechnik'],
  ['DE', 'Junge Gründer'],
  ['DE', 'Zimmermann'],
  ['DE', 'Steuerberatung'],
  ['DE', 'gmbh'],
  ['AT', 'Alpenblick Hotel'],
  ['AT', 'Gruber'],
  ['AT', 'Wiener Kaffeehaus'],
  ['AT', 'Pölzl'],
  ['CH', 'Zürcher Feinmechanik'],
  ['CH', 'Boulangerie'],
  ['CH', 'Horlogerie du Léman'],
  ['CH', 'Bernasconi'],
  ['PL', 'Wisła Logistyka'],
  ['PL', 'lodzka spolka'],
  ['PL', 'Kowalski'],
  ['PL', 'Transport'],
  ['DE', 'Metallbau Müller'],
  ['DE', 'Schmidt Musterbau'],
  ['PL', 'Handlowa Łódzka'],
];

/**
 * Before the server boots: the schema, the demo registry, and our companies: registry names
 * applied for by other borrowers (30,000 by default) and portfolio companies. Their search text
 * is left NULL: the boot indexes them, as after migration 0006.
 */
async function prefill(database) {
  const started = Date.now();
  await migrate(database);
  await seedDemoRegistry(database.db);
  await database.exec(`INSERT INTO partners (id, config) VALUES ('demo', '{}') ON CONFLICT (id) DO NOTHING`);
  await database.query(
    `INSERT INTO users (partner_id, email) SELECT 'demo', 'bench-other-' || g || '@example.com'
     FROM generate_series(1, $1::int) g`,
    [OTHER_BORROWERS],
  );
  await database.query(
    `WITH borrowers AS (SELECT id, row_number() OVER (ORDER BY email) AS k FROM users WHERE email LIKE 'bench-other-%'),
          registry AS (SELECT r.*, row_number() OVER (ORDER BY id) AS k FROM demo_registry_companies r),
          n AS (SELECT count(*) AS n FROM registry)
     INSERT INTO companies (partner_id, name, street, house_number, postcode, city, country, company_type,
       tax_id_number, external_provider_company_id, external_provider_name, owner_user_id, created_by)
     SELECT 'demo', r.name, r.street, r.house_number, r.postcode, r.city, r.country, r.legal_form,
       '1234567890', r.id, 'demo_registry', b.id, b.id
     FROM borrowers b CROSS JOIN generate_series(0, $1::int - 1) AS j CROSS JOIN n
     JOIN registry r ON r.k = 1 + ((b.k * 7919 + j * 104729) % n.n)`,
    [COMPANIES_PER_BORROWER],
  );
  await database.query(
    `INSERT INTO companies (partner_id, name, street, house_number, postcode, city, country, company_type,
       register_number, register_court, external_provider_company_id, external_provider_name)
     SELECT 'demo', r.name, r.street, r.house_number, r.postcode, r.city, r.country, r.legal_form,
       r.register_number, r.register_court, r.id, 'demo_registry'
     FROM demo_registry_companies r WHERE hashtext(r.id) % $1::int = 0`,
    [PORTFOLIO_EVERY],
  );
  const [{ own, portfolio }] = await database.query(
    `SELECT count(*) FILTER (WHERE owner_user_id IS NOT NULL)::int AS own,
            count(*) FILTER (WHERE owner_user_id IS NULL)::int AS portfolio FROM companies`,
  );
  return { own, portfolio, ms: Date.now() - started };
}

/** The logged-in borrower's own companies: two registry companies and a typed one. */
async function ownCompanies(base, headers) {
  const bodies = [
    { external_provider_company_id: 'DEMO-DE-000002', companyName: 'Müller Metallbau GmbH' },
    { external_provider_company_id: 'DEMO-DE-000001', companyName: 'Musterbau Schmidt GmbH' },
    { companyName: 'Schneider Nordlicht Bau GmbH' },
  ];
  for (const company of bodies) {
    const res = await fetch(`${base}/api/user/applications`, {
      method: 'POST',
      headers,
      body: JSON.stringify(buildApplicationInput(company)),
    });
    if (res.status !== 201) throw new Error(`POST /user/applications answered ${res.status}: ${await res.text()}`);
  }
}

function searchRequests(headers) {
  const requests = [];
  for (const [country, text] of TYPED) {
    // What a debounced input sends: a few growing prefixes from 4 characters on, then the whole text.
    const lengths = new Set([4, 6, 9, text.length].filter((n) => n <= text.length));
    for (const n of lengths) {
      const name = encodeURIComponent(text.slice(0, n));
      requests.push({ method: 'GET', path: `/api/company_search?name=${name}&country=${country}`, headers });
    }
  }
  return requests;
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(label, who, server, requests) {
  // Warm-up (JIT, plan caches), then the measured run: search and health side by side.
  await run({ url: server.base, connections: SEARCH_CONNECTIONS, duration: 1, requests });
  const [search, health] = await Promise.all([
    run({ url: server.base, connections: SEARCH_CONNECTIONS, duration: DURATION, requests }),
    run({ url: `${server.base}/api/health`, connections: HEALTH_CONNECTIONS, duration: DURATION }),
  ]);
  const line = (name, r, connections) => {
    const errors = r.non2xx + r.errors;
    console.log(
      `${label.padEnd(10)} ${name.padEnd(32)} ${String(connections).padStart(2)} conn ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${errors ? `   (${errors} errors)` : ''}`,
    );
  };
  line(`GET /api/company_search (${who})`, search, SEARCH_CONNECTIONS);
  line('GET /api/health', health, HEALTH_CONNECTIONS);
  const ratio = search.latency.p99 / Math.max(health.latency.p99, 1);
  console.log(
    `${label.padEnd(10)} ${who}: search p99 / health p99: ${ratio.toFixed(1)} × (budget ≤ ${BUDGET} ×, ${ratio <= BUDGET ? 'within' : 'OVER'})`,
  );
}

async function benchOne(label, databaseUrl, port) {
  // PGlite: the server's data directory, filled here first (one process at a time holds it).
  const dataDir = databaseUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-bench-search-'));
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl, poolSize: 2 } : { dataDir: path.join(dataDir, 'db') },
  );
  let filled;
  try {
    filled = await prefill(database);
  } finally {
    await database.close();
  }
  const started = Date.now();
  const server = await startServer({
    port,
    databaseUrl,
    extraEnv: { RATE_COMPANY_SEARCH_PER_IP: '100000000', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
  });
  const bootMs = Date.now() - started;
  try {
    const host = `demo.localhost:${port}`;
    const visitor = searchRequests({ host });
    const check = await fetch(`${server.base}${visitor[0].path}`, { headers: { host } });
    const sample = await check.json();
    if (!check.ok || !sample.external_provider_companies?.length) {
      throw new Error(`search does not answer as expected: ${check.status} ${JSON.stringify(sample).slice(0, 200)}`);
    }
    console.log(
      `${label.padEnd(10)} our companies: ${filled.own} of ${OTHER_BORROWERS} other borrowers, ${filled.portfolio} portfolio (prefilled in ${filled.ms} ms); boot incl. indexing them ${bootMs} ms; ${visitor.length} distinct queries`,
    );
    await measure(label, 'visitor', server, visitor);

    const headers = await loginHeaders(server.base, host, 'bench-search');
    await ownCompanies(server.base, headers);
    const mine = await fetch(`${server.base}/api/company_search?name=metallbau%20m%C3%BCller&country=DE`, { headers });
    const own = (await mine.json()).our_companies ?? [];
    if (!own.some((c) => c.inPortfolio === false && c.tax_id_number)) {
      throw new Error(`the logged-in search does not list the own company: ${JSON.stringify(own).slice(0, 200)}`);
    }
    await measure(label, 'borrower', server, searchRequests({ host, cookie: headers.cookie }));
    console.log('');
  } finally {
    await server.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\nCompany search bench: autocannon, ${SEARCH_CONNECTIONS} search + ${HEALTH_CONNECTIONS} health connections, ${DURATION} s\n`,
);
await benchOne('PGlite', undefined, 3211);
const pg = await freshPostgres(PG_URL).catch((err) => {
  console.log(`PostgreSQL not reachable at ${PG_URL} (${err.message}); skipped.`);
  return null;
});
if (pg) {
  try {
    await benchOne('PostgreSQL', pg.url, 3212);
  } finally {
    await pg.drop();
  }
}
