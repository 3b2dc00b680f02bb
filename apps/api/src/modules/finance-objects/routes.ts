import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams } from '@finportal/contracts/applications';
import {
  createFinanceObjectRequest,
  financeObjectDeletedResponse,
  financeObjectParams,
  financeObjectSchema,
  financeObjectsResponse,
  updateFinanceObjectRequest,
} from '@finportal/contracts/finance-objects';
import type { AppContext } from '../../platform/context.js';
import { FinanceObjectsService } from './service.js';

/** The finance_objects calls of spec 2 section 7 (issue 12; ADR 016). */
export function financeObjectsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new FinanceObjectsService(ctx);
  const tags = ['finance-objects'];
  const one = { auth: 'user', entities: { id: 'application' } } as const;
  const both = { auth: 'user', entities: { id: 'application', financeObjectId: 'finance_object' } } as const;
  return async (app) => {
    app.get(
      '/user/applications/:id/finance_objects',
      {
        config: { access: one },
        schema: {
          tags,
          summary:
            'The objects an object-financing application finances, with the maximum and whether they can be changed.',
          params: applicationIdParams,
          response: { 200: financeObjectsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.list(request.partner(), user, request.params.id);
      },
    );

    app.post(
      '/user/applications/:id/finance_objects',
      {
        config: { access: one },
        schema: {
          tags,
          summary: "Add a finance object (the applicant, while Open or PreCheck, up to the partner's maximum).",
          params: applicationIdParams,
          body: createFinanceObjectRequest,
          response: { 201: financeObjectSchema },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const object = await service.add(request.partner(), user, request.params.id, request.body, request.ip);
        return reply.code(201).send(object);
      },
    );

    app.put(
      '/user/applications/:id/finance_objects/:financeObjectId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'Replace a finance object: every field as sent (a field left out is cleared).',
          params: financeObjectParams,
          body: updateFinanceObjectRequest,
          response: { 200: financeObjectSchema },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, financeObjectId } = request.params;
        return service.replace(request.partner(), user, id, financeObjectId, request.body, request.ip);
      },
    );

    app.delete(
      '/user/applications/:id/finance_objects/:financeObjectId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'Delete a finance object.',
          params: financeObjectParams,
          response: { 204: financeObjectDeletedResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        await service.remove(request.partner(), user, request.params.id, request.params.financeObjectId, request.ip);
        return reply.code(204).send(null);
      },
    );
  };
}
