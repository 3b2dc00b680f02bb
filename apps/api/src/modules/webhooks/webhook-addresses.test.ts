import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveriesResponse } from '@finportal/contracts/webhooks';
import { createApplication } from '../../test/dashboard.js';
import { loggedInStaff, type StaffMember } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';

/**
 * Issue 25, finding 1: a webhook reaches public addresses only. Saved: https only, no userinfo, no
 * address or name that is not public. Delivered: the name resolved, every address checked, the
 * connection pinned to it; a loopback service never answers into the deliveries page. The app runs
 * without WEBHOOK_ALLOW_LOOPBACK (as production does); the resolver is injected, and nothing here
 * connects anywhere (every address these names resolve to is refused before connecting).
 */
const t = await useTestApp();

/** An internal service on this machine that must never be reached. */
let hits = 0;
const internal = http.createServer((req, res) => {
  hits += 1;
  req.resume();
  res.end('{"internal":"secret"}');
});
let internalUrl = '';
let admin: StaffMember;

beforeAll(async () => {
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/`;
  admin = await loggedInStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_admin' });
});
afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));

const save = (url: string) => admin.client.request('PUT', '/backoffice/partners/demo/webhook', { url });

async function lastAttemptFor(applicationId: string) {
  const list = webhookDeliveriesResponse.parse(
    (await admin.client.get('/backoffice/partners/demo/webhook/deliveries')).json(),
  );
  const delivery = list.deliveries.find((d) => d.payload.data && JSON.stringify(d.payload).includes(applicationId));
  return delivery?.attempt_log.at(-1);
}

describe('a webhook endpoint', () => {
  it('is refused on saving when it is not a public https address', async () => {
    for (const url of [
      internalUrl,
      'https://0.0.0.0/',
      'https://127.1/',
      'https://[::ffff:7f00:1]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://localhost/',
    ]) {
      const res = await save(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().errors, url).toEqual([{ code: 'err_webhook_url_not_allowed', field: 'url' }]);
    }
    const userinfo = await save('https://user:secret@hooks.example.com/');
    expect(userinfo.statusCode).toBe(400);
    expect(userinfo.json().errors[0]).toMatchObject({ code: 'err_webhook_url_not_allowed', field: 'url' });
    expect((await save('https://hooks.example.com/finportal')).statusCode).toBe(200);
  });

  it('is not reached when its name resolves to a private or loopback address: refused when connecting', async () => {
    expect((await save('https://hooks.example.com/finportal')).statusCode).toBe(200);
    const answers = [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.20.30.40', family: 4 }],
      [{ address: 'fd12::1', family: 6 }],
    ];
    const asked: string[] = [];
    const realResolve = t.ctx.egress.resolve;
    try {
      for (const answer of answers) {
        t.ctx.egress.resolve = async (hostname) => {
          asked.push(hostname);
          return answer;
        };
        const borrower = await t.signUp('demo');
        const { applicationId } = await createApplication(borrower.client);
        await t.ctx.jobs.drain();
        const attempt = await lastAttemptFor(applicationId);
        expect(attempt, JSON.stringify(answer)).toMatchObject({ status: null, body: null });
        expect(attempt!.error).toMatch(/^refused: not a public address/);
        // The address it resolved to is not shown back.
        expect(attempt!.error).not.toContain(answer[0]!.address);
      }
    } finally {
      t.ctx.egress.resolve = realResolve;
    }
    expect(asked).toEqual(['hooks.example.com', 'hooks.example.com', 'hooks.example.com']);
  });

  it('saved as a loopback address before (or by hand) is refused at delivery: no answer of an internal service is shown', async () => {
    await t.sql(`UPDATE webhook_endpoints SET url = $1, enabled = true WHERE partner_id = 'demo'`, [internalUrl]);
    const borrower = await t.signUp('demo');
    const { applicationId } = await createApplication(borrower.client);
    await t.ctx.jobs.drain();
    const attempt = await lastAttemptFor(applicationId);
    expect(attempt).toMatchObject({ status: null, body: null });
    expect(attempt!.error).toMatch(/^refused: /);
    expect(hits).toBe(0);
  });
});
