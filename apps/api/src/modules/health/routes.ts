import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@finportal/contracts/health';

export function healthRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags: ['platform'],
          summary: 'Check that the API is up (liveness probe).',
          response: { 200: healthResponse },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
  };
}
