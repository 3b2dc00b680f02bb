// The time of POST /api/user/applications (create company + application, decide, price),
// sequential and with 8 concurrent clients, on PGlite and PostgreSQL. Prints; never fails.
import { buildApplicationInput } from '@finportal/testing/factories';
import { freshPostgres, loginHeaders, startServer } from './server.mjs';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = Number(process.env.BENCH_APPLICATIONS ?? 100);

// The shared classic application (@finportal/testing), without a tax number as the bench always sent it.
const body = (i) =>
  buildApplicationInput({
    loanSize: 100_000 + (i % 20) * 5_000,
    companyName: `Bench Maschinenbau ${i} GmbH`,
    taxIdNumber: undefined,
  });

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(base, headers, i) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/user/applications`, { method: 'POST', headers, body: JSON.stringify(body(i)) });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`POST /user/applications answered ${res.status}`);
  return performance.now() - t0;
}

async function benchOne(label, databaseUrl, port) {
  const server = await startServer({ port, databaseUrl });
  try {
    const host = `demo.localhost:${port}`;
    const headers = await loginHeaders(server.base, host, 'bench-apps');
    for (let i = 0; i < 5; i++) await timed(server.base, headers, i); // warm-up
    const seq = [];
    for (let i = 0; i < N; i++) seq.push(await timed(server.base, headers, i));
    const conc = [];
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < N) conc.push(await timed(server.base, headers, next++));
      }),
    );
    const wall = performance.now() - t0;
    for (const [name, xs] of [
      ['sequential', seq],
      ['8 concurrent', conc],
    ]) {
      const s = [...xs].sort((a, b) => a - b);
      console.log(
        `${label.padEnd(10)} POST /api/user/applications ${name.padEnd(13)} p50 ${pct(s, 50).toFixed(1).padStart(6)} ms   p99 ${pct(s, 99).toFixed(1).padStart(6)} ms   (${N} requests)`,
      );
    }
    console.log(`${label.padEnd(10)} 8 concurrent clients: ${((N / wall) * 1000).toFixed(0)} applications/s\n`);
  } finally {
    await server.stop();
  }
}

console.log('\nApplication creation bench\n');
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
