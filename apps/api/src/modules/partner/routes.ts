import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appConfigResponse,
  partnerConfigResponse,
  partnerKeyParams,
  partnerLogoQuery,
  partnerLogoResponse,
  partnerMailLogoResponse,
} from '@finportal/contracts/partner';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { staffCan } from '@finportal/contracts/backoffice-permissions';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { svgToPng } from '../../platform/logo-png.js';
import { PREVIEW_COOKIE } from '../../platform/staff-session.js';
import type { Partner } from '../../platform/tenancy.js';
import { BackofficeService } from '../backoffice/public.js';
import { toAppConfig, toPartnerConfig } from './service.js';

export function partnerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const backoffice = new BackofficeService(ctx);

  /**
   * The partner this browser sees: the console's draft while its admin previews it here (the
   * preview cookie and a staff session of this host that may read the console), else the
   * published one. Never cached: a publish shows at the next page load (issue 13).
   */
  async function seen(
    request: FastifyRequest,
    reply: FastifyReply,
    partner: Partner,
  ): Promise<{ partner: Partner; preview: boolean }> {
    reply.header('Cache-Control', 'no-cache');
    if (request.cookies[PREVIEW_COOKIE] !== partner.key) return { partner, preview: false };
    reply.header('Cache-Control', 'private, no-store');
    const staff = await ctx.staffSessions.optional(request, request.partner().key);
    if (!staff || !staffCan({ kind: staff.staff.kind, role: staff.staff.role }, 'partner.read')) {
      return { partner, preview: false };
    }
    if (staff.staff.kind !== 'bouser' && staff.staff.partnerId !== partner.key) return { partner, preview: false };
    const draft = await backoffice.console.previewPartner(partner.key);
    return draft ? { partner: draft, preview: true } : { partner, preview: false };
  }

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
        const found = ctx.partners.get(request.params.key);
        if (!found) throw new AppError('err_partner_not_found', 404);
        const { partner, preview } = await seen(request, reply, found);
        return { ...toPartnerConfig(partner, ctx.config.API_BASE_PATH), ...(preview ? { is_preview: true } : {}) };
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
          querystring: partnerLogoQuery,
          response: { 200: partnerLogoResponse },
        },
      },
      async (request, reply) => {
        const found = ctx.partners.get(request.params.key);
        if (!found) throw new AppError('err_partner_not_found', 404);
        const { partner, preview } = await seen(request, reply, found);
        // The address names the logo (?v=): the one asked for is the current one, kept a year.
        if (!preview) {
          reply.header(
            'Cache-Control',
            request.query.v === partner.logo ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          );
        }
        // A logo that cannot be read is a 404, never a 500 (issue 25): the portal shows its name instead.
        const missing = () => {
          reply.header('Cache-Control', 'no-store');
          return new AppError('err_not_found', 404);
        };
        let body: NodeJS.ReadableStream;
        try {
          if (partner.logoKey) {
            if (!(await ctx.objectStore.stat(partner.logoKey))) throw missing();
            body = await ctx.objectStore.read(partner.logoKey);
          } else {
            const file = await fs.promises.open(partner.logoPath, 'r');
            body = file.createReadStream();
          }
        } catch (error) {
          if (error instanceof AppError) throw error;
          request.log.warn({ partner: partner.key, logo: partner.logo }, 'partner logo cannot be read');
          throw missing();
        }
        reply.type(partner.logo.endsWith('.svg') ? 'image/svg+xml' : 'image/png');
        return reply.send(body);
      },
    );

    // The logo for e-mails (issue 26): a PNG, which any mail client may load from any origin.
    const mailLogos = new Map<string, Buffer>();
    app.get(
      '/partner/key/:key/logo.png',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags: ['partner'],
          summary: "Get a partner's logo as a PNG (for e-mails).",
          params: partnerKeyParams,
          querystring: partnerLogoQuery,
          response: { 200: partnerMailLogoResponse },
        },
      },
      async (request, reply) => {
        const found = ctx.partners.get(request.params.key);
        if (!found) throw new AppError('err_partner_not_found', 404);
        const partner = found;
        reply.header(
          'Cache-Control',
          request.query.v === partner.logo ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        reply.type('image/png');
        if (partner.logoKey) return reply.send(await ctx.objectStore.read(partner.logoKey));
        if (!partner.logo.endsWith('.svg')) return reply.send(fs.createReadStream(partner.logoPath));
        const key = `${partner.key}|${partner.logo}`;
        let png = mailLogos.get(key);
        if (!png) {
          png = await svgToPng(await fs.promises.readFile(partner.logoPath));
          mailLogos.set(key, png);
        }
        return reply.send(png);
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
        reply.header('Vary', 'Host, Cookie');
        return toAppConfig((await seen(request, reply, request.partner())).partner);
      },
    );
  };
}
