import { z } from 'zod';

/**
 * Webhooks of a partner (issue 13, ADR 019), in the Standard Webhooks format: every event is a
 * POST with `webhook-id`, `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the
 * endpoint's secret) and the body `{ type, timestamp, data }`.
 */
export const WEBHOOK_EVENTS = [
  'application.created',
  'application.submitted',
  'application.status_changed',
  'offer.accepted',
  'document.uploaded',
  'document.scanned',
  'signature.completed',
  'appointment.booked',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * The attempts' schedule (Standard Webhooks' recommendation): the wait before each attempt after
 * the one before failed: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then the delivery failed.
 */
export const WEBHOOK_RETRY_SECONDS = [0, 5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint that has failed without a success for this long is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;

export const webhookEndpointSchema = z.object({
  url: z.string(),
  enabled: z.boolean(),
  /** The signing secret (whsec_…): the receiver verifies with it. */
  secret: z.string(),
  failing_since: z.string().nullable(),
  disabled_at: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointResponse = z.object({ endpoint: webhookEndpointSchema.nullable() });
export type WebhookEndpointResponse = z.infer<typeof webhookEndpointResponse>;

/**
 * PUT /backoffice/partners/{key}/webhook: https (http only to this machine, for development), no
 * user name or password in the URL. The API judges the address further (public addresses only;
 * loopback only where the deployment allows it; ADR 031).
 */
export const saveWebhookRequest = z.object({
  url: z
    .string({ error: 'err_required' })
    .trim()
    .max(500, { error: 'err_too_long' })
    .pipe(z.url({ protocol: /^https?$/, error: 'err_invalid_value' }))
    .refine(
      (value) => value.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(value),
      {
        message: 'err_invalid_value',
      },
    )
    .refine(
      // No user name or password before the host (`https://user:secret@host/`).
      (value) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value),
      { message: 'err_webhook_url_not_allowed' },
    ),
  enabled: z.boolean().default(true),
});
export type SaveWebhookRequest = z.input<typeof saveWebhookRequest>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  status: z.number().nullable(),
  error: z.string().nullable(),
  body: z.string().nullable(),
  ms: z.number(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  attempt_log: z.array(webhookAttemptSchema),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponse>;
export const webhookDeliveryParams = z.object({ key: z.string().min(1).max(63), deliveryId: z.string().max(64) });
