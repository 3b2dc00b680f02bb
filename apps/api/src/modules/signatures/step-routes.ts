import { userActor } from '../../platform/actor.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationIdParams } from '@finportal/contracts/applications';
import { caseParams } from '@finportal/contracts/backoffice';
import { signatoryParams } from '@finportal/contracts/representative-schemas';
import {
  acceptTermsRequest,
  loanContractResponse,
  requirementsResponse,
  signaturesOverviewResponse,
  signedDocumentRequest,
  signingRecordsResponse,
} from '@finportal/contracts/signatures';
import { contentDisposition } from '../../platform/content-disposition.js';
import type { AppContext } from '../../platform/context.js';
import { SigningSteps } from './step-service.js';

/** The portal's own origin as the browser sees it: download URLs are same-origin. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const recordsQuery = z.object({ download: z.enum(['0', '1']).optional() });

/** The signing steps: requirements, terms, signed documents, loan contract, signing records, overview (issue 14, ADR 020). */
export function stepRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new SigningSteps(ctx);
  const tags = ['signatures'];
  const application = { auth: 'user', entities: { id: 'application' } } as const;
  const person = { auth: 'user', entities: { id: 'application', signatoryId: 'signatory' } } as const;
  return async (app) => {
    app.get(
      '/user/applications/:id/signatories/:signatoryId/requirements',
      {
        config: { access: person },
        schema: {
          tags,
          summary:
            "The person's own signing steps (kyc_status) and requirements, computed from real data; polled every 10 s by the Signature screen.",
          params: signatoryParams,
          response: { 200: requirementsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, signatoryId } = request.params;
        return service.requirements(request.partner(), user, id, signatoryId, originOf(request));
      },
    );

    app.patch(
      '/user/applications/:id/signatories/:signatoryId/requirements',
      {
        config: { access: person },
        schema: {
          tags,
          summary:
            'Step 4, the terms: SEPA direct-debit mandate and legal signature, once every earlier required step is done. Completes the person.',
          params: signatoryParams,
          body: acceptTermsRequest,
          response: { 200: requirementsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, signatoryId } = request.params;
        return service.acceptTerms({
          actor: userActor(user, request.partner(), request.ip),
          applicationId: id,
          signatoryId,
          body: request.body,
          origin: originOf(request),
        });
      },
    );

    app.patch(
      '/user/applications/:id/signatories/:signatoryId/signed_document',
      {
        config: { access: person },
        schema: {
          tags,
          summary:
            'Links the uploaded, hand-signed copy of the guarantee agreement (offline signing) to the agreement; records the signing.',
          params: signatoryParams,
          body: signedDocumentRequest,
          response: { 200: requirementsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, signatoryId } = request.params;
        return service.linkSignedDocument({
          actor: userActor(user, request.partner(), request.ip),
          applicationId: id,
          signatoryId,
          body: request.body,
          origin: originOf(request),
        });
      },
    );

    app.get(
      '/user/applications/:id/loan_contract',
      {
        config: { access: application },
        schema: {
          tags,
          summary: 'The newest loan contract the back office provided, with a download URL (404 before).',
          params: applicationIdParams,
          response: { 200: loanContractResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.loanContract(request.partner(), user, request.params.id, originOf(request));
      },
    );

    app.get(
      '/user/applications/:id/signatures',
      {
        config: { access: application },
        schema: {
          tags,
          summary: 'Who signs the application, their invitations and who has signed.',
          params: applicationIdParams,
          response: { 200: signaturesOverviewResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.overview(request.partner(), user, request.params.id);
      },
    );

    app.get(
      '/user/applications/:id/signing_records',
      {
        config: { access: application },
        schema: {
          tags,
          summary:
            'The signing records: who signed which document, when, from which IP, through which provider, and its SHA-256 before and after. download=1: as a JSON file.',
          params: applicationIdParams,
          querystring: recordsQuery,
          response: { 200: signingRecordsResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const records = await service.records(request.partner(), user, request.params.id);
        if (request.query.download === '1') {
          reply.header(
            'content-disposition',
            contentDisposition(`signing-records-${request.params.id}.json`, 'attachment'),
          );
        }
        return records;
      },
    );

    app.get(
      '/backoffice/applications/:id/signing_records',
      {
        config: { access: { auth: 'staff', permission: 'cases.read' } },
        schema: {
          tags: ['backoffice'],
          summary: "The case's signing records (who, when, from where, through what, the hashes).",
          params: caseParams,
          response: { 200: signingRecordsResponse },
        },
      },
      async (request) => service.staffRecords((await request.staffAuth()).staff, request.params.id),
    );
  };
}
