// Starts the built portal as a child process for a bench and waits until it answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startServer({ port, databaseUrl, extraEnv = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-bench-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LOGIN_PER_IP: '100000',
    RATE_REGISTER_PER_IP: '100000',
    RATE_COMPANY_SEARCH_PER_IP: '1000000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database for one bench run; dropped by the returned function. */
export async function freshPostgres(adminUrl) {
  const { default: pg } = await import(path.join(ROOT, 'node_modules/pg/lib/index.js'));
  const name = `fp_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Registers an account on the demo partner and logs it in; answers the request headers to use. */
export async function loginHeaders(base, host, prefix = 'bench') {
  const headers = { 'content-type': 'application/json', host };
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench#Pass1';
  await fetch(`${base}/api/user/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      password,
      accepted_terms: true,
      interface_language: 'de',
      communication_language: 'de',
    }),
  });
  const res = await fetch(`${base}/api/user/account/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`bench login failed: ${res.status}`);
  return { ...headers, cookie };
}
