import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigResponse, partnerConfigResponse } from '@finportal/contracts/partner';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { toAppConfig, toPartnerConfig } from './service.js';

const keyParams = z.object({ key: z.string().min(1).max(63) });

export function partnerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/partner/key/:key/config',
      {
        config: { access: { auth: 'public' } },
        schema: { tags: ['partner'], params: keyParams, response: { 200: partnerConfigResponse } },
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
      { config: { access: { auth: 'public' } }, schema: { tags: ['partner'], params: keyParams } },
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
      { config: { access: { auth: 'public' } }, schema: { tags: ['partner'], response: { 200: appConfigResponse } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        reply.header('Vary', 'Host');
        return toAppConfig(request.partner());
      },
    );
  };
}
