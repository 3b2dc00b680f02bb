import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignRequest,
  auditQuery,
  auditResponse,
  caseParams,
  caseDocumentParams,
  caseRequestParams,
  caseSignatoryParams,
  manualIdentificationRequest,
  caseResponse,
  changeStatusRequest,
  correctSignatoryEmailRequest,
  CONTRACT_MAX_BYTES,
  contractParams,
  contractUploadQuery,
  okResponse,
  queueCsvResponse,
  queueQuery,
  queueResponse,
  setPricingRequest,
  staffListQuery,
  staffListResponse,
  staffLoginRequest,
  staffProfileSchema,
} from '@finportal/contracts/backoffice';
import {
  createDataRequestRequest,
  rejectDocumentRequest,
  staffDocumentVisibilityRequest,
} from '@finportal/contracts/data-requests';
import { downloadUrlResponse } from '@finportal/contracts/documents';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffActor } from '../../platform/actor.js';
import { STAFF_DEVICE_COOKIE, STAFF_DEVICE_COOKIE_DAYS } from './staff-devices.js';
import type { AppContext } from '../../platform/context.js';
import { listQueue, queueCsv } from './queue.js';
import { BackofficeService } from './service.js';

/**
 * The back office's API under /backoffice on every host (issue 13, ADR 019). Every route but the
 * login needs a staff session of this host and the permission of the matrix it names
 * (contracts backoffice-permissions.ts); a case of a partner the staff member does not see is 404.
 */
/** The portal's own origin as the browser sees it: download URLs are same-origin. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function backofficeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new BackofficeService(ctx);
  const tags = ['backoffice'];
  return async (app) => {
    app.post(
      '/backoffice/login',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary:
            "Staff login: e-mail, password and the current code of the authenticator app (a code is accepted once). A puser logs in on its partner's host only.",
          body: staffLoginRequest,
          response: { 200: staffProfileSchema },
        },
      },
      async (request, reply) => {
        const host = request.partner();
        const { email, password, code } = request.body;
        const { staff, deviceToken } = await service.auth.login(
          host,
          email,
          password,
          code,
          request.ip,
          request.cookies[STAFF_DEVICE_COOKIE],
        );
        await ctx.staffSessions.create(reply, staff.id, host.key);
        reply.setCookie(STAFF_DEVICE_COOKIE, deviceToken, {
          path: `${ctx.config.API_BASE_PATH}/backoffice`,
          httpOnly: true,
          sameSite: 'strict',
          secure: new URL(ctx.config.PUBLIC_BASE_URL).protocol === 'https:',
          maxAge: STAFF_DEVICE_COOKIE_DAYS * 86_400,
        });
        return service.auth.profile(staff, host);
      },
    );

    app.post(
      '/backoffice/logout',
      {
        config: { access: { auth: 'staff' } },
        schema: { tags, summary: 'Ends the staff session.', response: { 200: okResponse } },
      },
      async (request, reply) => {
        const { sessionId } = await request.staffAuth();
        await ctx.staffSessions.end(sessionId);
        ctx.staffSessions.clearCookie(reply);
        return { ok: true as const };
      },
    );

    app.get(
      '/backoffice/me',
      {
        config: { access: { auth: 'staff' } },
        schema: {
          tags,
          summary: 'The logged-in staff member, their permissions and partners.',
          response: { 200: staffProfileSchema },
        },
      },
      async (request) => service.auth.profile((await request.staffAuth()).staff, request.partner()),
    );

    app.get(
      '/backoffice/staff',
      {
        config: { access: { auth: 'staff', permission: 'cases.read' } },
        schema: {
          tags,
          summary:
            'The active colleagues who see a partner (default: every partner this person sees): to give a case to, to filter the queue by.',
          querystring: staffListQuery,
          response: { 200: staffListResponse },
        },
      },
      async (request) => ({
        staff: await service.auth.colleagues((await request.staffAuth()).staff, request.query.partner),
      }),
    );

    app.get(
      '/backoffice/applications',
      {
        config: { access: { auth: 'staff', permission: 'cases.read' } },
        schema: {
          tags,
          summary: 'The queue: applications of the partners this person sees, filtered, searched, sorted and paged.',
          querystring: queueQuery,
          response: { 200: queueResponse },
        },
      },
      async (request) => listQueue(ctx.db, (await request.staffAuth()).staff, request.query),
    );

    app.get(
      '/backoffice/applications.csv',
      {
        config: { access: { auth: 'staff', permission: 'cases.read' } },
        schema: {
          tags,
          summary: 'The filtered, sorted queue as CSV (every page, streamed).',
          querystring: queueQuery,
          response: { 200: queueCsvResponse },
        },
      },
      async (request, reply) => {
        const { staff } = await request.staffAuth();
        const csv = Readable.from(queueCsv(ctx.db, staff, request.query, ctx.clock.now()));
        const day = ctx.clock.now().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="applications-${day}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(csv as unknown as string); // a stream; the schema documents what it carries
      },
    );

    app.get(
      '/backoffice/applications/:id',
      {
        config: { access: { auth: 'staff', permission: 'cases.read' } },
        schema: {
          tags,
          summary:
            'A case: everything the borrower entered, the pending items, the status history and the moves allowed.',
          params: caseParams,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({ case: await service.cases.detail((await request.staffAuth()).staff, request.params.id) }),
    );

    app.patch(
      '/backoffice/applications/:id/status',
      {
        config: { access: { auth: 'staff', permission: 'cases.status' } },
        schema: {
          tags,
          summary:
            "Moves the case through the application's workflow with a reason (409 err_status_change_not_allowed, err_no_pricing, err_signatures_incomplete; 403 err_no_permission, err_approve_require_different_user).",
          params: caseParams,
          body: changeStatusRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.changeStatus({
          actor: staffActor((await request.staffAuth()).staff, request.ip),
          applicationId: request.params.id,
          status: request.body.status,
          reason: request.body.reason,
        }),
      }),
    );

    app.put(
      '/backoffice/applications/:id/pricing',
      {
        config: { access: { auth: 'staff', permission: 'cases.pricing' } },
        schema: {
          tags,
          summary: "Sets the final rate and fee within the partner's bounds while the case is under review.",
          params: caseParams,
          body: setPricingRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.setPricing({
          actor: staffActor((await request.staffAuth()).staff, request.ip),
          applicationId: request.params.id,
          pricing: request.body,
        }),
      }),
    );

    app.post(
      '/backoffice/applications/:id/assign',
      {
        config: { access: { auth: 'staff', permission: 'cases.assign' } },
        schema: {
          tags,
          summary: 'Takes the case (assignee "me"), gives it to a colleague (their id) or hands it back (null).',
          params: caseParams,
          body: assignRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.assign(
          (await request.staffAuth()).staff,
          request.params.id,
          request.body.assignee,
          request.ip,
        ),
      }),
    );

    app.get(
      '/backoffice/applications/:id/documents/:documentId/download_url',
      {
        config: { access: { auth: 'staff', permission: 'cases.read' } },
        schema: {
          tags,
          summary: 'A short-lived download URL of any document of the case (also those the borrower does not see).',
          params: caseDocumentParams,
          response: { 200: downloadUrlResponse },
        },
      },
      async (request) =>
        service.cases.documentUrl(
          (await request.staffAuth()).staff,
          request.params.id,
          request.params.documentId,
          originOf(request),
        ),
    );

    app.post(
      '/backoffice/applications/:id/requests',
      {
        config: { access: { auth: 'staff', permission: 'cases.request' } },
        schema: {
          tags,
          summary:
            "Asks the borrower for a document of one of the application's types or for information, with a message: a pending item for the borrower and an e-mail.",
          params: caseParams,
          body: createDataRequestRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.createRequest(
          (await request.staffAuth()).staff,
          request.params.id,
          request.body,
          request.ip,
        ),
      }),
    );

    app.delete(
      '/backoffice/applications/:id/requests/:requestId',
      {
        config: { access: { auth: 'staff', permission: 'cases.request' } },
        schema: {
          tags,
          summary: 'Withdraws an open request.',
          params: caseRequestParams,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.cancelRequest(
          (await request.staffAuth()).staff,
          request.params.id,
          request.params.requestId,
          request.ip,
        ),
      }),
    );

    app.post(
      '/backoffice/applications/:id/documents/:documentId/reject',
      {
        config: { access: { auth: 'staff', permission: 'cases.request' } },
        schema: {
          tags,
          summary:
            'Rejects a document with a reason: it no longer counts, and a request of its type reopens its slot for the borrower.',
          params: caseDocumentParams,
          body: rejectDocumentRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.rejectDocument(
          (await request.staffAuth()).staff,
          request.params.id,
          request.params.documentId,
          request.body.reason,
          request.ip,
        ),
      }),
    );

    app.patch(
      '/backoffice/applications/:id/documents/:documentId',
      {
        config: { access: { auth: 'staff', permission: 'cases.documents' } },
        schema: {
          tags,
          summary: 'Shows a document to the borrower or hides it.',
          params: caseDocumentParams,
          body: staffDocumentVisibilityRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.setDocumentVisibility(
          (await request.staffAuth()).staff,
          request.params.id,
          request.params.documentId,
          request.body.is_client_visible,
          request.ip,
        ),
      }),
    );

    app.post(
      '/backoffice/applications/:id/contracts/:kind/generate',
      {
        config: { access: { auth: 'staff', permission: 'cases.documents' } },
        schema: {
          tags,
          summary:
            "Generates the loan contract or the guarantee agreement as PDF from the application's data (needs the final pricing); hidden from the borrower until shown.",
          params: contractParams,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.generateContract(
          (await request.staffAuth()).staff,
          request.params.id,
          request.params.kind,
          request.ip,
        ),
      }),
    );

    // A contract made elsewhere: the PDF itself is the body.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/pdf',
        { parseAs: 'buffer', bodyLimit: CONTRACT_MAX_BYTES },
        (_r, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().put(
        '/backoffice/applications/:id/contracts/:kind',
        {
          config: { access: { auth: 'staff', permission: 'cases.documents' }, rawUpload: true },
          bodyLimit: CONTRACT_MAX_BYTES,
          schema: {
            tags,
            summary:
              'Uploads the loan contract or the guarantee agreement (application/pdf, at most 15 MB); scanned like every upload.',
            params: contractParams,
            querystring: contractUploadQuery,
            response: { 200: caseResponse },
          },
        },
        async (request) => ({
          case: await service.cases.uploadContract(
            (await request.staffAuth()).staff,
            request.params.id,
            request.params.kind,
            request.query.file_name,
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            request.ip,
          ),
        }),
      );
    });

    app.post(
      '/backoffice/applications/:id/signatories/:signatoryId/invite',
      {
        config: { access: { auth: 'staff', permission: 'cases.signatures' } },
        schema: {
          tags,
          summary:
            'Sends a representative the signing invitation again, at Signature (a new link; earlier links keep working until they expire or one is used).',
          params: caseSignatoryParams,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.inviteSignatory({
          actor: staffActor((await request.staffAuth()).staff, request.ip),
          applicationId: request.params.id,
          signatoryId: request.params.signatoryId,
        }),
      }),
    );

    app.post(
      '/backoffice/applications/:id/signatories/:signatoryId/identification',
      {
        config: { access: { auth: 'staff', permission: 'cases.signatures' } },
        schema: {
          tags,
          summary: 'Marks the identification of a representative done by hand, with a note on how.',
          params: caseSignatoryParams,
          body: manualIdentificationRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.identifySignatory({
          actor: staffActor((await request.staffAuth()).staff, request.ip),
          applicationId: request.params.id,
          signatoryId: request.params.signatoryId,
          note: request.body.note,
        }),
      }),
    );

    app.patch(
      '/backoffice/applications/:id/signatories/:signatoryId/email',
      {
        config: { access: { auth: 'staff', permission: 'cases.signatures' } },
        schema: {
          tags,
          summary:
            "Corrects a representative's e-mail (not of one who accepted): their open invitation links stop working, a new invitation is needed.",
          params: caseSignatoryParams,
          body: correctSignatoryEmailRequest,
          response: { 200: caseResponse },
        },
      },
      async (request) => ({
        case: await service.cases.correctSignatoryEmail({
          actor: staffActor((await request.staffAuth()).staff, request.ip),
          applicationId: request.params.id,
          signatoryId: request.params.signatoryId,
          email: request.body.email,
        }),
      }),
    );

    app.get(
      '/backoffice/audit',
      {
        config: { access: { auth: 'staff', permission: 'audit.read' } },
        schema: {
          tags,
          summary: 'The audit trail of an application, newest first (IBAN, tax ids and birth dates masked).',
          querystring: auditQuery,
          response: { 200: auditResponse },
        },
      },
      async (request) => ({
        entries: await service.cases.auditTrail(
          (await request.staffAuth()).staff,
          request.query.application_id,
          request.query.page_size,
        ),
      }),
    );
  };
}
