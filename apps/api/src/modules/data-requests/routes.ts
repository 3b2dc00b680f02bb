import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userActor } from '../../platform/actor.js';
import { applicationIdParams } from '@finportal/contracts/applications';
import {
  answerDataRequestRequest,
  dataRequestParams,
  dataRequestSchema,
  dataRequestsResponse,
} from '@finportal/contracts/data-requests';
import type { AppContext } from '../../platform/context.js';
import { DataRequestsService } from './service.js';

/** The borrower's side of the back office's requests (issue 13, ADR 019). */
export function dataRequestsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new DataRequestsService(ctx);
  const tags = ['requests'];
  return async (app) => {
    app.get(
      '/user/applications/:id/requests',
      {
        config: { access: { auth: 'user', entities: { id: 'application' } } },
        schema: {
          tags,
          summary: 'What the back office asked for: documents and information, open ones first.',
          params: applicationIdParams,
          response: { 200: dataRequestsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.list(request.partner(), user, request.params.id);
      },
    );

    app.post(
      '/user/applications/:id/requests/:requestId/answer',
      {
        config: { access: { auth: 'user', entities: { id: 'application', requestId: 'data_request' } } },
        schema: {
          tags,
          summary: 'Answers an information request of the back office (the request is then fulfilled).',
          params: dataRequestParams,
          body: answerDataRequestRequest,
          response: { 200: dataRequestSchema },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.answer({
          actor: userActor(user, request.partner(), request.ip),
          applicationId: request.params.id,
          requestId: request.params.requestId,
          answer: request.body.answer,
        });
      },
    );
  };
}
