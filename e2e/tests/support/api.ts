import http from 'node:http';
import type { RegisterRequest } from '@finportal/contracts/auth';
import { buildRegistration, PASSWORD } from '@finportal/testing/factories';
import { E2E_PORT } from './env';

/** The password of every account the specs register (the shared factories' PASSWORD). */
export { PASSWORD };

/**
 * A call to the API as a partner's host would make it. Node cannot resolve `<key>.localhost`,
 * so the request goes to 127.0.0.1 with the partner's Host header.
 */
export function apiCall(
  partner: string,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; json: unknown; cookie?: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method,
        path: `/api${path}`,
        headers: {
          host: `${partner}.localhost:${E2E_PORT}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null, cookie: setCookie });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Registers an account through the API (unconfirmed e-mail). */
export async function registerViaApi(
  partner: string,
  email: string,
  language: RegisterRequest['interface_language'] = 'en',
  password = PASSWORD,
): Promise<void> {
  const body = buildRegistration({ email, password, interface_language: language, communication_language: language });
  const res = await apiCall(partner, 'POST', '/user/users', body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.json)}`);
}
