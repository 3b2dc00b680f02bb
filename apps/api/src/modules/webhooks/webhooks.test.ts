import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveriesResponse, webhookEndpointResponse } from '@finportal/contracts/webhooks';
import { createApplication, makeReady } from '../../test/dashboard.js';
import { loggedInStaff, type StaffMember } from '../../test/backoffice.js';
import { documentHelpers } from '../../test/documents.js';
import { useTestApp } from '../../test/harness.js';

// The receiver listens on this machine: loopback is allowed here, as in development (ADR 031).
const t = await useTestApp({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
const docs = documentHelpers(t);

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver on a loopback port: answers `status` (200 by default) and keeps what it got. */
class Receiver {
  received: Received[] = [];
  status = 200;
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      this.received.push({ headers: req.headers as Record<string, string>, body });
      res
        .writeHead(this.status, { 'content-type': 'text/plain' })
        .end(this.status === 200 ? 'thanks' : 'down for maintenance');
    });
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  events(secret: string) {
    const hook = new Webhook(secret);
    return this.received.map((r) => {
      const payload = hook.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };
      return { id: r.headers['webhook-id']!, timestamp: r.headers['webhook-timestamp']!, ...payload };
    });
  }
}

const receiver = new Receiver();
let admin: StaffMember;
let secret: string;

beforeAll(async () => {
  await receiver.start();
  admin = await loggedInStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_admin' });
  const saved = await admin.client.request('PUT', '/backoffice/partners/demo/webhook', { url: receiver.url });
  expect(saved.statusCode, saved.body).toBe(200);
  secret = webhookEndpointResponse.parse(saved.json()).endpoint!.secret;
  expect(secret).toMatch(/^whsec_/);
});
afterAll(() => receiver.stop());

/** Runs the queue until nothing is due, with jobs scheduled for later made due first. */
async function deliverAll() {
  for (let i = 0; i < 5; i += 1) {
    await t.sql(`UPDATE jobs SET run_at = now() WHERE type = 'webhook.deliver' AND status = 'queued'`);
    await t.ctx.jobs.drain();
  }
}

describe('webhooks', () => {
  it('each event reaches the receiver exactly once, signed (Standard Webhooks)', async () => {
    receiver.received = [];
    const borrower = await t.signUp('demo');
    const created = await createApplication(borrower.client);
    const id = created.applicationId;
    await makeReady(t, borrower.client, id);
    await docs.upload(borrower.client, id, {
      document_type: 'bwa_susa',
      as_of_date: new Date().toISOString().slice(0, 10),
    });
    expect((await borrower.client.patch(`/user/applications/${id}/status`, { status: 'Submitted' })).statusCode).toBe(
      200,
    );
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    expect(
      (await staff.client.patch(`/backoffice/applications/${id}/status`, { status: 'PreCheck', reason: 'start' }))
        .statusCode,
    ).toBe(200);
    await deliverAll();
    await deliverAll();

    // Deliveries run in parallel: their order at the receiver is not the events' order.
    const events = receiver.events(secret).filter((e) => e.data.application_id === id);
    expect(events.map((e) => e.type).sort()).toEqual([
      'application.created',
      'application.status_changed',
      'application.status_changed',
      'application.submitted',
      'document.uploaded',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events.find((e) => e.type === 'application.created')!.data).toMatchObject({
      short_id: created.shortApplicationId,
      status: 'Open',
    });
    expect(
      events
        .filter((e) => e.type === 'application.status_changed')
        .map((e) => e.data.to)
        .sort(),
    ).toEqual(['PreCheck', 'Submitted']);
    // A tampered body fails verification.
    const first = receiver.received[0]!;
    expect(() => new Webhook(secret).verify(first.body.replace('{', '{ '), first.headers)).toThrow(
      'No matching signature found',
    );
  });

  it('retries on the schedule while the receiver is down, signing each attempt anew; the console shows the attempts and replays', async () => {
    receiver.received = [];
    receiver.status = 503;
    const borrower = await t.signUp('demo');
    const { applicationId } = await createApplication(borrower.client);
    await t.ctx.jobs.drain();
    const [delivery] = await t.sql<{ id: string; attempts: number; next: number }>(
      `SELECT id, attempts, extract(epoch FROM next_attempt_at - now())::float8 AS next FROM webhook_deliveries
       WHERE payload->'data'->>'application_id' = $1`,
      [applicationId],
    );
    expect(delivery!.attempts).toBe(1);
    expect(delivery!.next).toBeGreaterThan(3);
    expect(delivery!.next).toBeLessThanOrEqual(5);

    // The next attempts, made due one at a time (5 s, then 5 min later), each at a later time.
    const step = async (secondsLater: number) => {
      t.ctx.clock.now = () => new Date(Date.now() + secondsLater * 1000);
      await t.sql(`UPDATE jobs SET run_at = now() WHERE type = 'webhook.deliver' AND status = 'queued'`);
      await t.ctx.jobs.drain();
    };
    const realNow = t.ctx.clock.now;
    try {
      await step(7); // attempt 2 fails as well
      const [second] = await t.sql<{ next: number }>(
        'SELECT extract(epoch FROM next_attempt_at - now())::float8 AS next FROM webhook_deliveries WHERE id = $1',
        [delivery!.id],
      );
      expect(second!.next).toBeGreaterThan(295);
      expect(second!.next).toBeLessThanOrEqual(300);
      receiver.status = 200;
      await step(14); // attempt 3 gets through (made due early; its clock a little later again)
    } finally {
      t.ctx.clock.now = realNow;
    }
    const mine = receiver.received.filter((r) => r.body.includes(applicationId));
    expect(mine).toHaveLength(3);
    expect(new Set(mine.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(mine.map((r) => r.headers['webhook-signature'])).size).toBeGreaterThan(1);
    const delivered = receiver.events(secret).filter((e) => e.data.application_id === applicationId);
    expect(delivered).toHaveLength(3);

    const list = webhookDeliveriesResponse.parse(
      (await admin.client.get('/backoffice/partners/demo/webhook/deliveries')).json(),
    );
    const shown = list.deliveries.find((d) => d.id === delivery!.id)!;
    expect(shown).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(shown.attempt_log.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(shown.attempt_log[0]!.body).toBe('down for maintenance');

    const replay = await admin.client.post(`/backoffice/partners/demo/webhook/deliveries/${delivery!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(200);
    await deliverAll();
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === delivery!.id)).toHaveLength(4);
  });

  it('an endpoint failing for five days is disabled and gets no more events', async () => {
    receiver.status = 500;
    await t.sql(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE partner_id = 'demo'`,
    );
    const borrower = await t.signUp('demo');
    await createApplication(borrower.client);
    await deliverAll();
    const endpoint = webhookEndpointResponse.parse(
      (await admin.client.get('/backoffice/partners/demo/webhook')).json(),
    ).endpoint!;
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabled_at).toEqual(expect.any(String));
    const before = receiver.received.length;
    await createApplication(borrower.client);
    await deliverAll();
    expect(receiver.received.length).toBe(before);
    // Enabled again by the admin: the failure state starts over.
    receiver.status = 200;
    const again = await admin.client.request('PUT', '/backoffice/partners/demo/webhook', {
      url: receiver.url,
      enabled: true,
    });
    expect(webhookEndpointResponse.parse(again.json()).endpoint).toMatchObject({
      enabled: true,
      failing_since: null,
      disabled_at: null,
    });
    const refused = await admin.client.request('PUT', '/backoffice/partners/demo/webhook', {
      url: 'http://example.com/hook',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'url' });
  });
});
