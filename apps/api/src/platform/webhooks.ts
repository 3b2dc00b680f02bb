import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_SECONDS, type WebhookEvent } from '@finportal/contracts/webhooks';
import type { Db } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints, type WebhookAttempt } from '../db/schema.js';
import { enqueue, jobHandler, jobType } from './jobs/queue.js';
import { AddressRefused, postToPublicAddress, type EgressPolicy } from './public-address.js';

/**
 * Webhooks (issue 13, ADR 019). `emitWebhook` records an event for the partner's endpoint inside
 * the writer's transaction (so an event exists exactly when its change was committed) and queues
 * its delivery. The delivery job POSTs it in the Standard Webhooks format, signed anew at every
 * attempt; a failed attempt queues the next one on the schedule WEBHOOK_RETRY_SECONDS; an
 * endpoint failing for WEBHOOK_DISABLE_AFTER_DAYS without a success is disabled.
 */
export const WEBHOOK_DELIVER = jobType('webhook.deliver', z.object({ delivery_id: z.string().max(64) }).strict(), {
  // The job itself is not retried by the queue: a failed attempt queues the next one on the schedule.
  maxAttempts: 1,
});

/** Records `type` with `data` for the partner's endpoint, if it has an enabled one. Call inside the writer's transaction. */
export async function emitWebhook(
  db: Db,
  partnerId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const [endpoint] = await db
    .select({ enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.partnerId, partnerId));
  if (!endpoint?.enabled) return;
  const id = `msg_${randomUUID().replace(/-/g, '')}`;
  const payload = { type, timestamp: new Date().toISOString(), data };
  await db.insert(webhookDeliveries).values({ id, partnerId, eventType: type, payload, nextAttemptAt: new Date() });
  await enqueue(db, WEBHOOK_DELIVER, { delivery_id: id });
}

/** Queues another attempt of a delivery now (the console's replay). */
export async function replayWebhook(db: Db, deliveryId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(eq(webhookDeliveries.id, deliveryId));
  await enqueue(db, WEBHOOK_DELIVER, { delivery_id: deliveryId });
}

export interface WebhookDeliveryOptions {
  /** How long an endpoint may take to answer. */
  timeoutMs: number;
  now: () => Date;
  /** Public addresses only, checked when connecting (issue 25, ADR 031). */
  egress: EgressPolicy;
}

export function webhookDeliveryHandler(options: WebhookDeliveryOptions) {
  return jobHandler({
    type: WEBHOOK_DELIVER,
    // An HTTP call: effects outside the database, so not in one transaction with them.
    transactional: false,
    async run({ delivery_id }, db) {
      const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery_id));
      if (!delivery || delivery.status !== 'pending') return;
      const [endpoint] = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.partnerId, delivery.partnerId));
      if (!endpoint?.enabled) {
        await db
          .update(webhookDeliveries)
          .set({ status: 'failed', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id));
        return;
      }
      const body = JSON.stringify(delivery.payload);
      const started = Date.now();
      const at = options.now();
      let attempt: WebhookAttempt;
      try {
        // Signed at every attempt, with the attempt's time (receivers refuse old timestamps).
        const signature = new Webhook(endpoint.secret).sign(delivery.id, at, body);
        // The address is checked when connecting, the connection pinned to it; no redirect is followed.
        const res = await postToPublicAddress(
          endpoint.url,
          {
            headers: {
              'content-type': 'application/json',
              'user-agent': 'finportal-webhooks/1',
              'webhook-id': delivery.id,
              'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
              'webhook-signature': signature,
            },
            body,
            timeoutMs: options.timeoutMs,
            maxBodyBytes: 2048,
          },
          options.egress,
        );
        const text = res.body.slice(0, 500);
        attempt = { at: at.toISOString(), status: res.status, error: null, body: text, ms: Date.now() - started };
      } catch (err) {
        const message =
          err instanceof AddressRefused
            ? `refused: ${err.message}`
            : err instanceof Error
              ? err.cause instanceof Error
                ? err.cause.message
                : err.message
              : String(err);
        attempt = {
          at: at.toISOString(),
          status: null,
          error: message.slice(0, 300),
          body: null,
          ms: Date.now() - started,
        };
      }
      const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
      const attempts = delivery.attempts + 1;
      const log = [...delivery.attemptLog, attempt];
      if (ok) {
        await db
          .update(webhookDeliveries)
          .set({ status: 'succeeded', attempts, attemptLog: log, nextAttemptAt: null, deliveredAt: at })
          .where(eq(webhookDeliveries.id, delivery.id));
        await db
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(eq(webhookEndpoints.partnerId, delivery.partnerId));
        return;
      }
      // Failing since the first failure after the last success; five days of that disable it.
      const failingSince = endpoint.failingSince ?? at;
      const tooLong = at.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000;
      await db
        .update(webhookEndpoints)
        .set({
          failingSince,
          ...(tooLong ? { enabled: false, disabledAt: at } : {}),
        })
        .where(eq(webhookEndpoints.partnerId, delivery.partnerId));
      const nextDelay = WEBHOOK_RETRY_SECONDS[attempts];
      if (tooLong || nextDelay === undefined) {
        await db
          .update(webhookDeliveries)
          .set({ status: 'failed', attempts, attemptLog: log, nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id));
        return;
      }
      const wait = nextDelay;
      await db
        .update(webhookDeliveries)
        .set({ attempts, attemptLog: log, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
        .where(eq(webhookDeliveries.id, delivery.id));
      await enqueue(db, WEBHOOK_DELIVER, { delivery_id: delivery.id }, { delaySeconds: wait });
    },
  });
}
