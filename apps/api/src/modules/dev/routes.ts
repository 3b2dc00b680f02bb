import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  devApplicationIdParams,
  devBenchPrimaryKeyResponse,
  devHtmlPageResponse,
  devInvitationRequest,
  devInvitationResponse,
  devMailboxMessagesResponse,
  devMailboxQuery,
  devMailIdParams,
  devPartnerParams,
  devPartnerUpdateRequest,
  devPartnerUpdateResponse,
  devStaffRequest,
  devStaffResponse,
  fixturesRequest,
  fixturesResponse,
  type DevMailboxQuery,
} from '@finportal/contracts/dev';
import { mailOutbox } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { updatePartnerConfig } from '../../platform/tenancy.js';
import { AuthService } from '../auth/public.js';
import { createStaffUser, StaffAccountError } from '../backoffice/public.js';
import { randomBytes } from 'node:crypto';
import { seedApplicationParts } from './fixtures.js';
import { applications } from '../../db/schema.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Development helpers: the dev mailbox and invitations. Not registered in production. */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const auth = new AuthService(ctx);
  return async (app) => {
    const tags = ['dev'];

    const list = async (q: DevMailboxQuery) => {
      const conds: SQL[] = [];
      if (q.to) conds.push(eq(mailOutbox.toAddress, q.to.toLowerCase()));
      if (q.partner) conds.push(eq(mailOutbox.partnerId, q.partner));
      return ctx.db
        .select()
        .from(mailOutbox)
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(100);
    };

    app.get(
      '/dev/mailbox/messages',
      {
        config: { access: { auth: 'dev' } },
        schema: {
          tags,
          summary: 'List the newest 100 e-mails the portal wrote (dev mailbox), optionally by recipient and partner.',
          querystring: devMailboxQuery,
          response: { 200: devMailboxMessagesResponse },
        },
      },
      async (request) => {
        const rows = await list(request.query);
        return {
          messages: rows.map((m) => ({
            id: m.id,
            partner: m.partnerId,
            to: m.toAddress,
            subject: m.subject,
            text: m.textBody,
            html: m.htmlBody,
            template: m.template,
            language: m.language,
            status: m.status,
            created_at: m.createdAt.toISOString(),
            attachments: m.attachments ?? [],
          })),
        };
      },
    );

    app.get(
      '/dev/mailbox/messages/:id',
      {
        config: { access: { auth: 'dev' } },
        schema: {
          tags,
          summary: 'Show the HTML body of one e-mail of the dev mailbox.',
          params: devMailIdParams,
          response: { 200: devHtmlPageResponse },
        },
      },
      async (request, reply) => {
        const row = (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id)).limit(1))[0];
        if (!row) throw notFound();
        reply.header(
          'Content-Security-Policy',
          "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        );
        return reply.type('text/html; charset=utf-8').send(row.htmlBody);
      },
    );

    app.get(
      '/dev/mailbox',
      {
        config: { access: { auth: 'dev' } },
        schema: {
          tags,
          summary: 'Show the dev mailbox: the newest 100 e-mails the portal wrote, as an HTML page.',
          querystring: devMailboxQuery,
          response: { 200: devHtmlPageResponse },
        },
      },
      async (request, reply) => {
        const rows = await list(request.query);
        const base = ctx.config.API_BASE_PATH;
        const items = rows
          .map(
            (m) => `<li><a href="${base}/dev/mailbox/messages/${m.id}">${esc(m.subject)}</a>
<div class="meta">to ${esc(m.toAddress)} · ${esc(m.partnerId)} · ${esc(m.language)} · ${esc(m.status)} · ${m.createdAt.toISOString()}</div>
<pre>${esc(m.textBody)}</pre></li>`,
          )
          .join('\n');
        reply.type('text/html; charset=utf-8');
        return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox - finportal</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}li{margin:0 0 1.5rem;list-style:none;border-bottom:1px solid #ddd;padding-bottom:1rem}.meta{color:#555;font-size:.9rem}pre{white-space:pre-wrap;background:#f5f5f5;padding:.75rem;border-radius:6px}a{color:#0b57d0}</style></head>
<body><main><h1>Dev mailbox</h1><p>Every e-mail the portal wrote (newest first, 100 at most). Disabled when NODE_ENV=production.</p>
${rows.length ? `<ul>${items}</ul>` : '<p>No e-mails yet.</p>'}</main></body></html>`;
      },
    );

    // The limit of one database round trip, for bench/http.mjs to compare real routes with.
    app.get(
      '/dev/bench/primary-key',
      {
        config: { access: { auth: 'dev' } },
        schema: {
          tags,
          summary: 'Read one row by primary key (the baseline of the HTTP benchmark).',
          response: { 200: devBenchPrimaryKeyResponse },
        },
      },
      async () => {
        const rows = await ctx.database.query<{ id: string }>('SELECT id FROM partners WHERE id = $1', [
          ctx.config.DEFAULT_PARTNER_KEY,
        ]);
        return { id: rows[0]?.id ?? null };
      },
    );

    // Fixtures for e2e tests: representatives, documents, objects, debtors, appointment, status.
    app.post(
      '/dev/applications/:id/fixtures',
      {
        config: { access: { auth: 'dev', entities: { id: 'application' } } },
        schema: {
          tags,
          summary: 'Add test fixtures to an application (representatives, documents, objects, debtors, status).',
          params: devApplicationIdParams,
          body: fixturesRequest,
          response: { 200: fixturesResponse },
        },
      },
      async (request) => {
        const found = await ctx.db
          .select({ id: applications.id })
          .from(applications)
          .where(and(eq(applications.id, request.params.id), eq(applications.partnerId, request.partner().key)))
          .limit(1);
        if (!found[0]) throw new AppError('err_entity_not_found', 404);
        await seedApplicationParts(ctx.db, request.params.id, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      '/dev/applications/:id/expire-invitations',
      {
        config: { access: { auth: 'dev', entities: { id: 'application' } } },
        schema: {
          tags,
          summary: "Lets the application's open signing invitations expire now (e2e: the expired link).",
          params: devApplicationIdParams,
          response: { 200: fixturesResponse },
        },
      },
      async (request) => {
        const found = await ctx.db
          .select({ id: applications.id })
          .from(applications)
          .where(and(eq(applications.id, request.params.id), eq(applications.partnerId, request.partner().key)))
          .limit(1);
        if (!found[0]) throw new AppError('err_entity_not_found', 404);
        await ctx.db.execute(sql`
          UPDATE signature_invitations SET expires_at = now() - interval '1 second'
          WHERE application_id = ${request.params.id} AND used_at IS NULL AND superseded_at IS NULL`);
        return { ok: true as const };
      },
    );

    app.post(
      '/dev/staff',
      {
        config: { access: { auth: 'dev' } },
        schema: {
          tags,
          summary: 'A staff account for e2e tests, with its password and one-time-code secret.',
          body: devStaffRequest,
          response: { 201: devStaffResponse },
        },
      },
      async (request, reply) => {
        const password = `Staff-${randomBytes(6).toString('hex')}!1A`;
        const email = request.body.email ?? `staff-${randomBytes(5).toString('hex')}@bank.example`;
        try {
          const created = await createStaffUser(ctx.db, { ...request.body, email, password });
          return reply
            .code(201)
            .send({ id: created.id, email: created.email, password, totp_secret: created.totpSecret });
        } catch (err) {
          if (err instanceof StaffAccountError) throw AppError.field('err_invalid_value', 'kind', 400);
          throw err;
        }
      },
    );

    // A partner change until the back office has a partner console: top-level keys replace the
    // stored ones; every instance follows within PARTNER_REFRESH_SECONDS. A restart re-applies
    // the partner files (config as code).
    app.patch(
      '/dev/partners/:key',
      {
        config: { access: { auth: 'dev' } },
        schema: {
          tags,
          summary: "Change a partner's configuration: the given top-level keys replace the stored ones.",
          params: devPartnerParams,
          body: devPartnerUpdateRequest,
          response: { 200: devPartnerUpdateResponse },
        },
      },
      async (request) => ({
        partner: await updatePartnerConfig(ctx.db, ctx.partners, request.params.key, request.body),
      }),
    );

    app.post(
      '/dev/invitations',
      {
        config: { access: { auth: 'dev' } },
        schema: {
          tags,
          summary: 'Create an invited account for an e-mail address, mail the invitation and return its token.',
          body: devInvitationRequest,
          response: { 200: devInvitationResponse },
        },
      },
      async (request) => {
        const partner = request.partner();
        const token = await auth.invite(
          partner,
          request.body.email,
          request.body.language ?? partner.languages.default,
        );
        return { token };
      },
    );
  };
}
