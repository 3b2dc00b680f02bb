import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createApplicationRequest, createApplicationResponse } from '@finportal/contracts/offers';
import type { AppContext } from '../../platform/context.js';
import { OffersService } from './service.js';

export function offersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new OffersService(ctx);
  return async (app) => {
    app.post(
      '/user/applications',
      {
        config: { access: { auth: 'user' } },
        schema: {
          tags: ['applications'],
          summary: 'Create an application from the wizard and get its indicative offer or rejection.',
          body: createApplicationRequest,
          response: { 201: createApplicationResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const application = await service.create(request.partner(), user, request.body, request.ip);
        return reply.code(201).send({ application });
      },
    );
  };
}
