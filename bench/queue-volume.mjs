// The back office at a bank's volume (issue 28, ADR 041): the built server on a fresh PostgreSQL
// database, seeded through SQL (packages/testing/src/volume.ts: partners, statuses, amounts over
// five years, assignees) to 10,000, 100,000 and 1,000,000 applications in turn. At each volume,
// 8 concurrent staff members call each route; prints p50 and p99 of every route beside the health
// route, and the first byte of the CSV export. Goal: every queue route p99 ≤ 100 ms at 1M and
// within 2× of its own p99 at 10k; the CSV's first byte within 200 ms. Never fails on figures.
//
//   node bench/queue-volume.mjs                      (10k, 100k, 1M; ~15 min, 2 GB of disk)
//   BENCH_QUEUE_VOLUMES=10000,100000 node bench/queue-volume.mjs
//   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/test: its server)
import path from 'node:path';
import { TOTP } from 'otpauth';
import { volumeSeedStatements } from '@finportal/testing/volume';
import { ROOT, freshPostgres, startServer } from './server.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const VOLUMES = (process.env.BENCH_QUEUE_VOLUMES ?? '10000,100000,1000000').split(',').map(Number);
const CONCURRENCY = 8;
const REQUESTS = Number(process.env.BENCH_QUEUE_REQUESTS ?? 200);
const PORT = 3471;

const { default: pg } = await import(path.join(ROOT, 'node_modules/pg/lib/index.js'));

/** A staff account through the dev route, logged in: the cookie header for `host`. */
async function staffSession(base, host, body) {
  const created = await fetch(`${base}/api/dev/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host },
    body: JSON.stringify(body),
  });
  if (created.status !== 201) throw new Error(`dev staff: ${created.status} ${await created.text()}`);
  const staff = await created.json();
  const code = new TOTP({ secret: staff.totp_secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const res = await fetch(`${base}/api/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host },
    body: JSON.stringify({ email: staff.email, password: staff.password, code }),
  });
  if (!res.ok) throw new Error(`staff login: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: staff.id, headers: { host, cookie } };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `REQUESTS` calls of a route, `CONCURRENCY` at a time: p50 and p99 in ms, and the answers' sizes. */
async function measure(base, route) {
  const times = [];
  let bytes = 0;
  let failed = 0;
  let firstFailure = '';
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const url = typeof route.url === 'function' ? route.url(i) : route.url;
      const start = performance.now();
      const res = await fetch(`${base}${url}`, { headers: route.headers });
      const body = await res.arrayBuffer();
      times.push(performance.now() - start);
      bytes += body.byteLength;
      if (!res.ok) {
        failed += 1;
        firstFailure ||= `${res.status} ${url}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    kb: bytes / times.length / 1024,
    failed,
    firstFailure,
  };
}

/** Time to the first byte of the CSV export (unfiltered, every row), the rest not read. */
async function csvFirstByte(base, headers) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const controller = new AbortController();
    const start = performance.now();
    const res = await fetch(`${base}/api/backoffice/applications.csv`, { headers, signal: controller.signal });
    const reader = res.body.getReader();
    await reader.read();
    times.push(performance.now() - start);
    controller.abort();
    await reader.cancel().catch(() => undefined);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const database = await freshPostgres(ADMIN_URL);
const server = await startServer({ port: PORT, databaseUrl: database.url, extraEnv: { ENABLE_DEV_ROUTES: 'true' } });
const seedClient = new pg.Client({ connectionString: database.url });
await seedClient.connect();
const results = [];
try {
  const host = `demo.localhost:${PORT}`;
  const platform = await staffSession(server.base, host, { kind: 'bouser' });
  const partner = await staffSession(server.base, host, { kind: 'puser', partner: 'demo', role: 'role_partner_user' });
  const colleagues = [platform.id];
  for (let i = 0; i < 5; i++) colleagues.push((await staffSession(server.base, host, { kind: 'bouser' })).id);
  let seeded = 0;
  for (const volume of VOLUMES) {
    const started = performance.now();
    const statements = volumeSeedStatements({
      applications: volume - seeded,
      tag: `v${volume}`,
      assignees: colleagues,
    });
    for (const statement of statements) await seedClient.query(statement);
    seeded = volume;
    console.log(
      `seeded ${volume.toLocaleString('en')} applications in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const sample = (
      await seedClient.query(`SELECT id, short_id, company_name FROM applications ORDER BY short_id LIMIT 200`)
    ).rows;
    const q = (query) => `/api/backoffice/applications?${query}`;
    const deep = await (await fetch(`${server.base}${q('page=400')}`, { headers: platform.headers })).json();
    const routes = [
      { name: 'health', url: '/api/health' },
      { name: 'queue, default page (all partners)', url: q(''), headers: platform.headers },
      { name: 'queue sorted by amount', url: q('sort=-amount'), headers: platform.headers },
      { name: 'queue sorted by company (one partner)', url: q('sort=company'), headers: partner.headers },
      { name: 'queue page 500 (offset)', url: q('page=500'), headers: platform.headers },
      { name: 'queue page after a cursor at 10,000', url: q(`after=${deep.next_cursor}`), headers: platform.headers },
      {
        name: 'queue group in_review, oldest first',
        url: q('group=in_review&sort=status_since'),
        headers: platform.headers,
      },
      { name: 'queue assigned to me', url: q('assignee=me'), headers: platform.headers },
      {
        name: 'queue search, company fragment',
        url: (i) =>
          q(`q=${encodeURIComponent(sample[i % sample.length].company_name.split(' ').slice(0, 2).join(' '))}`),
        headers: platform.headers,
      },
      {
        name: 'queue search, short id fragment',
        url: (i) => q(`q=${sample[i % sample.length].short_id.slice(1, 6)}`),
        headers: platform.headers,
      },
      {
        name: 'queue search, whole short id',
        url: (i) => q(`q=${sample[i % sample.length].short_id}`),
        headers: platform.headers,
      },
      {
        name: 'case page',
        url: (i) => `/api/backoffice/applications/${sample[i % sample.length].id}`,
        headers: platform.headers,
      },
    ];
    for (const route of routes) {
      const figures = await measure(server.base, { headers: {}, ...route });
      results.push({ volume, route: route.name, ...figures });
      console.log(
        `${volume.toLocaleString('en').padStart(9)}  ${route.name.padEnd(40)} p50 ${figures.p50.toFixed(1).padStart(7)} ms  p99 ${figures.p99
          .toFixed(1)
          .padStart(
            7,
          )} ms  ${figures.kb.toFixed(1).padStart(6)} KB${figures.failed ? `  ${figures.failed} failed (${figures.firstFailure})` : ''}`,
      );
    }
    const first = await csvFirstByte(server.base, platform.headers);
    results.push({ volume, route: 'CSV export, first byte (median of 5)', p50: first, p99: first, kb: 0, failed: 0 });
    console.log(
      `${volume.toLocaleString('en').padStart(9)}  ${'CSV export, first byte (median of 5)'.padEnd(40)} ${first.toFixed(1)} ms`,
    );
  }
} finally {
  await seedClient.end();
  await server.stop();
  await database.drop();
}

console.log('\np99 in ms by volume (goal at 1M: ≤ 100 ms and ≤ 2× the 10k figure)');
const names = [...new Set(results.map((r) => r.route))];
console.log(`${'route'.padEnd(42)}${VOLUMES.map((v) => v.toLocaleString('en').padStart(12)).join('')}`);
for (const name of names) {
  const row = VOLUMES.map((v) => results.find((r) => r.route === name && r.volume === v));
  console.log(`${name.padEnd(42)}${row.map((r) => (r ? r.p99.toFixed(1) : '-').padStart(12)).join('')}`);
}
