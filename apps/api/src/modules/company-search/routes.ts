import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySearchQuery, companySearchResponse } from '@finportal/contracts/company-search';
import { companyCoverSearchQuery, filterValuesResponse } from '@finportal/contracts/debitors';
import type { AppContext } from '../../platform/context.js';
import { CompanyCoverSearchService } from './cover-search.js';
import { CompanySearchService } from './service.js';

/**
 * GET /company_search?name=…&country=…: public (visitors search before they have an account);
 * what it finds depends on who asks (the session, if any).
 */
export function companySearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CompanySearchService(ctx);
  const cover = new CompanyCoverSearchService(ctx);
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

    app.get(
      '/user/company_search',
      {
        config: { access: { auth: 'user' } },
        // The session first: a visitor gets 401, not the query's 400 (the route policy's own check
        // runs after validation; this one keeps the session it found for it).
        preValidation: async (request) => {
          const auth = await request.auth();
          request.auth = () => Promise.resolve(auth);
        },
        schema: {
          tags: ['company-search', 'factoring'],
          summary:
            "Search debtor companies (purpose=company_cover): ours and the credit insurer's, by name or by a register or tax id.",
          querystring: companyCoverSearchQuery,
          response: { 200: companySearchResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        reply.header('Cache-Control', 'no-store');
        const q = request.query;
        const base = { country: q.country, pageSize: q.page_size };
        return cover.search(
          request.partner(),
          request.ip,
          user.id,
          q.name !== undefined
            ? { ...base, name: q.name }
            : { ...base, idType: q.company_country_id_type!, id: q.company_country_id! },
        );
      },
    );

    app.get(
      '/user/filter_values',
      {
        config: { access: { auth: 'user' } },
        schema: {
          tags: ['company-search', 'factoring'],
          summary: 'The register and tax id types of each country that the debtor search takes (company_country_ids).',
          response: { 200: filterValuesResponse },
        },
      },
      async () => cover.filterValues(),
    );
  };
}
