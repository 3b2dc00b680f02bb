import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { providerCallbackBody } from '@finportal/contracts/signatures';
import { DEMO_CALLBACK_TOLERANCE_S, type IdentStatus } from '@finportal/contracts/signature-providers';
import type { Db } from '../../../db/client.js';
import { identSessions } from '../../../db/schema-signatures.js';
import { AppError } from '../../../platform/errors.js';
import { fieldsWithControlCharacters } from '../../../platform/http.js';
import type {
  AdapterName,
  IdentProviderAdapter,
  ProviderEvent,
  StartedSession,
  StartSessionInput,
} from './provider.js';

/** The header of the demo provider's callbacks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const DEMO_SIGNATURE_HEADER = 'x-demo-signature';

/** What the person chose on the provider's page. */
export type DemoAction = 'confirm' | 'fail' | 'cancel';
export const DEMO_ACTIONS: readonly DemoAction[] = ['confirm', 'fail', 'cancel'];

/**
 * Each provider's own result name for the person's choice (contracts PROVIDER_STATUS_MAP maps
 * them back onto ours): what the real provider's callback would carry.
 */
export const DEMO_RESULT_STATUS: Record<AdapterName, Record<DemoAction, string>> = {
  idnow: { confirm: 'SUCCESS', fail: 'FRAUD_SUSPICION_CONFIRMED', cancel: 'CANCELED' },
  swiss_sign: { confirm: 'signed', fail: 'failed', cancel: 'declined' },
  postident: { confirm: 'closed_successful', fail: 'closed_unsuccessful', cancel: 'cancelled' },
};

/** The path of the demo provider's page of a session (outside the API base path, not in the SPA). */
export const demoPagePath = (ref: string) => `/demo-provider/sessions/${encodeURIComponent(ref)}`;

const hmac = (secret: string, ...parts: (string | Buffer)[]) => {
  const mac = createHmac('sha256', secret);
  for (const part of parts) mac.update(part);
  return mac.digest('hex');
};

/** The signature header of a callback body sent at `t` (unix seconds). */
export function signDemoCallback(secret: string, rawBody: string | Buffer, t: number): string {
  return `t=${t},v1=${hmac(secret, `${t}.`, rawBody)}`;
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** One callback the demo provider sends: where to, and what. */
export interface CallbackRequest {
  /** The portal's origin as the person's browser reached it, e.g. `http://demo.localhost:3000`. */
  origin: string;
  /** The Host header of the person's request (the partner's host). */
  host: string;
  /** The port this server took the person's request on (undefined: not over a socket, e.g. inject). */
  localPort: number | undefined;
  /** Path below the origin, e.g. `/api/signatures/callbacks/idnow`. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface CallbackResponse {
  statusCode: number;
  body: string;
}

/** How the demo provider reaches the portal; tests route it through app.inject. */
export type CallbackTransport = (request: CallbackRequest) => Promise<CallbackResponse>;

/**
 * The default transport: real HTTP to this very server, on 127.0.0.1 and the port the person's
 * request came in on, with the partner's Host header (`*.localhost` names may not resolve on a
 * server). Without a local port, the origin itself.
 */
export const loopbackTransport: CallbackTransport = (request) =>
  new Promise((resolve, reject) => {
    const target = request.localPort
      ? { hostname: '127.0.0.1', port: request.localPort, protocol: 'http:' }
      : (() => {
          const url = new URL(request.origin);
          return { hostname: url.hostname, port: url.port || undefined, protocol: url.protocol };
        })();
    const body = Buffer.from(request.body, 'utf8');
    const req = http.request(
      {
        ...target,
        method: 'POST',
        path: request.path,
        timeout: 10_000,
        headers: { ...request.headers, host: request.host, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('the portal did not answer the callback in time')));
    req.on('error', reject);
    req.end(body);
  });

export interface DemoProviderOptions {
  secret: string;
  db: Db;
  /** The API base path (`/api`): the callback goes to `<apiBase>/signatures/callbacks/<name>`. */
  apiBase: string;
  /** Shared by the demo providers of one app (registry.ts); replaced in tests. */
  transport: () => CallbackTransport;
}

/**
 * The demo provider (ADR 020): behaves like a video-ident and e-sign service under the name of
 * idnow, swiss_sign or postident, each with its own status vocabulary. Its "service" is the page
 * the portal serves at /demo-provider/sessions/{ref} (demo-provider-page.ts); its state is the
 * portal's ident_sessions row (it has no store of its own). When the person decides, it calls the
 * portal back over HTTP with a payload signed with DEMO_PROVIDER_SECRET, exactly as a real
 * provider would.
 */
export class DemoIdentProvider implements IdentProviderAdapter {
  constructor(
    readonly name: AdapterName,
    private readonly options: DemoProviderOptions,
  ) {}

  start(input: StartSessionInput): Promise<StartedSession> {
    const ref = randomBytes(24).toString('base64url');
    return Promise.resolve({ ref, url: this.sessionUrl(ref, input.origin) });
  }

  sessionUrl(ref: string, origin: string): string {
    return `${origin}${demoPagePath(ref)}`;
  }

  async status(ref: string): Promise<IdentStatus | null> {
    const [row] = await this.options.db
      .select({ status: identSessions.status })
      .from(identSessions)
      .where(and(eq(identSessions.ref, ref), eq(identSessions.provider, this.name)));
    return row?.status ?? null;
  }

  verifyCallback(rawBody: Buffer, headers: Record<string, string | string[] | undefined>, now: Date): ProviderEvent {
    const invalid = () => new AppError('err_callback_signature_invalid', 401);
    const header = headers[DEMO_SIGNATURE_HEADER];
    if (typeof header !== 'string' || header.length > 200) throw invalid();
    const parts = Object.fromEntries(
      header.split(',').map((part) => {
        const at = part.indexOf('=');
        return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      }),
    ) as Record<string, string | undefined>;
    const t = parts.t ?? '';
    const v1 = (parts.v1 ?? '').toLowerCase();
    if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) throw invalid();
    if (Math.abs(now.getTime() / 1000 - Number(t)) > DEMO_CALLBACK_TOLERANCE_S) throw invalid();
    if (!sameHex(hmac(this.options.secret, `${t}.`, rawBody), v1)) throw invalid();
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('err_validation_failed', 400);
    }
    const parsed = providerCallbackBody.safeParse(json);
    if (!parsed.success || fieldsWithControlCharacters(parsed.data).length) {
      throw new AppError('err_validation_failed', 400);
    }
    const body = parsed.data;
    return { eventId: body.event_id, sessionRef: body.session_ref, status: body.status, occurredAt: body.occurred_at };
  }

  /** The token the provider's page form carries (its CSRF guard, besides the portal's Origin check). */
  formToken(ref: string): string {
    return hmac(this.options.secret, 'demo-provider-form.', ref);
  }

  checkFormToken(ref: string, token: unknown): boolean {
    return typeof token === 'string' && /^[0-9a-f]{64}$/.test(token) && sameHex(this.formToken(ref), token);
  }

  /**
   * The provider's side of the person's choice: a signed callback to the portal (a new event id
   * each time, the provider's own status name). Answers the portal's response.
   */
  async sendResult(
    ref: string,
    action: DemoAction,
    target: Pick<CallbackRequest, 'origin' | 'host' | 'localPort'>,
    now: Date,
  ): Promise<CallbackResponse> {
    const body = JSON.stringify({
      event_id: randomUUID(),
      session_ref: ref,
      status: DEMO_RESULT_STATUS[this.name][action],
      occurred_at: now.toISOString(),
    });
    const t = Math.floor(now.getTime() / 1000);
    return this.options.transport()({
      ...target,
      path: `${this.options.apiBase}/signatures/callbacks/${this.name}`,
      headers: {
        'content-type': 'application/json',
        [DEMO_SIGNATURE_HEADER]: signDemoCallback(this.options.secret, body, t),
      },
      body,
    });
  }
}
