// Starts the built portal as a child process for a bench and waits until it answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startServer({ port, databaseUrl, extraEnv = {} }) {
  const base = `http://localhost:${port}`;
  const taken = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken (a bench server left running?)`);
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
  // Up within 2 minutes (PGlite's first migration is slow on a busy machine); a server that exits
  // (port taken...) fails the bench rather than let it measure whatever else answers there.
  let exited = null;
  child.once('exit', (code) => (exited = code ?? 'signal'));
  for (let i = 0; ; i++) {
    if (exited !== null) throw new Error(`bench server on port ${port} exited (${exited})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (i >= 600) {
      child.kill('SIGTERM');
      throw new Error(`bench server on port ${port} not up after 2 minutes`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
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

/**
 * A new account on a partner, e-mail confirmed through the dev mailbox (the server needs its dev
 * routes), logged in: the session cookie (`name=value`) and the address.
 */
export async function confirmedSession(base, partner, prefix = 'bench') {
  const host = `${partner}.${new URL(base).host}`;
  const headers = { 'content-type': 'application/json', host };
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench#Pass1';
  const registered = await fetch(`${base}/api/user/users`, {
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
  if (!registered.ok) throw new Error(`bench register failed: ${registered.status}`);
  let token = null;
  for (let i = 0; i < 50 && !token; i++) {
    const res = await fetch(`${base}/api/dev/mailbox/messages?to=${encodeURIComponent(email)}`, { headers: { host } });
    if (!res.ok) throw new Error(`dev mailbox: ${res.status} (start the server with ENABLE_DEV_ROUTES=true)`);
    const mail = (await res.json()).messages.find((m) => m.template === 'confirm_email');
    token = mail ? new URL(/https?:\/\/\S+/.exec(mail.text)[0]).searchParams.get('confirmation_token') : null;
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error('bench: no confirmation mail');
  const confirmed = await fetch(`${base}/api/user/account/confirm_email/${token}`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (!confirmed.ok) throw new Error(`bench confirm failed: ${confirmed.status}`);
  const res = await fetch(`${base}/api/user/account/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`bench login failed: ${res.status}`);
  return { cookie, email };
}
