import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appConfigResponse,
  partnerConfigResponse,
  partnerKeyParams,
  partnerLogoResponse,
} from '@finportal/contracts/partner';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { toAppConfig, toPartnerConfig } from './service.js';

export function partnerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/partner/key/:key/config',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags: ['partner'],
          summary: "Get a partner's public branding and parameters by its key (before the portal knows its host).",
          params: partnerKeyParams,
          response: { 200: partnerConfigResponse },
        },
      },
      async (request, reply) => {
        const partner = ctx.partners.get(request.params.key);
        if (!partner) throw new AppError('err_partner_not_found', 404);
        reply.header('Cache-Control', 'public, max-age=60');
        return toPartnerConfig(partner, ctx.config.API_BASE_PATH);
      },
    );

    app.get(
      '/partner/key/:key/logo',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags: ['partner'],
          summary: "Get a partner's logo image (SVG or PNG).",
          params: partnerKeyParams,
          response: { 200: partnerLogoResponse },
        },
      },
      async (request, reply) => {
        const partner = ctx.partners.get(request.params.key);
        if (!partner) throw new AppError('err_partner_not_found', 404);
        reply.header('Cache-Control', 'public, max-age=3600');
        reply.type(partner.logo.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
        return reply.send(fs.createReadStream(partner.logoPath));
      },
    );

    app.get(
      '/config',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags: ['partner'],
          summary: 'Get the public configuration of the partner whose portal is asked (by host).',
          response: { 200: appConfigResponse },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        reply.header('Vary', 'Host');
        return toAppConfig(request.partner());
      },
    );
  };
}
