// The dashboard's reads as the data grows: GET /api/user/applications (the list, one UNION ALL
// statement) and GET /api/user/applications/{id}, for one user who sees 10 applications (8 own,
// 2 as accepted signatory) while the demo partner holds 10, 1,000 and 10,000 applications (one
// company each, a quarter with a signatory) of 1,000 users. The built server on PGlite and on PostgreSQL, autocannon; seeded with direct SQL.
// Prints req/s and p99 per database and size, p99(10,000) / p99(10) against the budget (≤ 1.5),
// the list statement's own time through a direct connection (free of HTTP and CPU-share noise)
// and its plan at 10,000. Never fails on time.
import autocannon from 'autocannon';
import { buildRegistration, PASSWORD } from '@finportal/testing/factories';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freshPostgres, startServer } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP = 3; // s of both routes at once before measuring: JIT, plan and catalog caches (PGlite is fresh at every size)
const SQL_RUNS = 300; // the list statement alone, through the bench's own connection
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = [10, 1_000, 10_000];
const USERS = 1_000; // the measured user and USERS - 1 others
const OTHERS = USERS - 1;
const OWN = 8; // the measured user's own applications, at every size
const SHARED = 2; // others' applications the measured user signs (accepted signatory)
const BUDGET = 1.5;
const PARTNER = 'demo';

const { openDatabase } = await import(path.join(ROOT, 'apps/api/dist/db/client.js'));

// The list statement as the built server runs it, for EXPLAIN (null if the source changed shape).
const LIST_SQL =
  /const LIST_APPLICATIONS = `([^`]+)`/.exec(
    fs.readFileSync(path.join(ROOT, 'apps/api/dist/modules/applications/service.js'), 'utf8'),
  )?.[1] ?? null;

// Most applications are Open, the rest spread over the later statuses.
const STATUSES = [
  ...Array(12).fill('Open'),
  'Submitted',
  'Screening',
  'Internal_Review',
  'Offer_Available',
  'Signature',
  'Approved',
  'Paid_Out',
  'Rejected',
];
const STATUS_ARRAY = `ARRAY[${STATUSES.map((s) => `'${s}'`).join(', ')}]`;

// Application number g (unique) → its row, and its own company (the wizard makes one per
// application). short_id: g times an odd constant modulo 2^40 (a bijection) in 8 base32 digits,
// so unique and of the CHECK's form. created_at: within the last 2 years.
const APPLICATION_ROWS = `
  SELECT sid.short_id, $1::text, src.user_id, src.company_id, (${STATUS_ARRAY})[(src.g * 7) % 20 + 1], lt.loan_type,
    CASE lt.loan_type WHEN 'working_capital_loan' THEN 'general_liquidity'
                      WHEN 'event_driven_financing_loan' THEN 'project' ELSE 'factoring' END,
    CASE WHEN lt.loan_type <> 'factoring' THEN 50000 + (src.g % 40) * 5000 END,
    CASE WHEN lt.loan_type <> 'factoring' THEN 12 + (src.g % 5) * 12 END,
    'EUR', CASE WHEN lt.loan_type <> 'factoring' THEN 'operating_expenses' END,
    CASE WHEN lt.loan_type = 'factoring' THEN 250000 + (src.g % 10) * 50000 END,
    CASE WHEN lt.loan_type = 'factoring' THEN src.g % 3 = 0 END,
    CASE WHEN lt.loan_type = 'factoring' THEN 2000000 END,
    ts.at, ts.at
  FROM src
  CROSS JOIN LATERAL (SELECT CASE WHEN src.g % 10 < 6 THEN 'working_capital_loan'
                                  WHEN src.g % 10 < 8 THEN 'event_driven_financing_loan'
                                  ELSE 'factoring' END AS loan_type) lt
  CROSS JOIN LATERAL (SELECT now() - ((src.g::bigint * 2654435761) % 63072000) * interval '1 second' AS at) ts
  CROSS JOIN LATERAL (
    SELECT string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', (((src.g::bigint * 1099511627) % 1099511627776
             >> (5 * k)) & 31)::int + 1, 1), '' ORDER BY k DESC) AS short_id
    FROM generate_series(0, 7) k) sid`;

/** CTEs comp (the companies) and ins (the applications, RETURNING id, user_id, h) of the rows in CTE src (g, user_id, company_id). */
const INSERT_CTES = `
  comp AS (
    INSERT INTO companies (id, partner_id, name, street, house_number, postcode, city, country, company_type, created_by)
    SELECT src.company_id, $1::text, 'Bench Maschinenbau ' || src.g || ' GmbH', 'Hauptstraße', (1 + src.g % 90)::text,
           '10115', 'Berlin', 'DE', 'GMBH', src.user_id
    FROM src),
  ins AS (
    INSERT INTO applications (short_id, partner_id, user_id, company_id, status, loan_type, product_type, amount,
      duration_months, currency, purpose_select, factoring_limit, has_international_customers,
      annual_sales_previous_year, created_at, updated_at)
    ${APPLICATION_ROWS}
    RETURNING id, user_id, hashtext(id::text) AS h)`;

// The other users, numbered k = 0..OTHERS-1.
const OTHERS_CTE = `others AS (
  SELECT u.id AS user_id, (row_number() OVER (ORDER BY u.email) - 1)::int AS k
  FROM users u WHERE u.partner_id = $1::text AND u.email LIKE 'bench-dashboard-other-%')`;

/** The others' applications g = $2..$3; a quarter get a signatory, an eighth an accepted one (another user). */
const INSERT_OTHERS_APPLICATIONS = `
  WITH ${OTHERS_CTE},
  src AS (SELECT g, o.user_id, gen_random_uuid() AS company_id FROM generate_series($2::int, $3::int) g
          JOIN others o ON o.k = (g * 7919) % ${OTHERS}),
  ${INSERT_CTES}
  INSERT INTO signatories (application_id, partner_id, user_id, first_name, last_name, email, invite_status,
    is_legal_signatory, created_by)
  SELECT ins.id, $1::text, CASE WHEN ins.h % 8 = 0 THEN o.user_id END, 'Erika', 'Mustermann',
    'erika.' || o.k || '@example.com', CASE WHEN ins.h % 8 = 0 THEN 'accepted' ELSE 'not_invited' END, true, ins.user_id
  FROM ins JOIN others o ON o.k = (ins.h & 2147483647) % ${OTHERS}
  WHERE ins.h % 4 = 0 AND o.user_id <> ins.user_id`;

/** The other users and the size-10 data set: the measured user's 8 applications, 2 they sign. */
async function seedBase(db, measuredId) {
  await db.query(
    `INSERT INTO users (partner_id, email, email_confirmed_at, accepted_terms_at)
     SELECT $1::text, 'bench-dashboard-other-' || g || '@example.com', now(), now() FROM generate_series(1, $2::int) g`,
    [PARTNER, OTHERS],
  );
  const own = await db.query(
    `WITH src AS (SELECT g, $2::uuid AS user_id, gen_random_uuid() AS company_id FROM generate_series(1, ${OWN}) g),
     ${INSERT_CTES}
     SELECT id FROM ins`,
    [PARTNER, measuredId],
  );
  await db.query(INSERT_OTHERS_APPLICATIONS, [PARTNER, OWN + 1, OWN + SHARED]);
  await db.query(
    `INSERT INTO signatories (application_id, partner_id, user_id, first_name, last_name, email, invite_status,
       is_legal_signatory, created_by)
     SELECT a.id, a.partner_id, $2::uuid, 'Max', 'Messer', 'measured@example.com', 'accepted', true, a.user_id
     FROM applications a WHERE a.partner_id = $1::text AND a.user_id <> $2::uuid`,
    [PARTNER, measuredId],
  );
  return own.map((r) => r.id);
}

/**
 * Grows the partner's applications from `from` to `to` (others' only), then VACUUM ANALYZE: fresh
 * statistics, and no autovacuum of the bulk insert running into the measurement.
 */
async function grow(db, from, to) {
  if (to > from) await db.query(INSERT_OTHERS_APPLICATIONS, [PARTNER, from + 1, to]);
  await db.exec('VACUUM ANALYZE users, companies, applications, signatories');
  const [counts] = await db.query(
    `SELECT (SELECT count(*) FROM users WHERE partner_id = $1)::int AS users,
            (SELECT count(*) FROM companies WHERE partner_id = $1)::int AS companies,
            (SELECT count(*) FROM applications WHERE partner_id = $1)::int AS applications,
            (SELECT count(*) FROM signatories WHERE partner_id = $1)::int AS signatories`,
    [PARTNER],
  );
  if (counts.applications !== to) throw new Error(`seeded ${counts.applications} applications, not ${to}`);
  return `${counts.users} users, ${counts.companies} companies, ${counts.signatories} signatories`;
}

async function explainList(db, measuredId) {
  if (!LIST_SQL) return ['(LIST_APPLICATIONS not found in the built service; no plan)'];
  const explain = () => db.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${LIST_SQL}`, [PARTNER, measuredId]);
  await explain(); // the first one in a fresh connection also loads the catalog caches (planning time)
  return (await explain()).map((r) => r['QUERY PLAN']);
}

/** p50 and p99 (ms) of the list statement alone, run SQL_RUNS times one after the other. */
async function timeList(db, measuredId) {
  if (!LIST_SQL) return null;
  const times = [];
  for (let i = 0; i < SQL_RUNS + 20; i++) {
    const t0 = performance.now();
    await db.query(LIST_SQL, [PARTNER, measuredId]);
    if (i >= 20) times.push(performance.now() - t0); // the first 20: warm-up
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

async function waitHealthy(base) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${base} did not come up`);
}

async function boot(port, databaseUrl, dataDir) {
  const server = await startServer({ port, databaseUrl, extraEnv: dataDir ? { DATA_DIR: dataDir } : {} });
  try {
    await waitHealthy(server.base);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/** Registers the measured user (the shared registration of @finportal/testing, password PASSWORD). */
async function register(base, host, email) {
  const res = await fetch(`${base}/api/user/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host },
    body: JSON.stringify(buildRegistration({ email })),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`bench registration failed: ${res.status}`);
}

/** A real password login; answers the headers for autocannon. */
async function login(base, host, email) {
  const res = await fetch(`${base}/api/user/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  await res.arrayBuffer();
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`bench login failed: ${res.status}`);
  return { host, cookie };
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Checks both routes answer the measured user's 10 applications, then measures them one after the other. */
async function measure(label, size, base, headers, detailId) {
  const listRes = await fetch(`${base}/api/user/applications`, { headers });
  const list = await listRes.json();
  if (!listRes.ok || list.applications?.length !== OWN + SHARED) {
    throw new Error(`list answered ${listRes.status} with ${list.applications?.length} applications`);
  }
  const detailRes = await fetch(`${base}/api/user/applications/${detailId}`, { headers });
  await detailRes.arrayBuffer();
  if (!detailRes.ok) throw new Error(`detail answered ${detailRes.status}`);
  const routes = [
    ['list', `${base}/api/user/applications`],
    ['detail', `${base}/api/user/applications/${detailId}`],
  ];
  // Warm-up of both routes together: the first route measured must not pay for the shared paths.
  await Promise.all(routes.map(([, url]) => run({ url, connections: CONNECTIONS / 2, duration: WARMUP, headers })));
  const out = {};
  for (const [name, url] of routes) {
    const r = await run({ url, connections: CONNECTIONS, duration: DURATION, headers });
    out[name] = {
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors,
    };
    console.log(
      `${label.padEnd(10)} ${String(size).padStart(6)} apps  ${name.padEnd(6)} ${String(out[name].rps).padStart(6)} req/s   p50 ${String(out[name].p50).padStart(3)} ms   p99 ${String(out[name].p99).padStart(3)} ms${out[name].errors ? `   (${out[name].errors} errors)` : ''}`,
    );
  }
  return out;
}

/** PGlite: one process per data directory, so the server stops while the bench seeds. */
async function benchPglite(port) {
  const label = 'PGlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-bench-dashboard-'));
  const host = `demo.localhost:${port}`;
  const email = `bench-dashboard-measured-${Date.now()}@example.com`;
  const results = {};
  const sqlTimes = {};
  let plan = [];
  try {
    let server = await boot(port, undefined, dataDir);
    try {
      await register(server.base, host, email);
    } finally {
      await server.stop();
    }
    let ownIds;
    let current = OWN + SHARED;
    for (const size of SIZES) {
      const t0 = performance.now();
      let seeded;
      const db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        const [{ id: measuredId }] = await db.query('SELECT id FROM users WHERE partner_id = $1 AND email = $2', [
          PARTNER,
          email,
        ]);
        if (!ownIds) ownIds = await seedBase(db, measuredId);
        seeded = await grow(db, current, size);
        current = size;
        sqlTimes[size] = await timeList(db, measuredId);
        if (size === SIZES.at(-1)) plan = await explainList(db, measuredId);
      } finally {
        await db.close();
      }
      const t1 = performance.now();
      server = await boot(port, undefined, dataDir);
      console.log(
        `${label.padEnd(10)} ${String(size).padStart(6)} apps  seeded in ${Math.round(t1 - t0)} ms (${seeded}), server up in ${Math.round(performance.now() - t1)} ms (indexes the new companies for search)`,
      );
      try {
        const headers = await login(server.base, host, email);
        results[size] = { ...(await measure(label, size, server.base, headers, ownIds[0])), sql: sqlTimes[size] };
      } finally {
        await server.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { label, results, plan };
}

/** PostgreSQL: the bench seeds through its own connection while the server runs. */
async function benchPostgres(port, databaseUrl) {
  const label = 'PostgreSQL';
  const host = `demo.localhost:${port}`;
  const email = `bench-dashboard-measured-${Date.now()}@example.com`;
  const results = {};
  const sqlTimes = {};
  let plan = [];
  const server = await boot(port, databaseUrl);
  const db = await openDatabase({ url: databaseUrl, poolSize: 2 });
  try {
    await register(server.base, host, email);
    const headers = await login(server.base, host, email);
    const [{ id: measuredId }] = await db.query('SELECT id FROM users WHERE partner_id = $1 AND email = $2', [
      PARTNER,
      email,
    ]);
    let ownIds;
    let current = OWN + SHARED;
    for (const size of SIZES) {
      const t0 = performance.now();
      if (!ownIds) ownIds = await seedBase(db, measuredId);
      const seeded = await grow(db, current, size);
      current = size;
      sqlTimes[size] = await timeList(db, measuredId);
      if (size === SIZES.at(-1)) plan = await explainList(db, measuredId);
      console.log(
        `${label.padEnd(10)} ${String(size).padStart(6)} apps  seeded in ${Math.round(performance.now() - t0)} ms (${seeded})`,
      );
      results[size] = { ...(await measure(label, size, server.base, headers, ownIds[0])), sql: sqlTimes[size] };
    }
  } finally {
    await db.close();
    await server.stop();
  }
  return { label, results, plan };
}

function report(runs) {
  const [small, large] = [SIZES[0], SIZES.at(-1)];
  const fmt = (n) => n.toLocaleString('en-US');
  const ms = (v) => (v === undefined ? '-' : `${v < 10 ? v.toFixed(2) : Math.round(v)} ms`);
  console.log(
    `\n${'database'.padEnd(11)}${'applications'.padStart(12)}   ${'list req/s'.padStart(10)} ${'list p99'.padStart(9)}   ${'detail req/s'.padStart(12)} ${'detail p99'.padStart(10)}   list SQL alone p50 / p99`,
  );
  for (const { label, results } of runs) {
    for (const size of SIZES) {
      const r = results[size];
      if (!r) continue;
      console.log(
        `${label.padEnd(11)}${fmt(size).padStart(12)}   ${String(r.list.rps).padStart(10)} ${ms(r.list.p99).padStart(9)}   ${String(r.detail.rps).padStart(12)} ${ms(r.detail.p99).padStart(10)}   ${ms(r.sql?.p50).padStart(10)} / ${ms(r.sql?.p99)}`,
      );
    }
  }
  console.log(
    `\np99(${fmt(large)}) / p99(${fmt(small)}), budget ≤ ${BUDGET} (detail: a primary-key read, the control):`,
  );
  for (const { label, results } of runs) {
    if (!results[small] || !results[large]) continue;
    const cells = ['list', 'detail'].map((route) => {
      const ratio = results[large][route].p99 / Math.max(results[small][route].p99, 1);
      return `${route} ${ratio.toFixed(2)} ${ratio <= BUDGET ? 'ok' : 'OVER'}`;
    });
    const sqlRatio = results[small].sql && results[large].sql.p99 / results[small].sql.p99;
    if (sqlRatio) cells.push(`(list SQL alone ${sqlRatio.toFixed(2)})`);
    console.log(`${label.padEnd(11)} ${cells.join('   ')}`);
  }
  for (const { label, plan } of runs) {
    console.log(
      `\n${label}: EXPLAIN (ANALYZE, BUFFERS) of the list statement at ${fmt(large)} applications (2nd run in its connection)`,
    );
    for (const line of plan) console.log(`  ${line}`);
  }
  console.log('');
}

console.log(
  `\nDashboard bench: ${USERS} users, ${SIZES.join(' / ')} applications; the measured user sees ${OWN + SHARED}; autocannon ${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s of both\n`,
);
const runs = [await benchPglite(3221)];
const pg = await freshPostgres(PG_URL).catch((err) => {
  console.log(`PostgreSQL not reachable at ${PG_URL} (${err.message}); skipped.`);
  return null;
});
if (pg) {
  try {
    runs.push(await benchPostgres(3222, pg.url));
  } finally {
    await pg.drop();
  }
}
report(runs);
