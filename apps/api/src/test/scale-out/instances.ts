// The built API as several processes on one fresh PostgreSQL database, with nginx in front of
// them (round robin): the scale-out setup of ARCHITECTURE.md, for the *.scale.test.ts files.
// bench/scale-out.mjs starts the same setup in plain JavaScript (Node 20 runs no TypeScript).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../config/env.js';

export const MAIN_JS = path.join(REPO_ROOT, 'apps/api/dist/main.js');
export const NGINX = '/usr/sbin/nginx';
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Throws, saying what to do, when the built API, nginx or the PostgreSQL server is missing. */
export async function assertPrerequisites(serverUrl: string): Promise<void> {
  if (!fs.existsSync(MAIN_JS)) {
    throw new Error(
      `The scale-out tests run the built API, and ${MAIN_JS} is missing: run ` +
        '`npm run build -w @finportal/contracts && npm run build -w @finportal/api` first.',
    );
  }
  if (!fs.existsSync(NGINX)) {
    throw new Error(
      `The scale-out tests need nginx at ${NGINX}: \`apt-get install nginx-light\` (scripts/test.sh installs it).`,
    );
  }
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `The scale-out tests need a PostgreSQL server at ${serverUrl} (TEST_DATABASE_URL), which answered: ` +
        `${(err as Error).message}. Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`,
      { cause: err },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

export interface HttpRequest {
  method?: string;
  /** Path with query, e.g. /api/user/profile. */
  path: string;
  /** The Host header (fetch cannot set it); default the base URL's host. */
  host?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One HTTP request with any Host header; a new connection each time. */
export function request(base: string, req: HttpRequest): Promise<HttpAnswer> {
  const url = new URL(req.path, base);
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  const headers: Record<string, string> = {
    host: req.host ?? url.host,
    ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    ...req.headers,
  };
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method ?? 'GET',
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T });
        });
      },
    );
    r.on('error', reject);
    r.end(payload);
  });
}

export interface ApiInstance {
  /** 1-based, in upstream order. */
  index: number;
  port: number;
  /** http://127.0.0.1:<port>, the instance itself (not through nginx). */
  base: string;
  readonly pid: number;
  /** What the process wrote (stdout and stderr, the last 256 KB). */
  output(): string;
  /** Its log lines at level error or above (pino JSON). */
  errorLines(): string[];
  /** Ends it without warning, as a crash or an OOM kill would; resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts it again after kill(), on the same port and environment; resolves once it answers. */
  restart(): Promise<void>;
  readonly exited: boolean;
}

export interface ScaleOut {
  /** The fresh database the instances share. */
  databaseUrl: string;
  databaseName: string;
  instances: ApiInstance[];
  /** nginx in front of every instance: http://127.0.0.1:<port>. */
  balancer: { base: string; port: number; pid: number; dir: string };
  /** The PUBLIC_BASE_URL of every instance (nginx's address, as localhost). */
  publicBaseUrl: string;
  /** Raw SQL on the shared database. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Stops nginx and every instance, drops the database, removes the temp dir. */
  close(): Promise<void>;
}

export interface ScaleOutOptions {
  /** PostgreSQL server (an admin connection string); a fresh database is created there. */
  serverUrl: string;
  instances?: number;
  /** Environment of every instance on top of the defaults below. */
  env?: Record<string, string>;
  /** nginx worker processes (default 1: on a small machine the API processes need the cores). */
  nginxWorkers?: number;
}

const OUTPUT_LIMIT = 256 * 1024;

/** Children still running, killed if the test process exits without close(). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function track(child: ChildProcess, label: string) {
  let output = '';
  let exited = false;
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  running.add(child);
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      running.delete(child);
      output += `\n[${label} exited: ${signal ?? `code ${code}`}]`;
      resolve();
    });
  });
  return {
    output: () => output,
    exit,
    get exited() {
      return exited;
    },
  };
}

/** Polls `url` until it answers 200; fails early when the process exits. */
async function waitUntilUp(
  url: string,
  proc: { exited: boolean; output(): string },
  label: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`${label} exited while starting:\n${proc.output()}`);
    try {
      const res = await request(url, { path: new URL(url).pathname });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${label} did not answer ${url} within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

async function stop(child: ChildProcess, exit: Promise<void>, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exit;
  clearTimeout(timer);
}

/**
 * nginx in front of the ports, round robin (nginx's default): everything in `dir`, in the
 * foreground. The Host header is passed on as the client sent it, port included (`$http_host`;
 * `$host` drops the port, and the API's Origin check compares host and port).
 */
export function nginxConfig(dir: string, listenPort: number, upstreamPorts: number[], workers = 1): string {
  const servers = upstreamPorts.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  return `worker_processes ${workers};
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
  client_max_body_size 2m;
  upstream finportal {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://finportal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Which instance answered, for the tests (nginx's own header; the API adds nothing).
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** Starts `instances` API processes on a fresh database and nginx in front of them. */
export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const count = options.instances ?? 2;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-scale-'));
  // nginx's workers drop root's rights: they must reach the temp paths.
  fs.chmodSync(dir, 0o755);
  const databaseName = `fp_scale_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(options.serverUrl);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  const children: { child: ChildProcess; exit: Promise<void> }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let created = false;

  const close = async () => {
    // nginx first (no request reaches a stopping instance), then the instances, gracefully.
    for (const { child, exit } of children.reverse()) await stop(child, exit, 'SIGTERM');
    await pool.end().catch(() => undefined);
    if (created) await admin(options.serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await admin(options.serverUrl, `CREATE DATABASE ${databaseName}`);
    created = true;
    const nginxPort = await freePort();
    const publicBaseUrl = `http://localhost:${nginxPort}`;
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());

    const instances: ApiInstance[] = [];
    for (const [i, port] of ports.entries()) {
      // An explicit environment: nothing of the test process (its DATABASE_URL, NODE_ENV=test…) leaks in.
      const env: Record<string, string> = {
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '10',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: publicBaseUrl,
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIST_DIR: path.join(dir, 'no-web-dist'),
        ...options.env,
      };
      const launch = () => {
        const child = spawn(process.execPath, [MAIN_JS], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        const proc = track(child, `instance ${i + 1}`);
        children.push({ child, exit: proc.exit });
        return { child, proc };
      };
      let current = launch();
      const instance: ApiInstance = {
        index: i + 1,
        port,
        base: `http://127.0.0.1:${port}`,
        get pid() {
          return current.child.pid ?? -1;
        },
        output: () => current.proc.output(),
        errorLines: () =>
          current.proc
            .output()
            .split('\n')
            .filter((line) => {
              try {
                return (JSON.parse(line) as { level?: number }).level! >= 50;
              } catch {
                return false;
              }
            }),
        kill: async () => {
          current.child.kill('SIGKILL');
          await current.proc.exit;
        },
        restart: async () => {
          if (!current.proc.exited) throw new Error(`instance ${i + 1} is still running`);
          current = launch();
          await waitUntilUp(`${instance.base}/api/health`, instance, `instance ${i + 1}`, 60_000);
        },
        get exited() {
          return current.proc.exited;
        },
      };
      instances.push(instance);
    }
    // All at once, as a deployment starts them: boot (migrations, seeding) must cope with that.
    await Promise.all(
      instances.map((inst) => waitUntilUp(`${inst.base}/api/health`, inst, `instance ${inst.index}`, 120_000)),
    );

    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(dir, nginxPort, ports, options.nginxWorkers ?? 1));
    const nginx = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    const nginxProc = track(nginx, 'nginx');
    children.push({ child: nginx, exit: nginxProc.exit });
    const balancerBase = `http://127.0.0.1:${nginxPort}`;
    await waitUntilUp(
      `${balancerBase}/api/health`,
      {
        get exited() {
          return nginxProc.exited;
        },
        output: () =>
          `${nginxProc.output()}\n${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`,
      },
      'nginx',
      20_000,
    );

    return {
      databaseUrl,
      databaseName,
      instances,
      balancer: { base: balancerBase, port: nginxPort, pid: nginx.pid ?? -1, dir },
      publicBaseUrl,
      sql: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
