import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { staffSeesPartner } from '@finportal/contracts/backoffice-permissions';
import type { SaveWebhookRequest, WebhookDelivery, WebhookEndpoint } from '@finportal/contracts/webhooks';
import { webhookDeliveries, webhookEndpoints, type StaffUser } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { AddressRefused, checkOutboundUrl } from '../../platform/public-address.js';
import { replayWebhook } from '../../platform/webhooks.js';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The webhook part of the partner console (issue 13, ADR 019): the endpoint, its deliveries, replay. */
export class WebhooksService {
  constructor(private readonly ctx: AppContext) {}

  private scope(staff: StaffUser, key: string): void {
    if (!this.ctx.partners.get(key) || !staffSeesPartner({ kind: staff.kind, partner_id: staff.partnerId }, key)) {
      throw new AppError('err_partner_not_found', 404);
    }
  }

  async endpoint(staff: StaffUser, key: string): Promise<WebhookEndpoint | null> {
    this.scope(staff, key);
    const [row] = await this.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.partnerId, key));
    return row
      ? {
          url: row.url,
          enabled: row.enabled,
          secret: row.secret,
          failing_since: row.failingSince?.toISOString() ?? null,
          disabled_at: row.disabledAt?.toISOString() ?? null,
        }
      : null;
  }

  /** PUT .../webhook: the URL and whether it gets events (a new endpoint gets a secret; enabling clears the failure state). */
  async save(staff: StaffUser, key: string, body: SaveWebhookRequest, ip: string): Promise<WebhookEndpoint | null> {
    this.scope(staff, key);
    // Public addresses only (issue 25, ADR 031): what can be judged without resolving it, here;
    // the resolved address is checked again at every delivery, when connecting.
    try {
      checkOutboundUrl(body.url, this.ctx.egress);
    } catch (error) {
      if (error instanceof AddressRefused) throw AppError.field('err_webhook_url_not_allowed', 'url');
      throw error;
    }
    const enabled = body.enabled ?? true;
    await this.ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.partnerId, key));
      const now = new Date();
      const reset = enabled && !before?.enabled ? { failingSince: null, disabledAt: null } : {};
      await tx
        .insert(webhookEndpoints)
        .values({ partnerId: key, url: body.url, enabled, secret: newSecret() })
        .onConflictDoUpdate({
          target: webhookEndpoints.partnerId,
          set: { url: body.url, enabled, updatedAt: now, ...reset },
        });
      await audit(tx, {
        partnerId: key,
        userId: staff.id,
        actorKind: 'staff',
        action: 'webhook.endpoint_saved',
        entity: 'partner',
        entityId: key,
        before: before ? { url: before.url, enabled: before.enabled } : null,
        after: { url: body.url, enabled },
        ip,
      });
    });
    return this.endpoint(staff, key);
  }

  async rotateSecret(staff: StaffUser, key: string, ip: string): Promise<WebhookEndpoint | null> {
    this.scope(staff, key);
    const updated = await this.ctx.db
      .update(webhookEndpoints)
      .set({ secret: newSecret(), updatedAt: new Date() })
      .where(eq(webhookEndpoints.partnerId, key))
      .returning({ key: webhookEndpoints.partnerId });
    if (!updated.length) throw new AppError('err_entity_not_found', 404);
    await audit(this.ctx.db, {
      partnerId: key,
      userId: staff.id,
      actorKind: 'staff',
      action: 'webhook.secret_rotated',
      entity: 'partner',
      entityId: key,
      ip,
    });
    return this.endpoint(staff, key);
  }

  async deliveries(staff: StaffUser, key: string): Promise<WebhookDelivery[]> {
    this.scope(staff, key);
    const rows = await this.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.partnerId, key))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(100);
    return rows.map((r) => ({
      id: r.id,
      event_type: r.eventType,
      payload: r.payload as Record<string, unknown>,
      status: r.status,
      attempts: r.attempts,
      attempt_log: r.attemptLog,
      next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      delivered_at: r.deliveredAt?.toISOString() ?? null,
    }));
  }

  /** POST .../deliveries/{id}/replay: one more attempt now, with the same message id. */
  async replay(staff: StaffUser, key: string, deliveryId: string, ip: string): Promise<void> {
    this.scope(staff, key);
    const [row] = await this.ctx.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.partnerId, key)));
    if (!row) throw new AppError('err_entity_not_found', 404);
    const [endpoint] = await this.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.partnerId, key));
    if (!endpoint?.enabled) throw new AppError('err_update_not_allowed', 409);
    await this.ctx.db.transaction(async (tx) => {
      await replayWebhook(tx, row.id);
      await audit(tx, {
        partnerId: key,
        userId: staff.id,
        actorKind: 'staff',
        action: 'webhook.replayed',
        entity: 'webhook_delivery',
        entityId: row.id,
        ip,
      });
    });
  }
}
