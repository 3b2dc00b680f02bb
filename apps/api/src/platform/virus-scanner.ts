import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';

/** What a scan found: clean, infected (with the signature's name), or too large for the scanner to judge. */
export type ScanVerdict = { result: 'clean' } | { result: 'infected'; signature: string } | { result: 'too_large' };

/**
 * Virus scanning of uploaded files (ARCHITECTURE.md: ClamAV's clamd). A scan that cannot be made
 * (clamd down, a broken connection, a timeout) throws: the scan job retries it.
 */
export interface VirusScanner {
  scan(file: Readable): Promise<ScanVerdict>;
}

/** The largest INSTREAM chunk sent at once (clamd reads chunks of any size up to its StreamMaxLength). */
const CHUNK = 64 * 1024;

/**
 * clamd over TCP with the INSTREAM command (`zINSTREAM\0`, then chunks each prefixed by its
 * length as a 4-byte big-endian number, then a zero length). The file is sent with backpressure:
 * never more than the socket's buffer in memory, whatever the file's size. clamd answers
 * `stream: OK`, `stream: <signature> FOUND`, or `INSTREAM size limit exceeded. ERROR` once the file
 * passes its StreamMaxLength (then it is "too large", never clean). Written here rather than taken
 * from the `clamscan` package: that one writes without backpressure and logs to the console.
 */
export class ClamdScanner implements VirusScanner {
  private readonly host: string;
  private readonly port: number;

  /**
   * @param streamMaxLength clamd's StreamMaxLength: a larger file is "too large" without being
   *   sent. (Sent anyway, clamd would stop reading and close the connection, and its reply can be
   *   lost with the broken pipe: the scan would be retried for nothing.)
   */
  constructor(
    url: string,
    private readonly timeoutMs = 60_000,
    private readonly streamMaxLength = 25 * 1024 * 1024,
  ) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'tcp:') throw new Error(`CLAMAV_URL must be tcp://host:port, not ${url}`);
    this.host = parsed.hostname;
    this.port = Number(parsed.port || 3310);
  }

  async scan(file: Readable): Promise<ScanVerdict> {
    const socket = await this.open();
    const reply = this.readReply(socket);
    let sent = 0;
    try {
      await write(socket, Buffer.from('zINSTREAM\0'));
      for await (const chunk of file as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length; at += CHUNK) {
          const part = chunk.subarray(at, at + CHUNK);
          sent += part.length;
          if (sent > this.streamMaxLength) {
            socket.destroy();
            reply.catch(() => undefined);
            return { result: 'too_large' };
          }
          const length = Buffer.alloc(4);
          length.writeUInt32BE(part.length);
          await write(socket, Buffer.concat([length, part]));
        }
        if (socket.destroyed || socket.readableEnded) break;
      }
      if (!socket.destroyed && socket.writable) await write(socket, Buffer.alloc(4));
    } catch (error) {
      // clamd closes the connection as soon as the size limit is passed: its reply says so.
      if (!socket.readableEnded && !socket.destroyed) {
        socket.destroy();
        throw error;
      }
    } finally {
      file.destroy();
    }
    return verdictOf(await reply);
  }

  /** PING → PONG: clamd is reachable. */
  async ping(): Promise<boolean> {
    try {
      const socket = await this.open();
      const reply = this.readReply(socket);
      await write(socket, Buffer.from('zPING\0'));
      return (await reply) === 'PONG';
    } catch {
      return false;
    }
  }

  private open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.host, port: this.port });
      socket.setTimeout(this.timeoutMs, () => socket.destroy(new Error('clamd timed out')));
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
    });
  }

  /** The whole reply (NUL-terminated), once clamd closes or ends it. */
  private readReply(socket: Socket): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      socket.on('data', (data: Buffer) => chunks.push(data));
      socket.on('error', (error) => {
        if (chunks.length) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(error);
      });
      socket.on('close', () => {
        if (chunks.length) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(new Error('clamd closed the connection without a reply'));
      });
      socket.on('end', () => socket.end());
    }).then((text) => text.replace(/\0+$/, '').trim());
  }
}

function write(socket: Socket, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) {
      reject(new Error('clamd connection closed'));
      return;
    }
    socket.write(data, (error) => (error ? reject(error) : resolve()));
  });
}

/** clamd's reply read: OK, FOUND, or the size limit; anything else is an error (retried). */
export function verdictOf(reply: string): ScanVerdict {
  if (/:\s*OK$/.test(reply)) return { result: 'clean' };
  const found = /:\s*(.+) FOUND$/.exec(reply);
  if (found) return { result: 'infected', signature: found[1]! };
  if (/size limit exceeded/i.test(reply)) return { result: 'too_large' };
  throw new Error(`clamd answered: ${reply.slice(0, 200)}`);
}
