import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyDetailsResponse, companyIdParams } from '@finportal/contracts/companies';
import type { AppContext } from '../../platform/context.js';
import { CompaniesService } from './service.js';

/** The company route of the dashboard (spec 2 section 2; ADR 009, ADR 018). */
export function companiesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CompaniesService(ctx);
  return async (app) => {
    app.get(
      '/user/companies/:companyId',
      {
        config: { access: { auth: 'user', entities: { companyId: 'company' } } },
        schema: {
          tags: ['companies'],
          summary:
            "A company's details: the caller's own company, or a debtor of an application the caller may read, with those debtor entries.",
          params: companyIdParams,
          response: { 200: companyDetailsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.details(request.partner(), user, request.params.companyId);
      },
    );
  };
}
