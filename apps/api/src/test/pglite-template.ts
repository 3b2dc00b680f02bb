import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migrate, openDatabase } from '../db/client.js';
import { seedDemoRegistry } from '../platform/company-registry-demo.js';
import { asOfMonth, demoDatasetKey } from '../platform/company-registry-demo-data.js';

/**
 * A fresh PGlite spends ~3 s in initdb, the migrations about 1 s and the demo registry seed
 * 2-3 s; loading a dump of a cluster with all that done takes ~0.5 s. The dump is cached in the
 * temp directory, keyed by PGlite version, the migration files and the demo registry's data set
 * (a new month is a new data set), and shared by all test workers. Every test database still
 * runs `migrate` and `seedDemoRegistry`; on the template both find nothing to do.
 */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  for (let i = 0; i < 5; i++) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    dir = path.dirname(dir);
  }
  return 'unknown';
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

const templateFile = () =>
  path.join(
    os.tmpdir(),
    `finportal-test-pglite-${pgliteVersion()}-${migrationsHash()}-${demoDatasetKey(asOfMonth())}.tar`.replace(
      /[^A-Za-z0-9._-]/g,
      '_',
    ),
  );

let cached: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= loadOrCreate();
  return cached;
}

async function loadOrCreate(): Promise<Blob> {
  const file = templateFile();
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({});
  await migrate(database);
  await seedDemoRegistry(database.db);
  // Uncompressed: about 40 MB, but it loads ~0.2 s faster than the gzipped 5 MB, in every test file.
  const dump = await database.dump!();
  await database.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Written under a private name and renamed: a parallel worker never reads half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
  return new Blob([bytes]);
}

/** Forget a template that failed to load (e.g. a truncated file); the next call rebuilds it. */
export function discardPgliteTemplate(): void {
  cached = undefined;
  fs.rmSync(templateFile(), { force: true });
}
