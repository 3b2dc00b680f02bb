// `npm start`: builds what is missing or stale, then runs the portal (one process).
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
const sources = Math.max(
  newest(path.join(root, 'packages/contracts/src')),
  newest(path.join(root, 'apps/api/src')),
  newest(path.join(root, 'apps/web/src')),
  fs.statSync(path.join(root, 'apps/web/index.html')).mtimeMs,
);
const built = Math.min(newest(path.join(root, 'apps/api/dist')), newest(path.join(root, 'apps/web/dist')));
if (process.argv.includes('--build') || built === 0 || built < sources) {
  console.log('Building finportal (contracts, API, web)...');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
await import(path.join(root, 'apps/api/dist/main.js'));
