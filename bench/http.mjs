// autocannon, 32 connections: health, config, logged-in profile and a bare primary-key route,
// on PGlite and on PostgreSQL. Prints requests/s and p99; never fails on time.
import autocannon from 'autocannon';
import { freshPostgres, loginHeaders, startServer } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 32, duration: DURATION, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function benchOne(label, databaseUrl, port) {
  const server = await startServer({ port, databaseUrl });
  try {
    const host = `demo.localhost:${port}`;
    const { cookie } = await loginHeaders(server.base, host);
    const routes = [
      ['GET /api/health', '/api/health', {}],
      ['GET /api/config', '/api/config', { host }],
      ['GET /api/user/profile', '/api/user/profile', { host, cookie }],
      ['bare primary-key SELECT', '/api/dev/bench/primary-key', { host }],
    ];
    const out = {};
    for (const [name, path, headers] of routes) {
      const r = await run(`${server.base}${path}`, headers);
      const non2xx = r.non2xx + r.errors;
      out[name] = { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: non2xx };
      console.log(
        `${label.padEnd(10)} ${name.padEnd(26)} ${String(out[name].rps).padStart(7)} req/s   p99 ${String(out[name].p99).padStart(4)} ms${non2xx ? `   (${non2xx} errors)` : ''}`,
      );
    }
    const ratio = out['GET /api/user/profile'].rps / out['bare primary-key SELECT'].rps;
    console.log(`${label.padEnd(10)} profile / bare route: ${(ratio * 100).toFixed(0)} % (budget ≥ 40 %)\n`);
  } finally {
    await server.stop();
  }
}

console.log(`\nHTTP bench: autocannon, 32 connections, ${DURATION} s per route\n`);
await benchOne('PGlite', undefined, 3201);
const pg = await freshPostgres(PG_URL).catch((err) => {
  console.log(`PostgreSQL not reachable at ${PG_URL} (${err.message}); skipped.`);
  return null;
});
if (pg) {
  try {
    await benchOne('PostgreSQL', pg.url, 3202);
  } finally {
    await pg.drop();
  }
}
