import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { applicationIdParams } from '@finportal/contracts/applications';
import {
  annualStatementBaseYearRequest,
  annualStatementBaseYearResponse,
  createDocumentRequest,
  createDocumentResponse,
  documentParams,
  documentResponse,
  documentsResponse,
  documentVisibilityRequest,
  downloadFileResponse,
  downloadQuery,
  downloadUrlResponse,
  listDocumentsQuery,
  tokenPathParams,
  uploadResponse,
  uploadSuccessRequest,
} from '@finportal/contracts/documents';
import { deletedResponse } from '@finportal/contracts/representative-schemas';
import { contentDisposition, isPreviewable } from '../../platform/content-disposition.js';
import type { AppContext } from '../../platform/context.js';
import { ApplicationsService } from '../applications/public.js';
import { switchBaseYear } from './base-year.js';
import { DocumentsService } from './service.js';
import { changeVisibility } from './visibility.js';

/** The portal's own origin as the browser sees it (the partner's subdomain): upload and download URLs are same-origin. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The documents calls of spec 2 section 7, the upload URL (PUT) and the download URL (GET) (issue 11). */
export function documentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new DocumentsService(ctx);
  const applications = new ApplicationsService(ctx);
  const tags = ['documents'];
  const one = { auth: 'user', entities: { id: 'application' } } as const;
  const both = { auth: 'user', entities: { id: 'application', documentId: 'document' } } as const;
  return async (app) => {
    app.get(
      '/user/applications/:id/documents',
      {
        config: { access: one },
        schema: {
          tags,
          summary: "The application's documents (filters: type, entity; page size up to 999).",
          params: applicationIdParams,
          querystring: listDocumentsQuery,
          response: { 200: documentsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return { result: await service.list(request.partner(), user, request.params.id, request.query) };
      },
    );

    app.post(
      '/user/applications/:id/documents',
      {
        config: { access: one },
        schema: {
          tags,
          summary: 'Announce a file of a document type: its rules are checked, the answer holds the upload URL.',
          params: applicationIdParams,
          body: createDocumentRequest,
          response: { 201: createDocumentResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const created = await service.create(
          request.partner(),
          user,
          request.params.id,
          request.body,
          request.ip,
          originOf(request),
        );
        return reply.code(201).send(created);
      },
    );

    app.patch(
      '/user/applications/:id/documents/:documentId/upload_success',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'Confirm an upload (or record it as failed).',
          params: documentParams,
          body: uploadSuccessRequest,
          response: { 200: documentResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, documentId } = request.params;
        const document = await service.uploadSuccess(
          request.partner(),
          user,
          id,
          documentId,
          request.body.is_upload_successful,
          request.ip,
        );
        return { document };
      },
    );

    app.get(
      '/user/applications/:id/documents/:documentId/download_url',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'A short-lived URL of a clean, confirmed file (`inline=1`: a preview, for PDF and images).',
          params: documentParams,
          querystring: downloadQuery,
          response: { 200: downloadUrlResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.downloadUrl(
          request.partner(),
          user,
          request.params.id,
          request.params.documentId,
          originOf(request),
          request.query.inline === '1',
        );
      },
    );

    app.patch(
      '/user/applications/:id/documents/:documentId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'Show or hide a document to the customer (back office; borrowers get 403).',
          params: documentParams,
          body: documentVisibilityRequest,
          response: { 200: documentResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return changeVisibility(
          ctx,
          applications,
          request.partner(),
          user,
          request.params.id,
          request.params.documentId,
        );
      },
    );

    app.delete(
      '/user/applications/:id/documents/:documentId',
      {
        config: { access: both },
        schema: {
          tags,
          summary: 'Delete a document (while the application is Open).',
          params: documentParams,
          response: { 204: deletedResponse },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        await service.remove(request.partner(), user, request.params.id, request.params.documentId, request.ip);
        return reply.code(204).send(null);
      },
    );

    app.patch(
      '/user/applications/:id/annual_statement_base_year',
      {
        config: { access: one },
        schema: {
          tags,
          summary: "Switch the annual statements' base year; removes the statements of years no longer asked for.",
          params: applicationIdParams,
          body: annualStatementBaseYearRequest,
          response: { 200: annualStatementBaseYearResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return switchBaseYear(
          ctx,
          applications,
          request.partner(),
          user,
          request.params.id,
          request.body.base_year,
          request.ip,
        );
      },
    );

    app.get(
      '/downloads/:part',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary: 'The file of a download URL (short-lived), as an attachment.',
          params: tokenPathParams,
          querystring: downloadQuery,
          response: { 200: downloadFileResponse },
        },
      },
      async (request, reply) => {
        const file = await service.download(request.params.part);
        // A preview (inline) only for types a browser shows safely; in a sandbox, never as a page of the portal.
        const inline = request.query.inline === '1' && isPreviewable(file.contentType);
        reply.header('Content-Type', file.contentType);
        reply.header('Content-Disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'));
        if (inline)
          reply.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; object-src 'self'");
        reply.header('Cache-Control', 'private, no-store');
        if (file.size !== null) reply.header('Content-Length', String(file.size));
        return reply.send(file.stream);
      },
    );

    // The upload URL: the body is the file, streamed as it is (any content type).
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      const raw = scope.withTypeProvider<ZodTypeProvider>();
      raw.put(
        '/uploads/:part',
        {
          config: { access: { auth: 'public' }, rawUpload: true },
          bodyLimit: Number.MAX_SAFE_INTEGER,
          schema: {
            tags,
            summary: 'Upload the announced file to its upload URL (single use, expiring, size pinned).',
            params: tokenPathParams,
            response: { 200: uploadResponse },
          },
        },
        async (request) => {
          const length = request.headers['content-length'];
          const document = await service.receive(
            request.params.part,
            request.raw,
            length === undefined ? null : Number(length),
          );
          return { document };
        },
      );
    });
  };
}
