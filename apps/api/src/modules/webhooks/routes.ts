import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@finportal/contracts/backoffice';
import { consoleParams } from '@finportal/contracts/partner-console';
import {
  saveWebhookRequest,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookEndpointResponse,
} from '@finportal/contracts/webhooks';
import type { AppContext } from '../../platform/context.js';
import { WebhooksService } from './service.js';

/** The webhook endpoint of a partner and its deliveries, in the partner console (issue 13, ADR 019). */
export function webhooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new WebhooksService(ctx);
  const tags = ['backoffice'];
  const read = { auth: 'staff', permission: 'partner.read' } as const;
  const write = { auth: 'staff', permission: 'partner.write' } as const;
  return async (app) => {
    app.get(
      '/backoffice/partners/:key/webhook',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'The webhook endpoint with its signing secret (null: none).',
          params: consoleParams,
          response: { 200: webhookEndpointResponse },
        },
      },
      async (request) => ({ endpoint: await service.endpoint((await request.staffAuth()).staff, request.params.key) }),
    );

    app.put(
      '/backoffice/partners/:key/webhook',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Sets the endpoint URL (https) and whether it gets events; a new endpoint gets a secret.',
          params: consoleParams,
          body: saveWebhookRequest,
          response: { 200: webhookEndpointResponse },
        },
      },
      async (request) => ({
        endpoint: await service.save((await request.staffAuth()).staff, request.params.key, request.body, request.ip),
      }),
    );

    app.post(
      '/backoffice/partners/:key/webhook/rotate_secret',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'A new signing secret (the old one stops working at once).',
          params: consoleParams,
          response: { 200: webhookEndpointResponse },
        },
      },
      async (request) => ({
        endpoint: await service.rotateSecret((await request.staffAuth()).staff, request.params.key, request.ip),
      }),
    );

    app.get(
      '/backoffice/partners/:key/webhook/deliveries',
      {
        config: { access: read },
        schema: {
          tags,
          summary: 'The latest 100 events sent to the endpoint, with every attempt and answer.',
          params: consoleParams,
          response: { 200: webhookDeliveriesResponse },
        },
      },
      async (request) => ({
        deliveries: await service.deliveries((await request.staffAuth()).staff, request.params.key),
      }),
    );

    app.post(
      '/backoffice/partners/:key/webhook/deliveries/:deliveryId/replay',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Sends an event again now (same webhook-id).',
          params: webhookDeliveryParams,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.replay(
          (await request.staffAuth()).staff,
          request.params.key,
          request.params.deliveryId,
          request.ip,
        );
        return { ok: true as const };
      },
    );
  };
}
