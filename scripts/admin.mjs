// `npm run admin -- <command>`: builds the API when it is missing or stale, then runs its admin
// command (apps/api/src/admin.ts) on the portal's database (DATA_DIR / DATABASE_URL).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const newest = (dir) => {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, fs.statSync(path.join(e.parentPath ?? e.path, e.name)).mtimeMs);
  }
  return t;
};
const sources = Math.max(newest(path.join(root, 'packages/contracts/src')), newest(path.join(root, 'apps/api/src')));
const built = Math.min(newest(path.join(root, 'packages/contracts/dist')), newest(path.join(root, 'apps/api/dist')));
if (built === 0 || built < sources) {
  console.log('Building the API (contracts, API)...');
  for (const ws of ['@finportal/contracts', '@finportal/api']) {
    const res = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}
const { runAdmin } = await import(path.join(root, 'apps/api/dist/admin.js'));
process.exit(await runAdmin(process.argv.slice(2)));
