import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressRefused,
  addressKind,
  checkOutboundUrl,
  pinnedLookup,
  postToPublicAddress,
  type Resolver,
} from './public-address.js';

/**
 * Issue 25, finding 1: outbound requests reach public addresses only, checked when connecting.
 * No test here connects anywhere but this machine's loopback: addresses that are not public are
 * refused before any connection, and the resolver is injected.
 */

const strict = { allowLoopback: false };
const refusedUrl = (url: string, policy = strict) => {
  try {
    checkOutboundUrl(url, policy);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AddressRefused);
    return (error as Error).message;
  }
};

describe('addresses', () => {
  it('are public only in the global unicast ranges; mapped IPv4 counts as the IPv4 address', () => {
    const kinds = Object.fromEntries(
      [
        '127.0.0.1',
        '0.0.0.0',
        '10.0.0.1',
        '172.16.5.4',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '224.0.0.1',
        '255.255.255.255',
        '::1',
        '::',
        'fe80::1',
        'fd00::1',
        'ff02::1',
        '::ffff:7f00:1',
        '::ffff:10.0.0.1',
        '64:ff9b::a00:1',
        '93.184.215.14',
        '2606:2800:21f:cb07::1',
        '::ffff:93.184.215.14',
      ].map((ip) => [ip, addressKind(ip)]),
    );
    expect(kinds).toEqual({
      '127.0.0.1': 'loopback',
      '0.0.0.0': 'unspecified',
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '192.168.1.1': 'private',
      '169.254.169.254': 'linkLocal',
      '100.64.0.1': 'carrierGradeNat',
      '224.0.0.1': 'multicast',
      '255.255.255.255': 'broadcast',
      '::1': 'loopback',
      '::': 'unspecified',
      'fe80::1': 'linkLocal',
      'fd00::1': 'uniqueLocal',
      'ff02::1': 'multicast',
      '::ffff:7f00:1': 'loopback',
      '::ffff:10.0.0.1': 'private',
      '64:ff9b::a00:1': 'rfc6052',
      '93.184.215.14': 'public',
      '2606:2800:21f:cb07::1': 'public',
      '::ffff:93.184.215.14': 'public',
    });
  });
});

describe('a webhook URL', () => {
  it('refuses what the probe saved: loopback, unspecified, private, link-local, metadata names, userinfo, http', () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'https://127.0.0.1/hook',
      'https://0.0.0.0/',
      'https://127.1/',
      'https://0x7f.1/',
      'https://2130706433/',
      'https://[::ffff:7f00:1]/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://[fd00::1]/',
      'https://100.64.1.1/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://localhost/',
      'https://api.localhost/',
      'https://printer.local/',
      'https://intranet/',
      'https://user:secret@hooks.example.com/',
      'https://user@hooks.example.com/',
      'http://hooks.example.com/',
      'ftp://hooks.example.com/',
    ]) {
      expect(refusedUrl(url), url).not.toBeNull();
    }
    expect(refusedUrl('https://hooks.example.com/finportal')).toBeNull();
    expect(refusedUrl('https://93.184.215.14:8443/hook')).toBeNull();
  });

  it('may go to loopback, over http too, only where development allows it', () => {
    const dev = { allowLoopback: true };
    expect(refusedUrl('http://127.0.0.1:8080/hook', dev)).toBeNull();
    expect(refusedUrl('http://localhost:8080/hook', dev)).toBeNull();
    expect(refusedUrl('http://[::1]:8080/hook', dev)).toBeNull();
    // Only loopback: the private network stays closed, and http elsewhere too.
    expect(refusedUrl('https://10.0.0.1/', dev)).not.toBeNull();
    expect(refusedUrl('http://hooks.example.com/', dev)).not.toBeNull();
    expect(refusedUrl('https://user:pw@localhost/', dev)).not.toBeNull();
  });
});

describe('connecting', () => {
  let received: { host: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    received.push({ host: req.headers.host });
    req.resume();
    req.on('end', () => res.end('internal secret'));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a name that resolves to a private or loopback address, before connecting', async () => {
    for (const answer of [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.1.2.3', family: 4 }],
      [{ address: '::ffff:127.0.0.1', family: 6 }],
      // A public address beside a private one does not make the name trusted.
      [
        { address: '93.184.215.14', family: 4 },
        { address: '192.168.0.10', family: 4 },
      ],
    ]) {
      received = [];
      const resolve: Resolver = async () => answer;
      await expect(
        postToPublicAddress(
          `https://hooks.example.com:${port}/`,
          { headers: {}, body: '{}', timeoutMs: 5000 },
          { allowLoopback: false, resolve },
        ),
      ).rejects.toThrow(/not a public address/);
      expect(received).toEqual([]);
    }
  });

  it('connects to the very address that was checked (one resolution, pinned)', async () => {
    received = [];
    let calls = 0;
    // A resolver that would answer something else the second time: only the first answer is used.
    const resolve: Resolver = async () => {
      calls += 1;
      return calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.9.9.9', family: 4 }];
    };
    const lookup = pinnedLookup({ allowLoopback: true, resolve });
    const status = await new Promise<number>((done, fail) => {
      const req = http.request(
        { host: 'receiver.example.com', port, path: '/', method: 'POST', lookup, agent: false },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.end('{}');
    });
    expect(status).toBe(200);
    expect(calls).toBe(1);
    expect(received).toEqual([{ host: `receiver.example.com:${port}` }]);
  });
});
