// Starts the production build for the e2e tests on a fresh data directory.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startClamd } from './clamd.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dataDir = path.join(here, '../artifacts/data');
fs.rmSync(dataDir, { recursive: true, force: true });
if (
  !fs.existsSync(path.join(root, 'apps/web/dist/index.html')) ||
  !fs.existsSync(path.join(root, 'apps/api/dist/main.js'))
) {
  console.error('e2e: the production build is missing; run `npm run build` first.');
  process.exit(1);
}
const port = process.env.E2E_PORT ?? '3100';
Object.assign(process.env, {
  NODE_ENV: 'development', // the dev mailbox is how the tests read e-mail
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_BASE_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LOGIN_PER_IP: '10000',
  RATE_REGISTER_PER_IP: '10000',
  RATE_RESET_PER_IP: '10000',
  RATE_COMPANY_SEARCH_PER_IP: '100000',
  // The console spec's webhook endpoint is this server (development only; ADR 031).
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  // Uploads are checked by a real clamd in the e2e run (issue 11).
  CLAMAV_URL: await startClamd(),
});
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
await import(path.join(root, 'apps/api/dist/main.js'));
