import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationIdParams,
  applicationResponse,
  applicationsListResponse,
  updateCompanyTaxIdRequest,
  updateStatusRequest,
} from '@finportal/contracts/applications';
import { userActor } from '../../platform/actor.js';
import type { AppContext } from '../../platform/context.js';
import { ApplicationsService } from './service.js';

/** The borrower's applications on the dashboard (spec 1 section 7, spec 2 section 7). */
export function applicationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ApplicationsService(ctx);
  return async (app) => {
    const tags = ['applications'];

    app.get(
      '/user/applications',
      {
        config: { access: { auth: 'user' } },
        schema: {
          tags,
          summary: "List the logged-in user's applications and those they sign for, newest first.",
          response: { 200: applicationsListResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return { applications: await service.list(request.partner(), user) };
      },
    );

    app.get(
      '/user/applications/:id',
      {
        config: { access: { auth: 'user', entities: { id: 'application' } } },
        schema: {
          tags,
          summary: 'Get one application as the dashboard shows it (company, offer, bank data, custom fields).',
          params: applicationIdParams,
          response: { 200: applicationResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return { application: await service.get(request.partner(), user, request.params.id) };
      },
    );

    app.patch(
      '/user/applications/:id',
      {
        config: { access: { auth: 'user', entities: { id: 'application' } } },
        schema: {
          tags,
          summary: "Set the tax number of the application's company.",
          params: applicationIdParams,
          body: updateCompanyTaxIdRequest,
          response: { 200: applicationResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const application = await service.updateTaxId(
          request.partner(),
          user,
          request.params.id,
          request.body,
          request.ip,
        );
        return { application };
      },
    );

    app.patch(
      '/user/applications/:id/status',
      {
        config: { access: { auth: 'user', entities: { id: 'application' } } },
        schema: {
          tags,
          summary: "The borrower's move: submit the application (nothing pending), or accept the final offer.",
          params: applicationIdParams,
          body: updateStatusRequest,
          response: { 200: applicationResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const application = await service.changeStatus({
          actor: userActor(user, request.partner(), request.ip),
          applicationId: request.params.id,
          status: request.body.status,
        });
        return { application };
      },
    );
  };
}
