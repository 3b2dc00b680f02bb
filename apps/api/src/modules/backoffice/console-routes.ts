import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleParams,
  consoleVersionParams,
  draftResponse,
  LOGO_MAX_BYTES,
  previewResponse,
  saveDraftRequest,
  versionsResponse,
} from '@finportal/contracts/partner-console';
import { okResponse } from '@finportal/contracts/backoffice';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { PREVIEW_COOKIE } from '../../platform/staff-session.js';
import { PartnerConsole } from './console.js';

/** The partner console's calls (issue 13, ADR 019): draft, publish, versions, restore, preview. */
export function consoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const console = new PartnerConsole(ctx);
  const tags = ['backoffice'];
  const read = { auth: 'staff', permission: 'partner.read' } as const;
  const write = { auth: 'staff', permission: 'partner.write' } as const;
  return async (app) => {
    app.get(
      '/backoffice/partners/:key/draft',
      {
        config: { access: read },
        schema: {
          tags,
          summary: "The console's draft of a partner's portal, and what is published.",
          params: consoleParams,
          response: { 200: draftResponse },
        },
      },
      async (request) => console.draft((await request.staffAuth()).staff, request.params.key),
    );

    app.put(
      '/backoffice/partners/:key/draft',
      {
        config: { access: write },
        schema: {
          tags,
          summary:
            'Saves the draft (all console fields). A theme below WCAG AA contrast is refused (err_contrast_too_low); entitlements only by the operator.',
          params: consoleParams,
          body: saveDraftRequest,
          response: { 200: draftResponse },
        },
      },
      async (request) =>
        console.saveDraft((await request.staffAuth()).staff, request.params.key, request.body, request.ip),
    );

    // The logo: the PNG itself is the body.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('image/png', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_r, body, done) =>
        done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().put(
        '/backoffice/partners/:key/draft/logo',
        {
          config: { access: write, rawUpload: true },
          bodyLimit: LOGO_MAX_BYTES,
          schema: {
            tags,
            summary: "A PNG (image/png, at most 256 KB, 16 to 2000 pixels a side) as the draft's logo.",
            params: consoleParams,
            response: { 200: draftResponse },
          },
        },
        async (request) =>
          console.uploadLogo(
            (await request.staffAuth()).staff,
            request.params.key,
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            request.ip,
          ),
      );
    });

    app.post(
      '/backoffice/partners/:key/publish',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Publishes the draft: a new version, live on every instance at the next page load.',
          params: consoleParams,
          response: { 200: draftResponse },
        },
      },
      async (request) => console.publish((await request.staffAuth()).staff, request.params.key, request.ip),
    );

    app.get(
      '/backoffice/partners/:key/versions',
      {
        config: { access: read },
        schema: {
          tags,
          summary: 'Every published version, newest first (version 1 is the partner file the portal started with).',
          params: consoleParams,
          response: { 200: versionsResponse },
        },
      },
      async (request) => ({ versions: await console.versions((await request.staffAuth()).staff, request.params.key) }),
    );

    app.post(
      '/backoffice/partners/:key/versions/:version/restore',
      {
        config: { access: write },
        schema: {
          tags,
          summary: "Publishes an earlier version's console fields again, as a new version.",
          params: consoleVersionParams,
          response: { 200: draftResponse },
        },
      },
      async (request) =>
        console.restore((await request.staffAuth()).staff, request.params.key, request.params.version, request.ip),
    );

    app.post(
      '/backoffice/partners/:key/preview',
      {
        config: { access: read },
        schema: {
          tags,
          summary:
            "Shows the draft instead of the published configuration on this host's portal, in this browser only, until ended.",
          params: consoleParams,
          response: { 200: previewResponse },
        },
      },
      async (request, reply) => {
        const { staff } = await request.staffAuth();
        console.scope(staff, request.params.key);
        // The staff session belongs to this host: the preview is of this host's partner.
        if (request.partner().key !== request.params.key) throw AppError.field('err_invalid_value', 'key', 400);
        reply.setCookie(PREVIEW_COOKIE, request.params.key, {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
        });
        return { preview_url: `${request.protocol}://${request.host}/` };
      },
    );

    app.delete(
      '/backoffice/partners/:key/preview',
      {
        config: { access: read },
        schema: {
          tags,
          summary: 'Ends the preview in this browser.',
          params: consoleParams,
          response: { 200: okResponse },
        },
      },
      async (request, reply) => {
        console.scope((await request.staffAuth()).staff, request.params.key);
        reply.clearCookie(PREVIEW_COOKIE, { path: '/' });
        return { ok: true as const };
      },
    );
  };
}
