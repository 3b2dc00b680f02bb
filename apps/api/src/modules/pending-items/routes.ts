import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams } from '@finportal/contracts/applications';
import { nextStatusValidateResponse } from '@finportal/contracts/pending-items';
import type { AppContext } from '../../platform/context.js';
import { PendingItemsService } from './service.js';

/** The pending items of an application (spec 1 section 7: next_status_validate). */
export function pendingItemsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new PendingItemsService(ctx);
  return async (app) => {
    const tags = ['applications'];

    app.get(
      '/user/applications/:id/next_status_validate',
      {
        config: { access: { auth: 'user', entities: { id: 'application' } } },
        schema: {
          tags,
          summary: 'List what is still missing before the application can move to its next status.',
          params: applicationIdParams,
          response: { 200: nextStatusValidateResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.nextStatus(request.partner(), user, request.params.id);
      },
    );
  };
}
