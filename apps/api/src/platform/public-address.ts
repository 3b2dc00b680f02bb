import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Outbound requests to addresses a partner chose (webhooks; issue 25, ADR 031) reach public
 * addresses only. The address is checked when connecting: the host name is resolved, every
 * address it resolves to must be public, and the connection goes to the address that was checked
 * (a custom `lookup` of node:http), so that DNS cannot answer one address to the check and another
 * to the connection. Refused: loopback, private, link-local, unique-local, carrier-grade NAT,
 * unspecified, multicast, broadcast, reserved and documentation ranges; an IPv4-mapped IPv6
 * address is judged as the IPv4 address it is, the other IPv6 forms that carry an IPv4 address
 * (NAT64, 6to4, Teredo) are refused.
 * Loopback only where the deployment allows it (WEBHOOK_ALLOW_LOOPBACK, development only).
 */

/** Resolves a host name to all its addresses (the system resolver; tests inject their own). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface EgressPolicy {
  /** Loopback addresses (and http to them) are allowed: development only. */
  allowLoopback: boolean;
  resolve: Resolver;
}

/** An address or URL that may not be reached; the message says why without naming a resolved address. */
export class AddressRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AddressRefused';
  }
}

/** What kind of address `ip` is: `public`, `loopback`, or the range that makes it not public. */
export function addressKind(ip: string): string {
  if (!ipaddr.isValid(ip)) return 'invalid';
  let parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // An IPv4 address in IPv6 form is judged as that IPv4 address.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'unicast') return 'public';
  return range;
}

/** Throws AddressRefused unless `ip` may be connected to under the policy. */
export function assertPublicAddress(ip: string, policy: Pick<EgressPolicy, 'allowLoopback'>): void {
  const kind = addressKind(ip);
  if (kind === 'public') return;
  if (kind === 'loopback' && policy.allowLoopback) return;
  throw new AddressRefused(`not a public address (${kind})`);
}

/** Names that never lead to a public address (RFC 6761, 6762, 8375; cloud metadata services). */
const INTERNAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa|arpa)$/i;
const LOOPBACK_NAMES = /^(localhost|[a-z0-9-]+\.localhost)$/i;

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What can be judged of a URL without resolving it (on saving an endpoint, and again before
 * each delivery): https (http only to loopback where allowed), no user name or password, an IP
 * literal that is public, a name with a dot that is not an internal one. The WHATWG parser has
 * already turned `127.1`, `0x7f.1` and `2130706433` into `127.0.0.1`.
 */
export function checkOutboundUrl(raw: string, policy: Pick<EgressPolicy, 'allowLoopback'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressRefused('not a URL');
  }
  if (url.username || url.password) throw new AddressRefused('a user name or password in the URL');
  const host = hostOf(url);
  const literal = ipaddr.isValid(host);
  const loopback = literal ? addressKind(host) === 'loopback' : LOOPBACK_NAMES.test(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && policy.allowLoopback)) {
    throw new AddressRefused('https only');
  }
  if (literal) {
    assertPublicAddress(host, policy);
  } else if (loopback) {
    if (!policy.allowLoopback) throw new AddressRefused('not a public address (loopback)');
  } else if (!host.includes('.') || INTERNAL_NAMES.test(host.replace(/\.$/, ''))) {
    throw new AddressRefused('not a public host name');
  }
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http that resolves with the policy's resolver and passes on only checked
 * addresses: the socket connects to exactly what was checked. Any address that is not public
 * refuses the whole name (a name that answers a private address among public ones is not trusted).
 */
export function pinnedLookup(policy: EgressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const host = hostname.replace(/^\[(.*)\]$/, '$1');
    const resolved: Promise<LookupAddress[]> = ipaddr.isValid(host)
      ? Promise.resolve([{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }])
      : policy.resolve(host);
    resolved
      .then((addresses) => {
        if (!addresses.length) throw new AddressRefused('the name has no address');
        for (const a of addresses) assertPublicAddress(a.address, policy);
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
        if (!usable.length) throw new AddressRefused('the name has no address of that family');
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      })
      .catch((err: unknown) => callback(err as NodeJS.ErrnoException, '', 0));
  };
}

export interface OutboundResponse {
  status: number;
  /** The first `maxBodyBytes` of the answer, as text. */
  body: string;
}

/**
 * POSTs `body` to `url` under the policy: the URL checked (checkOutboundUrl), the connection made
 * through pinnedLookup (an IP literal is checked as it is: node connects to it without a lookup),
 * no redirect followed, at most `maxBodyBytes` of the answer read, all within `timeoutMs`.
 */
export async function postToPublicAddress(
  rawUrl: string,
  options: { headers: Record<string, string>; body: string; timeoutMs: number; maxBodyBytes?: number },
  policy: EgressPolicy,
): Promise<OutboundResponse> {
  const url = checkOutboundUrl(rawUrl, policy);
  const maxBytes = options.maxBodyBytes ?? 4096;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        lookup: pinnedLookup(policy),
        // A fresh connection per delivery: no pooled socket to an address checked for another name.
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
          if (size >= maxBytes) done();
        });
        response.on('end', done);
        response.on('error', () => done());
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
