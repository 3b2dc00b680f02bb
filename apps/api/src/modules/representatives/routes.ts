import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams } from '@finportal/contracts/applications';
import { registerPersonsResponse } from '@finportal/contracts/representative-register';
import {
  addRepresentativeRequest,
  deletedResponse,
  signatoriesResponse,
  signatoryParams,
  signatoryResponse,
  updateRepresentativeRequest,
} from '@finportal/contracts/representative-schemas';
import type { AppContext } from '../../platform/context.js';
import { RepresentativesService } from './service.js';

/** The signatories calls of spec 2 section 7 and spec 1 section 7, and the register's people (issue 10). */
export function representativesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new RepresentativesService(ctx);
  const tags = ['representatives'];
  const one = { auth: 'user', entities: { id: 'application' } } as const;
  const both = { auth: 'user', entities: { id: 'application', signatoryId: 'signatory' } } as const;
  return async (app) => {
    app.get(
      '/user/applications/:id/signatories',
      {
        config: { access: one },
        schema: {
          tags,
          summary: "The application's representatives (signatories, beneficial owners, guarantors).",
          params: applicationIdParams,
          response: { 200: signatoriesResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.list(request.partner(), user, request.params.id);
      },
    );

    app.post(
      '/user/applications/:id/signatories',
      {
        config: { access: one },
        schema: {
          tags,
          summary: 'Add a representative (needs signatory): data is a list of one.',
          params: applicationIdParams,
          body: addRepresentativeRequest,
          response: { 201: signatoryResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const signatory = await service.add(
          request.partner(),
          user,
          request.params.id,
          request.body.data[0]!,
          request.ip,
        );
        return reply.code(201).send({ signatory });
      },
    );

    app.patch(
      '/user/applications/:id/signatories/:signatoryId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: "Change a representative's fields: the tax id alone, the contact data, or the form.",
          params: signatoryParams,
          body: updateRepresentativeRequest,
          response: { 200: signatoryResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, signatoryId } = request.params;
        const signatory = await service.update(request.partner(), user, id, signatoryId, request.body, request.ip);
        return { signatory };
      },
    );

    app.delete(
      '/user/applications/:id/signatories/:signatoryId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'Delete a representative.',
          params: signatoryParams,
          response: { 204: deletedResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        await service.remove(request.partner(), user, request.params.id, request.params.signatoryId, request.ip);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/user/applications/:id/register_persons',
      {
        config: { access: one },
        schema: {
          tags,
          summary:
            "The company register's directors, authorised officers and shareholders of the application's company.",
          params: applicationIdParams,
          response: { 200: registerPersonsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.registerPersons(request.partner(), user, request.params.id);
      },
    );
  };
}
