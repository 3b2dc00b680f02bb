import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export function healthRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: { auth: 'public' } },
        schema: { tags: ['platform'], response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => ({ status: 'ok' as const }),
    );
  };
}
