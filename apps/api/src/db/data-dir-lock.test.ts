import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.js';

/** PGlite allows one process per data directory; the lock file enforces it. */
const dirs: string[] = [];
const locks: DataDirLock[] = [];
let liveChild: ChildProcess;

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-lock-'));
  dirs.push(dir);
  return dir;
}

const lockFile = (dir: string) => path.join(dir, 'finportal.lock');
const writeLock = (dir: string, holder: object) => fs.writeFileSync(lockFile(dir), JSON.stringify(holder));
const readLock = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number; host: string };

function acquire(dir: string): DataDirLock {
  const lock = acquireDataDirLock(dir);
  locks.push(lock);
  return lock;
}

beforeAll(async () => {
  // "Another finportal process": a child that stays alive while the tests run.
  liveChild = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    liveChild.once('spawn', () => resolve());
    liveChild.once('error', reject);
  });
});

afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
});

afterAll(() => {
  liveChild?.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('writes a lock file with pid and host, and release removes it', () => {
    const dir = tempDir();
    const lock = acquire(dir);
    expect(readLock(dir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    lock.release(); // twice is harmless
    acquire(dir); // and the directory can be locked again
  });

  it('a lock held by another live process is refused with a clear DataDirLockedError', () => {
    const dir = tempDir();
    writeLock(dir, { pid: liveChild.pid, host: os.hostname(), since: new Date().toISOString() });
    let error: unknown;
    try {
      acquire(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${liveChild.pid}`);
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('DATA_DIR');
    // The other process's lock is left alone.
    expect(readLock(dir).pid).toBe(liveChild.pid);
  });

  it('acquiring twice in a row in the same process is refused too', () => {
    const dir = tempDir();
    acquire(dir);
    expect(() => acquire(dir)).toThrow(DataDirLockedError);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it('a stale lock of a dead process is taken over', async () => {
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    const dir = tempDir();
    writeLock(dir, { pid: dead.pid, host: os.hostname(), since: '2020-01-01T00:00:00.000Z' });
    acquire(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it('the lock of a process killed with SIGKILL is taken over at once, even while it is a zombie', async () => {
    const dir = tempDir();
    // The holder writes a lock as finportal does (pid and host) and stays alive. Its parent is a
    // shell that execs into sleep and never reaps it: after kill -9 the holder stays a zombie, as
    // under a supervisor that has not called wait() yet.
    const holderScript = `require("fs").writeFileSync(${JSON.stringify(lockFile(dir))}, JSON.stringify({ pid: process.pid, host: require("os").hostname() })); setInterval(() => {}, 1000);`;
    const parent = spawn('sh', ['-c', `"$0" -e "$1" & exec sleep 20`, process.execPath, holderScript], {
      stdio: 'ignore',
    });
    try {
      let holderPid = 0;
      for (let i = 0; i < 100 && !holderPid; i++) {
        await new Promise((r) => setTimeout(r, 100));
        if (fs.existsSync(lockFile(dir))) holderPid = readLock(dir).pid;
      }
      expect(holderPid).toBeGreaterThan(0);
      expect(() => acquire(dir)).toThrow(DataDirLockedError); // alive: refused
      process.kill(holderPid, 'SIGKILL');
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 20));
        if (fs.readFileSync(`/proc/${holderPid}/stat`, 'utf8').includes(') Z ')) break;
      }
      expect(fs.readFileSync(`/proc/${holderPid}/stat`, 'utf8')).toContain(') Z '); // a zombie now
      acquire(dir);
      expect(readLock(dir).pid).toBe(process.pid);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('a live process that reuses the pid of the lock is not its owner (start time differs)', () => {
    const dir = tempDir();
    writeLock(dir, { pid: liveChild.pid, host: os.hostname(), start: '1' });
    acquire(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it('a lock of our own pid that we do not hold (a restarted container) is stale', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.pid, host: os.hostname() });
    acquire(dir);
    expect(readLock(dir).pid).toBe(process.pid);
  });

  it('an unreadable lock file is taken over; a lock of another host is refused', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), 'not json');
    acquire(dir);
    expect(readLock(dir).pid).toBe(process.pid);

    const other = tempDir();
    writeLock(other, { pid: 999_999, host: `not-${os.hostname()}` });
    expect(() => acquire(other)).toThrow(DataDirLockedError);
  });
});

describe('openDatabase with a data directory', () => {
  it('takes the lock first: a directory in use is refused before PGlite touches it', async () => {
    const dir = tempDir();
    acquire(dir); // the first open of this process holds it
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
    expect(readLock(dir).pid).toBe(process.pid);

    const other = tempDir();
    writeLock(other, { pid: liveChild.pid, host: os.hostname() });
    await expect(openDatabase({ dataDir: other })).rejects.toThrow(`pid ${liveChild.pid}`);
  });
});
