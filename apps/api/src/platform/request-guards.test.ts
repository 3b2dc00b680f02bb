import net from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createApplication, getApplication, IBAN } from '../test/dashboard.js';
import { buildUser, createTestApp, errorsOf, registerAndConfirm, useTestApp } from '../test/harness.js';
import { fieldsWithControlCharacters, safeError } from './http.js';

/** What a security probe found at the HTTP layer: control characters, the Origin guard, slow bodies. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const t = await useTestApp({ LOG_LEVEL: 'info', REQUEST_TIMEOUT_MS: '1000' }, { logStream });

describe('control characters in strings', () => {
  it('a NUL byte in any string field is refused with 400 err_invalid_characters, naming the field', async () => {
    const c = t.client();
    const owner = await registerAndConfirm(c);
    const app = await createApplication(c);

    const cases: [string, 'POST' | 'PATCH', string, Record<string, unknown>, string][] = [
      ['login e-mail', 'POST', '/user/account/login', { email: 'a\u0000@example.com', password: 'x' }, 'email'],
      ['reset e-mail', 'POST', '/user/account/reset', { email: `x\u0000${owner.email}` }, 'email'],
      [
        'bank name',
        'PATCH',
        `/user/applications/${app.applicationId}/bankinfo`,
        { bankName: 'Bank\u0000', iban: IBAN },
        'bankName',
      ],
      [
        'tax number',
        'PATCH',
        `/user/applications/${app.applicationId}`,
        { taxIdNumber: '12345\u000067890' },
        'taxIdNumber',
      ],
      ['register e-mail', 'POST', '/user/users', buildUser({ email: 'n\u0000ul@example.com' }), 'email'],
      [
        'nested referral data',
        'POST',
        '/user/applications',
        { referral_data: { source: 'x\u0000' } },
        'referral_data.source',
      ],
      ['a key', 'POST', '/user/applications', { referral_data: { 'k\u0000': 'v' } }, 'referral_data.k\u0000'],
      [
        'escape character',
        'PATCH',
        `/user/applications/${app.applicationId}/bankinfo`,
        { bankName: 'Bank\u001b[31m', iban: IBAN },
        'bankName',
      ],
      [
        'lone surrogate',
        'PATCH',
        `/user/applications/${app.applicationId}/bankinfo`,
        { bankName: 'Bank\ud800', iban: IBAN },
        'bankName',
      ],
    ];
    for (const [name, method, path, body, field] of cases) {
      const res = await c.request(method, path, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(errorsOf(res), name).toContainEqual({ code: 'err_invalid_characters', field });
    }
    // Query strings and path parameters too.
    const query = await c.get(`/company_search?name=${encodeURIComponent('Müller\u0000')}&country=DE`);
    expect(query.statusCode).toBe(400);
    const param = await c.get('/user/applications/%00');
    expect(param.statusCode).toBe(400);

    // Nothing was stored, and the bank data is still empty.
    expect((await getApplication(c, app.applicationId)).bankName).toBeNull();
    const nul = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM applications WHERE bank_name LIKE '%Bank%' OR coalesce(referral_data::text, '') LIKE '%\\u0000%'`,
    );
    expect(nul[0]!.n).toBe(0);
  });

  it('tabs, line breaks, umlauts and emoji pass', async () => {
    expect(fieldsWithControlCharacters({ a: 'Zeile 1\nZeile 2\r\n\tEingerückt', b: ['Müller 😀 Łódź'] })).toEqual([]);
    expect(fieldsWithControlCharacters({ a: { b: ['ok', 'bad\u0007'] } })).toEqual(['a.b.1']);
    // Deep nesting does not overflow the stack.
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(fieldsWithControlCharacters(deep)).toHaveLength(1);
  });

  it('no log line carries the parameters of a failed query', async () => {
    // A database error with parameters: drizzle's message repeats them.
    const secretIban = 'DE02120300000000202051';
    let caught: unknown;
    try {
      await t.database.db.execute((await import('drizzle-orm')).sql`SELECT ${secretIban}::uuid AS broken`);
    } catch (err) {
      caught = err;
    }
    expect(String((caught as Error).message)).toContain(secretIban); // what used to reach the log
    const logged = JSON.stringify(safeError(caught));
    expect(logged).not.toContain(secretIban);
    expect(logged).toContain('22P02'); // the SQLSTATE stays, for diagnosis
    expect(logged).toContain('at '); // and the stack frames
  });
});

describe('the Origin guard', () => {
  it('covers the decoded path: /%61pi/... with a foreign Origin is refused and stores nothing', async () => {
    const c = t.client();
    await registerAndConfirm(c);
    const app = await createApplication(c);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/%61pi/user/applications/${app.applicationId}/bankinfo`,
      headers: {
        host: c.host,
        origin: 'https://evil.example',
        'content-type': 'application/json',
        cookie: `${(await import('./session.js')).SESSION_COOKIE}=${c.session}`,
      },
      payload: JSON.stringify({ bankName: 'Evil Bank', iban: IBAN }),
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(errorsOf(res)[0]!.code).toBe('err_bad_origin');
    expect((await getApplication(c, app.applicationId)).bankName).toBeNull();
  });
});

describe('slow bodies', () => {
  it('a request body that never finishes is cut off after REQUEST_TIMEOUT_MS', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const started = Date.now();
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    socket.write(
      'POST /api/user/account/login HTTP/1.1\r\nHost: demo.localhost:3000\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    );
    // Trickle a byte now and then, as a slowloris client does: an idle timeout would not fire.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const ms = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 8000))]);
    clearInterval(trickle);
    socket.destroy();
    expect(ms, 'the connection was still open after 8 s').toBeGreaterThan(0);
    expect(ms).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
  });
});

it('the log of the whole file carries no IBAN or tax number', () => {
  const text = logLines.join('');
  expect(text).not.toContain('DE02120300000000202051');
  expect(text).not.toContain('12345');
});

describe('TRUST_PROXY with the balancer’s address', () => {
  it('believes X-Forwarded-For from the balancer only; a client reaching the instance directly cannot pick its address', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.9.9.9' });
    try {
      const login = (remoteAddress: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/user/account/login',
          headers: {
            host: 'demo.localhost:3000',
            'content-type': 'application/json',
            'x-forwarded-for': '203.0.113.7',
          },
          remoteAddress,
          payload: JSON.stringify({ email: buildUser().email, password: 'Wrong-Passw0rd!' }),
        });
      expect((await login('10.9.9.9')).statusCode).toBe(401);
      expect((await login('198.51.100.4')).statusCode).toBe(401);
      const keys = (
        await proxied.sql<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'login:ip:%' ORDER BY key`)
      ).map((r) => r.key);
      expect(keys).toEqual(['login:ip:198.51.100.4', 'login:ip:203.0.113.7']);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a TRUST_PROXY that is neither a flag nor addresses', async () => {
    const { loadConfig } = await import('../config/env.js');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).TRUST_PROXY).toBe('10.0.0.5, 10.1.0.0/16');
  });
});
