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

/** State and start time of a process from /proc (Linux); undefined where there is no /proc. */
function procStat(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/**
 * Whether the process that wrote a lock still runs. A process killed with SIGKILL stays in the
 * process table as a zombie until its parent reaps it (a shell or supervisor may take seconds,
 * or forever), and signal 0 still reaches a zombie: a restart right after `kill -9` was refused.
 * Zombies and dead processes (state Z or X) do not hold the lock, nor does a new process that
 * got the same pid (its start time differs from the one in the lock).
 */
function isAlive(pid: number, start: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  return !start || stat.start === start;
}

/** Lock files held by this process: its own pid in a lock file proves nothing (see below). */
const heldHere = new Set<string>();

/**
 * PGlite does not lock its data directory and two writers corrupt it, so the first
 * process writes `<dataDir>/finportal.lock` (pid and host) and a second one is refused.
 * A lock left behind by a dead (or zombie) process on this host is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.resolve(dataDir, 'finportal.lock');
  // A second open in the same process corrupts the directory as surely as another process.
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(
        fd,
        JSON.stringify({
          pid: process.pid,
          host: os.hostname(),
          start: procStat(process.pid)?.start,
          since: new Date().toISOString(),
        }),
      );
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
      let holder: { pid?: number; host?: string; start?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof holder;
      } catch {
        /* unreadable: treat as stale */
      }
      const pid = holder.pid ?? 0;
      const sameHost = !holder.host || holder.host === os.hostname();
      // Our own pid in a lock we do not hold is a leftover of an earlier process that had the
      // same pid (pid 1 in a restarted container): stale.
      if (pid && pid !== process.pid && (!sameHost || isAlive(pid, holder.start)))
        throw new DataDirLockedError(dataDir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
