import path from 'node:path';
import { FileSystemObjectStore, type ObjectStore } from './platform/object-store.js';
import { S3ObjectStore } from './platform/s3-object-store.js';
import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino from 'pino';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { authRoutes } from './modules/auth/routes.js';
import { companySearchRoutes } from './modules/company-search/routes.js';
import { AuthService } from './modules/auth/service.js';
import { authJobHandlers } from './modules/auth/jobs.js';
import { devJobsRoutes, devProbeHandler } from './modules/dev/jobs.js';
import { devRoutes } from './modules/dev/routes.js';
import { housekeepingHandler, HOUSEKEEPING_PRUNE } from './platform/jobs/housekeeping.js';
import { JobWorker, type JobHandler, type JobWorkerOptions } from './platform/jobs/queue.js';
import { mailDeliveryHandler } from './platform/mail/outbox.js';
import { dynamicFormsRoutes } from './modules/dynamic-forms/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { applicationsRoutes } from './modules/applications/routes.js';
import {
  ApplicationWorkflow,
  applicationStatusFollowers,
  statusChangedHandler,
} from './modules/applications/public.js';
import { computePendingItems } from './modules/pending-items/public.js';
import { pendingItemsRoutes } from './modules/pending-items/routes.js';
import { resetOutdatedSignatures, signaturesComplete, signatureStatusFollowers } from './modules/signatures/public.js';
import type { WorkflowPort } from './platform/workflow.js';
import { bankInfoRoutes } from './modules/bank-info/routes.js';
import { DOCUMENTS_CLEANUP, documentsCleanupHandler } from './modules/documents/cleanup.js';
import { documentsRoutes } from './modules/documents/routes.js';
import { financeObjectsRoutes } from './modules/finance-objects/routes.js';
import { APPOINTMENT_REMINDERS, appointmentRemindersHandler } from './modules/appointments/jobs.js';
import { appointmentsRoutes } from './modules/appointments/routes.js';
import { coverJobHandler } from './modules/factoring/cover-job.js';
import { factoringRoutes } from './modules/factoring/routes.js';
import { companiesRoutes } from './modules/companies/routes.js';
import { documentScanHandler } from './modules/documents/scan.js';
import { ClamdScanner, type VirusScanner } from './platform/virus-scanner.js';
import { representativesRoutes } from './modules/representatives/routes.js';
import { customFieldsRoutes } from './modules/custom-fields/routes.js';
import { offersRoutes } from './modules/offers/routes.js';
import { partnerRoutes } from './modules/partner/routes.js';
import { DemoCompanyRegistry } from './platform/company-registry-demo.js';
import { DemoCreditInsurer } from './platform/credit-insurer-demo.js';
import { DemoCreditReport } from './platform/credit-report.js';
import type { AppContext } from './platform/context.js';
import { assertNoDemoAdapters } from './platform/demo-adapters.js';
import { systemResolver } from './platform/public-address.js';
import { installApiGuards, installErrorHandling, loggerOptions } from './platform/http.js';
import { installRoutePolicy, type RegisteredRoute } from './platform/route-policy.js';
import { Mailer } from './platform/mail/outbox.js';
import { SessionStore, type AuthContext } from './platform/session.js';
import { PREVIEW_COOKIE, StaffSessionStore, type StaffAuth } from './platform/staff-session.js';
import { backofficeRoutes } from './modules/backoffice/routes.js';
import { consoleRoutes } from './modules/backoffice/console-routes.js';
import { dataRequestsRoutes } from './modules/data-requests/routes.js';
import { signaturesJobHandlers, signaturesSchedules } from './modules/signatures/jobs.js';
import { signaturesRoutes } from './modules/signatures/routes.js';
import { demoProviderPages } from './modules/signatures/demo-provider-page.js';
import { webhooksRoutes } from './modules/webhooks/routes.js';
import { webhookDeliveryHandler } from './platform/webhooks.js';
import { AUDIT_SEAL, auditSealHandler } from './platform/jobs/audit-seal.js';
import {
  installResponseCompression,
  registerStaticAssets,
  spaHandler,
  type PreviewBanner,
} from './platform/static-assets.js';
import { staffCan } from '@finportal/contracts/backoffice-permissions';
import { CONTRACT_KINDS } from '@finportal/contracts/backoffice';
import { pageLanguages } from './platform/page-hints.js';
import { BackofficeService } from './modules/backoffice/service.js';
import type { Partner, PartnerRegistry } from './platform/tenancy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner chosen by the Host header; 404 err_partner_not_found when unknown. */
    partner(): Partner;
    /** The logged-in user of this partner; 401 otherwise. */
    auth(): Promise<AuthContext>;
    /** The logged-in staff member on this host (back office); 401 otherwise. */
    staffAuth(): Promise<StaffAuth>;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  partners: PartnerRegistry;
  /** Log destination (tests capture it); default stdout. */
  logStream?: Writable;
  /** The virus scanner (tests); default: clamd at CLAMAV_URL, or none. */
  virusScanner?: VirusScanner | null;
  /** Where the job worker logs (buildApp passes the server's logger). */
  logger?: JobWorkerOptions['log'];
}

export function createContext(opts: BuildOptions): AppContext {
  const { config, database, partners } = opts;
  const ctx: Omit<AppContext, 'jobs'> = {
    // Set below: the command needs the context it is part of.
    workflow: undefined as unknown as WorkflowPort,
    clock: { now: () => new Date() },
    egress: { allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK, resolve: systemResolver },
    config,
    database,
    db: database.db,
    partners,
    sessions: new SessionStore(database, {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      absoluteHours: config.SESSION_ABSOLUTE_HOURS,
      secureCookies: new URL(config.PUBLIC_BASE_URL).protocol === 'https:',
    }),
    staffSessions: new StaffSessionStore(database, {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      absoluteHours: config.SESSION_ABSOLUTE_HOURS,
      secureCookies: new URL(config.PUBLIC_BASE_URL).protocol === 'https:',
    }),
    mailer: new Mailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      apiBasePath: config.API_BASE_PATH,
    }),
    companyRegistry: new DemoCompanyRegistry(database.db),
    creditReport: new DemoCreditReport(),
    creditInsurer: new DemoCreditInsurer(database.db),
    objectStore: objectStoreOf(config),
    virusScanner:
      opts.virusScanner !== undefined
        ? opts.virusScanner
        : config.CLAMAV_URL
          ? new ClamdScanner(config.CLAMAV_URL, undefined, config.CLAMAV_STREAM_MAX_LENGTH)
          : null,
  };
  const full = ctx as AppContext;
  // The application's one status command, with the guards' facts of the modules that own them.
  full.workflow = new ApplicationWorkflow(full, { pendingItems: computePendingItems, signaturesComplete });
  full.jobs = createJobWorker(full, opts.logger);
  return full;
}

/** S3_* (all set, checked by loadConfig): the S3-compatible store; else files on disk. */
function objectStoreOf(config: AppConfig): ObjectStore {
  return config.s3
    ? new S3ObjectStore(config.s3)
    : new FileSystemObjectStore(config.FILES_DIR ?? path.join(config.DATA_DIR, 'files'));
}

/**
 * The worker of this process with every job type's handler (ADR 010). Not started here: main.ts
 * starts it; tests run it with `ctx.jobs.drain()`.
 */
function createJobWorker(ctx: AppContext, log: JobWorkerOptions['log'] | undefined): JobWorker {
  const { config } = ctx;
  const handlers = [
    ...(config.SMTP_URL
      ? [
          mailDeliveryHandler({
            smtpUrl: config.SMTP_URL,
            from: config.MAIL_FROM,
            publicBaseUrl: config.PUBLIC_BASE_URL,
            apiBasePath: config.API_BASE_PATH,
          }),
        ]
      : []),
    ...authJobHandlers(new AuthService(ctx)),
    housekeepingHandler(config.RATE_WINDOW_MINUTES),
    documentsCleanupHandler(ctx),
    appointmentRemindersHandler(ctx),
    coverJobHandler(ctx.creditInsurer),
    auditSealHandler(ctx.db),
    webhookDeliveryHandler({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, now: () => ctx.clock.now(), egress: ctx.egress }),
    // A contract shown to the customer that turns out clean is the version to sign from then on:
    // whoever signed an earlier one signs again (ADR 021).
    ...(ctx.virusScanner
      ? [
          documentScanHandler(ctx, ctx.virusScanner, async (tx, file) => {
            if (!file.isClientVisible || !(CONTRACT_KINDS as readonly string[]).includes(file.documentType)) return;
            await resetOutdatedSignatures(ctx, tx, file.applicationId, {
              documentId: file.id,
              documentType: file.documentType,
              actor: { kind: 'system' },
            });
          }),
        ]
      : []),
    ...signaturesJobHandlers(ctx),
    // What follows a status move: the applicant's e-mails and the webhooks, then the invitations.
    statusChangedHandler([applicationStatusFollowers(ctx), signatureStatusFollowers(ctx)]),
    ...(config.devRoutes ? [devProbeHandler()] : []),
  ];
  return new JobWorker(
    ctx.db,
    handlers as JobHandler<never>[],
    [
      { type: HOUSEKEEPING_PRUNE, everySeconds: config.HOUSEKEEPING_MINUTES * 60 },
      { type: DOCUMENTS_CLEANUP, everySeconds: config.HOUSEKEEPING_MINUTES * 60 },
      { type: APPOINTMENT_REMINDERS, everySeconds: config.HOUSEKEEPING_MINUTES * 60 },
      { type: AUDIT_SEAL, everySeconds: config.AUDIT_SEAL_SECONDS },
      ...signaturesSchedules(ctx),
    ],
    {
      pollMs: config.JOB_POLL_MS,
      leaseSeconds: config.JOB_LEASE_SECONDS,
      concurrency: config.JOB_CONCURRENCY,
      log: log ?? { warn: () => undefined, error: () => undefined },
    },
  );
}

/**
 * The portal page's preview banner (issue 13): shown while this browser previews the console's
 * draft of the host's partner (the preview cookie, a staff session of this host that may read the
 * console, and a draft), in the language the page starts in.
 */
function previewBannerOf(ctx: AppContext): PreviewBanner {
  const backoffice = new BackofficeService(ctx);
  return async (request, key) => {
    if (request.cookies[PREVIEW_COOKIE] !== key) return null;
    const auth = await ctx.staffSessions.optional(request, key);
    if (!auth || !staffCan({ kind: auth.staff.kind, role: auth.staff.role }, 'partner.read')) return null;
    if (auth.staff.kind !== 'bouser' && auth.staff.partnerId !== key) return null;
    const draft = await backoffice.console.previewPartner(key);
    if (!draft) return null;
    const queryPart = request.url.split('?')[1] ?? '';
    const { language } = pageLanguages(draft, {
      query: new URLSearchParams(queryPart),
      cookies: request.cookies as Record<string, string | undefined>,
      acceptLanguage: request.headers['accept-language'],
    });
    return { language };
  };
}

/** Builds the server without listening; tests use it with inject or a loopback port. */
export async function buildApp(
  opts: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RegisteredRoute[] }> {
  const logger = pino(loggerOptions(opts.config.LOG_LEVEL), opts.logStream ?? process.stdout);
  // Production refuses to start while a partner uses a demo adapter, unless it is a declared demo (issue 25).
  assertNoDemoAdapters(opts.config, opts.partners.all());
  const ctx = createContext({ ...opts, logger });
  const { config } = ctx;
  const apiBase = config.API_BASE_PATH;

  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // A request (headers and body) must arrive within this time; a body that never finishes was
    // held open forever (Fastify's default is no limit). Node reads the limit when the server is
    // created (setting it later, as Fastify does, has no effect), and checks every second.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, config.REQUEST_TIMEOUT_MS),
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => ctx.objectStore.close?.());

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // Uploads to an S3 store go from the browser straight to it (presigned PUT).
        connectSrc: ["'self'", ...(ctx.objectStore.browserOrigin ? [ctx.objectStore.browserOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: new URL(config.PUBLIC_BASE_URL).protocol === 'https:',
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  app.decorateRequest('partner', function (this: FastifyRequest) {
    return ctx.partners.forHost(this.hostname);
  });
  app.decorateRequest('auth', function (this: FastifyRequest) {
    return ctx.sessions.require(this, this.partner().key);
  });
  app.decorateRequest('staffAuth', function (this: FastifyRequest) {
    return ctx.staffSessions.require(this, this.partner().key);
  });

  // Before the routes: plugins copy the hooks there are when they are registered.
  installResponseCompression(app);
  installApiGuards(app, apiBase);
  const routes = installRoutePolicy(app, apiBase);
  const spa = spaHandler(config, ctx.partners, previewBannerOf(ctx));
  installErrorHandling(app, apiBase, spa);

  // The OpenAPI document (issue 25): only when configured (API_DOCS; off in production by
  // default), and only the portal's public and borrower routes: the back office's, the console's
  // and the development routes are never in it.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'finportal API',
          version: '0.1.0',
          description: 'Customer-facing API of the finportal financing portal.',
        },
        servers: [{ url: '/' }],
      },
      transform: (args) => {
        const transformed = jsonSchemaTransform(args);
        const auth = (args.route?.config as { access?: { auth?: string } } | undefined)?.access?.auth;
        const internal =
          auth === 'staff' ||
          auth === 'dev' ||
          args.url.startsWith(`${apiBase}/backoffice/`) ||
          !args.url.startsWith(`${apiBase}/`);
        return internal ? { ...transformed, schema: { ...transformed.schema, hide: true } } : transformed;
      },
    });
    await app.register(swaggerUi, { routePrefix: `${apiBase}/docs`, staticCSP: true });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes());
      await api.register(partnerRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(companySearchRoutes(ctx));
      await api.register(dynamicFormsRoutes());
      await api.register(offersRoutes(ctx));
      await api.register(applicationsRoutes(ctx));
      await api.register(pendingItemsRoutes(ctx));
      await api.register(bankInfoRoutes(ctx));
      await api.register(representativesRoutes(ctx));
      await api.register(documentsRoutes(ctx));
      await api.register(financeObjectsRoutes(ctx));
      await api.register(appointmentsRoutes(ctx));
      await api.register(factoringRoutes(ctx));
      await api.register(companiesRoutes(ctx));
      await api.register(customFieldsRoutes(ctx));
      await api.register(dataRequestsRoutes(ctx));
      await api.register(signaturesRoutes(ctx));
      await api.register(backofficeRoutes(ctx));
      await api.register(consoleRoutes(ctx));
      await api.register(webhooksRoutes(ctx));
      if (config.devRoutes) {
        await api.register(devRoutes(ctx));
        await api.register(devJobsRoutes(ctx));
      }
    },
    { prefix: apiBase },
  );

  // The demo identification provider's pages (ADR 020): outside the API base path and the SPA;
  // only where demo adapters may run (not in production unless it is a declared demo, issue 25).
  if (config.demoAdapters) await app.register(demoProviderPages(ctx));

  await registerStaticAssets(app, config, ctx.partners, spa);

  return { app, ctx, routes };
}
