// A real clamd (Debian's clamav-daemon) for the e2e run, as the API tests start one
// (apps/api/src/test/clamd.ts): a signature database made here from the EICAR test string by
// `sigtool --hex-dump` (no download), on a free local port. It ends with this process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

const ping = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('zPING\0'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('PONG')) {
        socket.end();
        resolve(true);
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(answer.includes('PONG')));
  });

/** Starts clamd; answers its tcp:// URL. Throws when clamd or sigtool is missing (`npm test` installs them). */
export async function startClamd() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finportal-e2e-clamd-'));
  const hex = spawnSync('sigtool', ['--hex-dump'], { input: EICAR, encoding: 'utf8' });
  if (hex.status !== 0)
    throw new Error(`e2e: sigtool is missing or failed (apt-get install clamav): ${hex.stderr ?? hex.error}`);
  fs.mkdirSync(path.join(dir, 'db'));
  fs.writeFileSync(path.join(dir, 'db', 'test.ndb'), `Eicar-Test-Signature:0:*:${hex.stdout.trim()}\n`);
  const port = await freePort();
  const config = path.join(dir, 'clamd.conf');
  fs.writeFileSync(
    config,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${path.join(dir, 'db')}`,
      'StreamMaxLength 25M',
      `LogFile ${path.join(dir, 'clamd.log')}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      ...(process.getuid?.() === 0 ? ['User root'] : []),
    ].join('\n'),
  );
  const child = spawn('clamd', ['--config-file', config], { stdio: 'ignore' });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // The API ends on SIGTERM after its graceful shutdown; clamd goes with it.
  process.once('exit', stop);
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error('e2e: clamd exited at start (apt-get install clamav-daemon)');
    if (await ping(port)) return `tcp://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('e2e: clamd did not answer');
}
