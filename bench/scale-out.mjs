// Scale-out: the logged-in application list (GET /api/user/applications) on one instance and on
// two behind nginx (round robin), the built API on one fresh PostgreSQL database, in one run.
// Prints req/s, p50/p99, the ratio two / one (goal ≥ 1.7 on a machine with cores to spare) and
// the CPU time each process used during each measurement, since on a small machine the API
// processes, nginx, PostgreSQL and the load generator share the same cores. Never fails on time.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildRegistration } from '@finportal/testing/factories';
import { ROOT } from './server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP = 3; // s on both instances through nginx before measuring: JIT, plan and catalog caches
const SESSIONS = 4; // logged-in users, each sees its own applications; the requests take turns
const OWN = 10; // applications of each measured user
const OTHERS = 200; // other users of the partner …
const OTHER_APPLICATIONS = 2_000; // … and their applications
const NGINX_WORKERS = Number(process.env.BENCH_NGINX_WORKERS ?? 1);
const GOAL = 1.7;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NGINX = '/usr/sbin/nginx';
const PARTNER = 'demo';
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const { default: pg } = await import(path.join(ROOT, 'node_modules/pg/lib/index.js'));

// ---------------------------------------------------------------- processes and their CPU time

/** utime + stime (+ the reaped children's, with `children`) of a process, in seconds; null once gone. */
function cpuSeconds(pid, children = false) {
  let stat;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces and brackets): state is field 3.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / CLK_TCK;
}

/** Every process as [pid, ppid, command name]. */
function processes() {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push([Number(entry), ppid, comm]);
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/**
 * CPU seconds of a process tree so far: the root with its reaped children, plus its live
 * children (nginx's workers, PostgreSQL's backends: a backend that exits in between moves into
 * the root's reaped count, so nothing is lost or counted twice).
 */
function treeCpu(rootPid) {
  let total = cpuSeconds(rootPid, true) ?? 0;
  for (const [pid, ppid] of processes()) if (ppid === rootPid) total += cpuSeconds(pid) ?? 0;
  return total;
}

/** The PostgreSQL backends serving `database` on this machine (their titles name it): pid → CPU seconds. */
function backendsCpu(database) {
  const out = new Map();
  for (const [pid, , comm] of processes()) {
    if (comm !== 'postgres') continue;
    try {
      const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (title.includes(` ${database} `)) out.set(pid, cpuSeconds(pid) ?? 0);
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** Busy and total jiffies of the whole machine (every core), from /proc/stat. */
function machineTicks() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUp(url, child, label) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${label} exited while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${label} did not come up at ${url}`);
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  return new Promise((r) => child.once('exit', r));
}

/** The API as in production behind a balancer (the same setup as apps/api/src/test/scale-out/instances.ts). */
function startInstance(port, databaseUrl, publicBaseUrl, dir) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: publicBaseUrl,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(dir, 'data'),
    WEB_DIST_DIR: path.join(dir, 'no-web-dist'),
    RATE_REGISTER_PER_IP: '100000',
    RATE_LOGIN_PER_IP: '100000',
  };
  return spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * nginx in the foreground, everything in `dir`: one port balancing both instances (round robin),
 * one port in front of instance 1 alone (what nginx itself costs).
 */
function nginxConfig(dir, bothPort, onePort, [p1, p2]) {
  const location = (upstream) => `    location / {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }`;
  return `worker_processes ${NGINX_WORKERS};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream both { server 127.0.0.1:${p1}; server 127.0.0.1:${p2}; keepalive 64; }
  upstream one { server 127.0.0.1:${p1}; keepalive 64; }
  server {
    listen 127.0.0.1:${bothPort};
${location('both')}
  }
  server {
    listen 127.0.0.1:${onePort};
${location('one')}
  }
}
`;
}

// ---------------------------------------------------------------- data, as bench/dashboard.mjs seeds it

// Application number g → its row and its own company; short_id: g times an odd constant modulo
// 2^40 in 8 base32 digits (unique, of the CHECK's form).
const APPLICATION_ROWS = `
  SELECT sid.short_id, $1::text, src.user_id, src.company_id, 'Open', lt.loan_type,
    CASE lt.loan_type WHEN 'working_capital_loan' THEN 'general_liquidity'
                      WHEN 'event_driven_financing_loan' THEN 'project' ELSE 'factoring' END,
    CASE WHEN lt.loan_type <> 'factoring' THEN 50000 + (src.g % 40) * 5000 END,
    CASE WHEN lt.loan_type <> 'factoring' THEN 12 + (src.g % 5) * 12 END,
    'EUR', CASE WHEN lt.loan_type <> 'factoring' THEN 'operating_expenses' END,
    CASE WHEN lt.loan_type = 'factoring' THEN 250000 + (src.g % 10) * 50000 END,
    CASE WHEN lt.loan_type = 'factoring' THEN src.g % 3 = 0 END,
    CASE WHEN lt.loan_type = 'factoring' THEN 2000000 END,
    now() - src.g * interval '1 hour', now() - src.g * interval '1 hour'
  FROM src
  CROSS JOIN LATERAL (SELECT CASE WHEN src.g % 10 < 6 THEN 'working_capital_loan'
                                  WHEN src.g % 10 < 8 THEN 'event_driven_financing_loan'
                                  ELSE 'factoring' END AS loan_type) lt
  CROSS JOIN LATERAL (
    SELECT string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', (((src.g::bigint * 1099511627) % 1099511627776
             >> (5 * k)) & 31)::int + 1, 1), '' ORDER BY k DESC) AS short_id
    FROM generate_series(0, 7) k) sid`;

/** Applications g = $2..$3 (with a company each) for the users `users` CTE numbers k = 0..n-1. */
const INSERT_APPLICATIONS = (usersCte, n) => `
  WITH ${usersCte},
  src AS (SELECT g, u.user_id, gen_random_uuid() AS company_id FROM generate_series($2::int, $3::int) g
          JOIN users_k u ON u.k = g % ${n}),
  comp AS (
    INSERT INTO companies (id, partner_id, name, street, house_number, postcode, city, country, company_type, created_by)
    SELECT src.company_id, $1::text, 'Bench Maschinenbau ' || src.g || ' GmbH', 'Hauptstraße', (1 + src.g % 90)::text,
           '10115', 'Berlin', 'DE', 'GMBH', src.user_id
    FROM src)
  INSERT INTO applications (short_id, partner_id, user_id, company_id, status, loan_type, product_type, amount,
    duration_months, currency, purpose_select, factoring_limit, has_international_customers,
    annual_sales_previous_year, created_at, updated_at)
  ${APPLICATION_ROWS}`;

const usersLike = (pattern) => `users_k AS (
  SELECT u.id AS user_id, (row_number() OVER (ORDER BY u.email) - 1)::int AS k
  FROM users u WHERE u.partner_id = $1::text AND u.email LIKE '${pattern}')`;

async function post(base, url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res;
}

/** SESSIONS users registered and logged in through the API, OTHERS more by SQL, and their applications. */
async function seed(db, base) {
  const tag = randomBytes(4).toString('hex');
  const cookies = [];
  for (let i = 0; i < SESSIONS; i++) {
    const registration = buildRegistration({ email: `bench-scale-${tag}-${i}@example.com` });
    const reg = await post(base, '/api/user/users', registration);
    if (!reg.ok) throw new Error(`bench registration failed: ${reg.status}`);
    const { email, password } = registration;
    const login = await post(base, '/api/user/account/login', { email, password });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (!login.ok || !cookie) throw new Error(`bench login failed: ${login.status}`);
    cookies.push(cookie);
  }
  await db.query(
    `INSERT INTO users (partner_id, email, email_confirmed_at, accepted_terms_at)
     SELECT $1::text, 'bench-scale-other-' || g || '@example.com', now(), now() FROM generate_series(1, $2::int) g`,
    [PARTNER, OTHERS],
  );
  await db.query(INSERT_APPLICATIONS(usersLike(`bench-scale-${tag}-%`), SESSIONS), [PARTNER, 1, SESSIONS * OWN]);
  await db.query(INSERT_APPLICATIONS(usersLike('bench-scale-other-%'), OTHERS), [
    PARTNER,
    SESSIONS * OWN + 1,
    SESSIONS * OWN + OTHER_APPLICATIONS,
  ]);
  await db.query('VACUUM ANALYZE users, companies, applications, signatories');
  return cookies;
}

// ---------------------------------------------------------------- measurement

function run(url, cookies, duration, connections = CONNECTIONS) {
  let turn = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            // The sessions take turns, request by request.
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: cookies[turn++ % cookies.length] } }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * One measurement with the CPU seconds each process used meanwhile: `pids` ({label: [pid, tree?]}),
 * the PostgreSQL backends of `database`, autocannon (this process) and the whole machine.
 */
async function measure(label, url, cookies, pids, database) {
  const read = () =>
    Object.fromEntries(
      Object.entries(pids).map(([name, [pid, tree]]) => [name, tree ? treeCpu(pid) : cpuSeconds(pid)]),
    );
  const before = read();
  const pgBefore = backendsCpu(database);
  const machine0 = machineTicks();
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await run(url, cookies, DURATION);
  const seconds = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(self0);
  const machine1 = machineTicks();
  const after = read();
  const cpu = Object.fromEntries(Object.keys(pids).map((name) => [name, after[name] - before[name]]));
  // A backend that started meanwhile counts from zero; one that ended meanwhile (rare under load) is missed.
  cpu['pg backends'] = [...backendsCpu(database)].reduce((sum, [pid, s]) => sum + s - (pgBefore.get(pid) ?? 0), 0);
  cpu.autocannon = (self.user + self.system) / 1e6;
  const out = {
    label,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    seconds,
    cpu,
    // The whole machine's busy share of all its cores: other work on it shows here.
    machine: (machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total),
    load: os.loadavg()[0],
  };
  console.log(
    `${label.padEnd(26)} ${String(out.rps).padStart(6)} req/s   p50 ${String(out.p50).padStart(3)} ms   p99 ${String(out.p99).padStart(3)} ms${out.errors ? `   (${out.errors} errors)` : ''}`,
  );
  return out;
}

const TARGETS = ['one instance, directly', 'one instance, via nginx', 'two instances, via nginx'];

function report(results) {
  const pct = (s, seconds) => `${Math.round((s / seconds) * 100)}%`;
  const cols = Object.keys(results[0].cpu);
  console.log(
    `\nCPU used during each ${DURATION} s measurement, as % of one core (100% = one core busy the whole time; ${os.cpus().length} cores here).` +
      '\nmachine: busy share of all cores, other work on the machine included; load: 1-minute load average after it.',
  );
  console.log(
    `${'target'.padEnd(26)} ${'req/s'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(7)} ${cols.map((c) => c.padStart(12)).join('')} ${'machine'.padStart(8)} ${'load'.padStart(5)}`,
  );
  for (const r of results) {
    console.log(
      `${r.label.padEnd(26)} ${String(r.rps).padStart(6)} ${`${r.p50} ms`.padStart(6)} ${`${r.p99} ms`.padStart(7)} ${cols
        .map((c) => pct(r.cpu[c], r.seconds).padStart(12))
        .join('')} ${`${Math.round(r.machine * 100)}%`.padStart(8)} ${r.load.toFixed(2).padStart(5)}`,
    );
  }
  const total = (label) => results.filter((r) => r.label === label).reduce((sum, r) => sum + r.rps, 0);
  const ratio = total(TARGETS[2]) / total(TARGETS[0]);
  const overhead = total(TARGETS[1]) / total(TARGETS[0]);
  console.log(
    `\ntwo instances behind nginx / one instance directly: ${ratio.toFixed(2)} (goal ≥ ${GOAL}: ${ratio >= GOAL ? 'met' : 'not met'});` +
      ` one instance via nginx / directly: ${overhead.toFixed(2)}`,
  );
  if (os.cpus().length < 4) {
    console.log(
      `With ${os.cpus().length} cores the second instance shares them with the first, nginx, PostgreSQL and autocannon:` +
        ' this machine shows the trend only (see the CPU columns); the goal needs a core per instance to spare.',
    );
  }
  console.log('');
}

// ---------------------------------------------------------------- the run

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'apps/api/dist/main.js'))) {
    console.log('Scale-out bench: the API is not built (npm run build); skipped.');
    return;
  }
  if (!fs.existsSync(NGINX)) {
    console.log(`Scale-out bench: nginx is not installed at ${NGINX} (apt-get install nginx-light); skipped.`);
    return;
  }
  const name = `fp_scale_${randomBytes(5).toString('hex')}`;
  const adminQuery = async (statement) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  try {
    await adminQuery(`CREATE DATABASE ${name}`);
  } catch (err) {
    console.log(`Scale-out bench: PostgreSQL not reachable at ${PG_URL} (${err.message}); skipped.`);
    return;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-scale-bench-'));
  fs.chmodSync(dir, 0o755); // nginx's workers drop root's rights
  const children = [];
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const [bothPort, onePort, p1, p2] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const publicBaseUrl = `http://localhost:${bothPort}`;
    const instances = [p1, p2].map((port) => startInstance(port, databaseUrl, publicBaseUrl, dir));
    children.push(...instances);
    await Promise.all(
      instances.map((c, i) => waitUp(`http://127.0.0.1:${[p1, p2][i]}/api/health`, c, `instance ${i + 1}`)),
    );
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(dir, bothPort, onePort, [p1, p2]));
    const nginx = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.unshift(nginx);
    await waitUp(`http://127.0.0.1:${bothPort}/api/health`, nginx, 'nginx');

    const t0 = performance.now();
    const query = (text, params) => db.query(text, params).then((r) => r.rows);
    const cookies = await seed({ query }, `http://127.0.0.1:${bothPort}`);
    console.log(
      `\nScale-out bench: GET /api/user/applications, ${SESSIONS} sessions (${OWN} applications each; the partner holds ${SESSIONS * OWN + OTHER_APPLICATIONS}),` +
        ` autocannon ${CONNECTIONS} connections, ${DURATION} s per target and round (${ROUNDS} rounds) after ${WARMUP} s on both; PostgreSQL, nginx ${NGINX_WORKERS} worker(s); seeded in ${Math.round(performance.now() - t0)} ms\n`,
    );
    const list = (port) => `http://127.0.0.1:${port}/api/user/applications`;
    const check = await fetch(list(bothPort), { headers: { cookie: cookies[0] } });
    const body = await check.json();
    if (!check.ok || body.applications?.length !== OWN) {
      throw new Error(`the list answered ${check.status} with ${body.applications?.length} applications`);
    }
    await run(list(bothPort), cookies, WARMUP);

    const pids = { 'api #1': [instances[0].pid, false], 'api #2': [instances[1].pid, false], nginx: [nginx.pid, true] };
    const urls = [list(p1), list(onePort), list(bothPort)];
    const results = [];
    // Rounds take turns over the targets, so that a change of the machine's other load hits all of them.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, label] of TARGETS.entries()) results.push(await measure(label, urls[i], cookies, pids, name));
    }
    report(results);
  } finally {
    await db.end();
    for (const child of children) await stopChild(child);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
