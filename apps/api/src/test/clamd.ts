import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ClamdScanner } from '../platform/virus-scanner.js';

/** The EICAR anti-virus test file: every scanner reports it, it harms nothing. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export interface TestClamd {
  url: string;
  /** clamd's StreamMaxLength in bytes (a larger stream is "too large"). */
  streamMaxLength: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * A real clamd (Debian's clamav-daemon) on a free local port, with a signature database made in
 * the set-up: a body signature of the EICAR string by `sigtool --hex-dump` (no download).
 * StreamMaxLength 1 MB.
 */
export async function startClamd(): Promise<TestClamd> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'finportal-clamd-'));
  const port = await freePort();
  // A body signature of the EICAR string (found anywhere in a file), from sigtool's hex dump.
  const hex = spawnSync('sigtool', ['--hex-dump'], { input: EICAR, encoding: 'utf8' });
  if (hex.status !== 0) throw new Error(`sigtool failed: ${hex.stderr}`);
  const db = path.join(dir, 'db');
  await mkdir(db);
  await writeFile(path.join(db, 'test.ndb'), `Eicar-Test-Signature:0:*:${hex.stdout.trim()}\n`);
  const streamMaxLength = 1024 * 1024;
  const config = path.join(dir, 'clamd.conf');
  await writeFile(
    config,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${db}`,
      `StreamMaxLength ${streamMaxLength}`,
      // Its own log file: clamd locks it, so two clamds on one log (even /dev/null) refuse to start.
      `LogFile ${path.join(dir, 'clamd.log')}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      ...(process.getuid?.() === 0 ? ['User root'] : []),
    ].join('\n'),
  );
  const url = `tcp://127.0.0.1:${port}`;
  const scanner = new ClamdScanner(url, 2000);
  let child: ChildProcess | null = null;

  const start = async () => {
    if (child && child.exitCode === null) return;
    child = spawn('clamd', ['--config-file', config], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await scanner.ping()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('clamd did not start');
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url,
    streamMaxLength,
    start,
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
