import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySearchQuery, companySearchResponse } from '@finportal/contracts/company-search';
import type { AppContext } from '../../platform/context.js';
import { CompanySearchService } from './service.js';

/**
 * GET /company_search?name=…&country=…: public (visitors search before they have an account);
 * what it finds depends on who asks (the session, if any).
 */
export function companySearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CompanySearchService(ctx);
  return async (app) => {
    app.get(
      '/company_search',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags: ['company-search'],
          summary: "Search companies by name in one country (the portal's companies and the company register).",
          querystring: companySearchQuery,
          response: { 200: companySearchResponse },
        },
      },
      async (request, reply) => {
        const partner = request.partner();
        reply.header('Cache-Control', 'no-store');
        // Public, but a logged-in borrower also finds their own companies (ADR 009).
        const viewer = async () => (await ctx.sessions.optional(request, partner.key))?.user.id ?? null;
        return service.search(partner, request.ip, request.query.name, request.query.country, viewer);
      },
    );
  };
}
