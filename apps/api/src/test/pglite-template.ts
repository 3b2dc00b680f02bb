import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh PGlite spends ~3 s in initdb; loading a dump of a just-initialised cluster takes
 * ~0.5 s. The dump (an empty cluster, no migrations: every test database still runs them)
 * is cached in the temp directory per PGlite version and shared by all test workers.
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

const templateFile = () => path.join(os.tmpdir(), `finportal-test-pglite-${pgliteVersion()}.tar`);

let cached: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= loadOrCreate();
  return cached;
}

async function loadOrCreate(): Promise<Blob> {
  const file = templateFile();
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  // Uncompressed: about 40 MB, but it loads ~0.2 s faster than the gzipped 5 MB, in every test file.
  const dump = await pg.dumpDataDir('none');
  await pg.close();
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
