import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signatoryParams } from '@finportal/contracts/representative-schemas';
import { videoIdentResponse } from '@finportal/contracts/signatures';
import type { AppContext } from '../../platform/context.js';
import { IdentService } from './ident-service.js';

/** The largest callback body taken (the demo provider's is ~200 bytes). */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const callbackParams = z.object({ provider: z.string().max(40) });
/** What the portal answers a provider's callback (the provider only needs the 2xx). */
const callbackResponse = z.object({ received: z.literal(true), changed: z.boolean() });

/** The origin the person's browser reached the portal at (the provider's page is served there). */
export const requestOrigin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

/** Identification and e-sign sessions and the providers' callbacks (ADR 020). The demo provider's pages: demo-provider-page.ts. */
export function identRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new IdentService(ctx);
  const tags = ['signatures'];
  return async (app) => {
    app.post(
      '/user/applications/:id/signatories_requirements/:signatoryId/video_idents',
      {
        config: { access: { auth: 'user', entities: { id: 'application', signatoryId: 'signatory' } } },
        schema: {
          tags,
          summary:
            "Start (or continue) the person's identification or e-sign session with the partner's provider: the URL to go to.",
          params: signatoryParams,
          response: { 200: videoIdentResponse, 201: videoIdentResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const { id, signatoryId } = request.params;
        const { session, created } = await service.start(
          request.partner(),
          user,
          id,
          signatoryId,
          request.ip,
          requestOrigin(request),
        );
        return reply.code(created ? 201 : 200).send(session);
      },
    );

    // The callback is verified over its raw bytes (HMAC): the body is kept as it arrived.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/signatures/callbacks/:provider',
        {
          config: { access: { auth: 'public' } },
          bodyLimit: CALLBACK_BODY_LIMIT,
          schema: {
            tags,
            summary:
              "A provider's signed callback about a session (event id, session ref, the provider's status, time).",
            description:
              'Body: contracts providerCallbackBody. Header x-demo-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. ' +
              '401 wrong or stale signature, 404 unknown provider or session, 409 event id already taken.',
            params: callbackParams,
            response: { 200: callbackResponse },
          },
        },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const { changed } = await service.callback(request.params.provider, raw, request.headers, request.ip);
          return { received: true as const, changed };
        },
      );
    });
  };
}
