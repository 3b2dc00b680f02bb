import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams, applicationResponse, updateCustomFieldsRequest } from '@finportal/contracts/applications';
import type { AppContext } from '../../platform/context.js';
import { CustomFieldsService } from './service.js';

export function customFieldsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CustomFieldsService(ctx);
  return async (app) => {
    app.patch(
      '/user/applications/:id/custom_field_list',
      {
        config: { access: { auth: 'user', entities: { id: 'application' } } },
        schema: {
          tags: ['applications'],
          summary: "Save answers to the partner's custom fields of an application.",
          params: applicationIdParams,
          body: updateCustomFieldsRequest,
          response: { 200: applicationResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const application = await service.update(request.partner(), user, request.params.id, request.body, request.ip);
        return { application };
      },
    );
  };
}
