import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another finportal process (pid ${pid}). ` +
        'PGlite allows one process per data directory: stop the other process, choose another DATA_DIR, ' +
        'or set DATABASE_URL to run several instances on PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files held by this process: its own pid in a lock file proves nothing (see below). */
const heldHere = new Set<string>();

/**
 * PGlite does not lock its data directory and two writers corrupt it, so the first
 * process writes `<dataDir>/finportal.lock` (pid and host) and a second one is refused.
 * A lock left behind by a dead process on this host is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.resolve(dataDir, 'finportal.lock');
  // A second open in the same process corrupts the directory as surely as another process.
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }));
      fs.closeSync(fd);
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        process.off('exit', release);
        try {
          fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder: { pid?: number; host?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof holder;
      } catch {
        /* unreadable: treat as stale */
      }
      const pid = holder.pid ?? 0;
      const sameHost = !holder.host || holder.host === os.hostname();
      // Our own pid in a lock we do not hold is a leftover of an earlier process that had the
      // same pid (pid 1 in a restarted container): stale.
      if (pid && pid !== process.pid && (!sameHost || isAlive(pid))) throw new DataDirLockedError(dataDir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
