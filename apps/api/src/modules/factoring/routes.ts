import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams } from '@finportal/contracts/applications';
import {
  coverRequest,
  createDebitorRequest,
  debitorDeletedResponse,
  debitorImportRequest,
  debitorImportResponse,
  debitorParams,
  debitorSchema,
  debitorsResponse,
  newCompanyRequest,
  newCompanyResponse,
  updateDebitorRequest,
} from '@finportal/contracts/debitors';
import {
  FACTORING_SECTIONS,
  factoringDetailsResponse,
  factoringSectionRequests,
  type FactoringValues,
} from '@finportal/contracts/factoring';
import type { AppContext } from '../../platform/context.js';
import { CompaniesService } from './companies.js';
import { DebitorsService } from './debitors.js';
import { DebitorImportService } from './import-service.js';
import { FactoringService } from './service.js';

/** The factoring calls of spec 2 section 7 (issue 12; ADR 018). */
export function factoringRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const details = new FactoringService(ctx);
  const debitors = new DebitorsService(ctx, details.access);
  const companies = new CompaniesService(ctx, details.access);
  const imports = new DebitorImportService(ctx, details.access);
  const tags = ['factoring'];
  const one = { auth: 'user', entities: { id: 'application' } } as const;
  const both = { auth: 'user', entities: { id: 'application', debitorId: 'debitor' } } as const;
  return async (app) => {
    app.get(
      '/user/applications/:id/factoring',
      {
        config: { access: one },
        schema: {
          tags,
          summary:
            'The factoring details of a factoring application: the financial, invoice and risk-protection cards.',
          params: applicationIdParams,
          response: { 200: factoringDetailsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return details.details(request.partner(), user, request.params.id);
      },
    );

    for (const section of FACTORING_SECTIONS) {
      app.patch(
        `/user/applications/:id/factoring/${section}`,
        {
          config: { access: one },
          schema: {
            tags,
            summary: `Save the ${section.replace('_', '-')} card of the factoring details as a whole (needs debitor).`,
            params: applicationIdParams,
            body: factoringSectionRequests[section],
            response: { 200: factoringDetailsResponse },
          },
        },
        async (request) => {
          const { user } = await request.auth();
          const body = request.body as FactoringValues;
          return details.saveSection(request.partner(), user, request.params.id, section, body, request.ip);
        },
      );
    }

    app.get(
      '/user/applications/:id/factoring/debitors',
      {
        config: { access: one },
        schema: {
          tags,
          summary: 'The debtors of a factoring application (largest sales first), with the concentration figure.',
          params: applicationIdParams,
          response: { 200: debitorsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return debitors.list(request.partner(), user, request.params.id);
      },
    );

    app.post(
      '/user/applications/:id/factoring/debitors',
      {
        config: { access: one },
        schema: {
          tags,
          summary:
            "Add a debtor: a company of the search with its annual sales (needs debitor; up to the partner's maximum).",
          params: applicationIdParams,
          body: createDebitorRequest,
          response: { 201: debitorSchema },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const debitor = await debitors.add(request.partner(), user, request.params.id, request.body, request.ip);
        return reply.code(201).send(debitor);
      },
    );

    app.post(
      '/user/applications/:id/factoring/debitors/import',
      {
        config: { access: one },
        schema: {
          tags,
          summary: 'Import debtors from CSV text: a preview of every row, or (confirm) store the valid rows.',
          params: applicationIdParams,
          body: debitorImportRequest,
          response: { 200: debitorImportResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return imports.run(request.partner(), user, request.params.id, request.body, request.ip);
      },
    );

    app.patch(
      '/user/applications/:id/factoring/debitors/:debitorId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: "Change a debtor's annual sales or currency (needs debitor).",
          params: debitorParams,
          body: updateDebitorRequest,
          response: { 200: debitorSchema },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, debitorId } = request.params;
        return debitors.update(request.partner(), user, id, debitorId, request.body, request.ip);
      },
    );

    app.delete(
      '/user/applications/:id/factoring/debitors/:debitorId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'Delete a debtor (needs debitor).',
          params: debitorParams,
          response: { 204: debitorDeletedResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        await debitors.remove(request.partner(), user, request.params.id, request.params.debitorId, request.ip);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/user/applications/:id/factoring/debitors/:debitorId/insurance_cover',
      {
        config: { access: both },
        schema: {
          tags,
          summary:
            "Request the credit insurer's cover for a debtor it knows (needs debitor); the answer follows as Pending.",
          params: debitorParams,
          body: coverRequest,
          response: { 202: debitorSchema },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const { id, debitorId } = request.params;
        const debitor = await debitors.requestCover(request.partner(), user, id, debitorId, request.ip);
        return reply.code(202).send(debitor);
      },
    );

    app.post(
      '/user/applications/:id/companies',
      {
        config: { access: one },
        schema: {
          tags,
          summary:
            'Add a company for a debtor (the debtor search found none, or a hit at a provider): the applicant’s own.',
          params: applicationIdParams,
          body: newCompanyRequest,
          response: { 201: newCompanyResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const company = await companies.create(request.partner(), user, request.params.id, request.body, request.ip);
        return reply.code(201).send(company);
      },
    );
  };
}
