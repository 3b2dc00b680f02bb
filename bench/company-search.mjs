// GET /api/company_search with 20 concurrent clients over a rotating set of realistic queries
// (what the wizard sends while a user types: prefixes of 4+ characters, four countries, with
// and without accents), and GET /api/health on 4 further connections in the same run, against
// the built server on PGlite and on PostgreSQL. Prints p50/p99 of both and the ratio of the
// p99s (budget: search ≤ 5 × health). Never fails on time.
import autocannon from 'autocannon';
import { freshPostgres, startServer } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEARCH_CONNECTIONS = 20;
const HEALTH_CONNECTIONS = 4;
const BUDGET = 5;

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
];

function searchRequests(host) {
  const requests = [];
  for (const [country, text] of TYPED) {
    // What a debounced input sends: a few growing prefixes from 4 characters on, then the whole text.
    const lengths = new Set([4, 6, 9, text.length].filter((n) => n <= text.length));
    for (const n of lengths) {
      const name = encodeURIComponent(text.slice(0, n));
      requests.push({ method: 'GET', path: `/api/company_search?name=${name}&country=${country}`, headers: { host } });
    }
  }
  return requests;
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function benchOne(label, databaseUrl, port) {
  const started = Date.now();
  const server = await startServer({
    port,
    databaseUrl,
    extraEnv: { RATE_COMPANY_SEARCH_PER_IP: '100000000' },
  });
  const bootMs = Date.now() - started;
  try {
    const host = `demo.localhost:${port}`;
    const requests = searchRequests(host);
    const check = await fetch(`${server.base}${requests[0].path}`, { headers: { host } });
    const sample = await check.json();
    if (!check.ok || !sample.external_provider_companies?.length) {
      throw new Error(`search does not answer as expected: ${check.status} ${JSON.stringify(sample).slice(0, 200)}`);
    }
    // Warm-up (JIT, plan caches), then the measured run: search and health side by side.
    await run({ url: server.base, connections: SEARCH_CONNECTIONS, duration: 1, requests });
    const [search, health] = await Promise.all([
      run({ url: server.base, connections: SEARCH_CONNECTIONS, duration: DURATION, requests }),
      run({ url: `${server.base}/api/health`, connections: HEALTH_CONNECTIONS, duration: DURATION }),
    ]);
    const line = (name, r, connections) => {
      const errors = r.non2xx + r.errors;
      console.log(
        `${label.padEnd(10)} ${name.padEnd(22)} ${String(connections).padStart(2)} conn ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${errors ? `   (${errors} errors)` : ''}`,
      );
    };
    line('GET /api/company_search', search, SEARCH_CONNECTIONS);
    line('GET /api/health', health, HEALTH_CONNECTIONS);
    const ratio = search.latency.p99 / Math.max(health.latency.p99, 1);
    console.log(
      `${label.padEnd(10)} search p99 / health p99: ${ratio.toFixed(1)} × (budget ≤ ${BUDGET} ×, ${ratio <= BUDGET ? 'within' : 'OVER'}); boot incl. demo registry seeding ${bootMs} ms; ${requests.length} distinct queries\n`,
    );
  } finally {
    await server.stop();
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
