import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  /** Listens again on the same port (after stop). */
  start(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no AUTH, no STARTTLS) that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = async () => {
    const s = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.server.address() as AddressInfo).port;
    server = s;
  };

  await listen();
  const api: TestSmtpServer = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: listen,
  };
  return api;
}

/** Splits a raw message into its unfolded headers (lower-case names) and body. */
function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end >= 0 ? raw.slice(0, end) : raw;
  const body = end >= 0 ? raw.slice(end + 4) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as in a MIME subject. */
export function decodeHeader(value: string): string {
  // Whitespace between two adjacent encoded words is not part of the text.
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(/(?:=\?([^?]+)\?([QqBb])\?([^?]*)\?=)+/g, (run) => {
    const bytes: number[] = [];
    for (const m of run.matchAll(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g)) {
      const [, , enc, text = ''] = m;
      if (enc?.toUpperCase() === 'B') bytes.push(...Buffer.from(text, 'base64'));
      else bytes.push(...decodeQuotedPrintableBytes(text.replace(/_/g, ' ')));
    }
    return Buffer.from(bytes).toString('utf8');
  });
}

function decodeQuotedPrintableBytes(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return bytes;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(decodeQuotedPrintableBytes(body.replace(/=\r\n/g, ''))).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** A decoded header of the message, e.g. `header(raw, 'subject')`. */
export function header(raw: string, name: string): string | undefined {
  const value = splitMessage(raw).headers.get(name.toLowerCase());
  return value === undefined ? undefined : decodeHeader(value);
}

/** The decoded body of the first part with this content type (the message itself when not multipart). */
export function partOf(raw: string, contentType: 'text/plain' | 'text/html' | 'text/calendar'): string | undefined {
  const { headers, body } = splitMessage(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    return type.toLowerCase().startsWith(contentType)
      ? decodeBody(body, headers.get('content-transfer-encoding'))
      : undefined;
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const found = partOf(part.replace(/^\r\n/, ''), contentType);
    if (found !== undefined) return found;
  }
  return undefined;
}
