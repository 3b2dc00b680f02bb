import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { staffCan, type BackofficePermission } from '@finportal/contracts/backoffice-permissions';
import { forbidden } from './errors.js';

/** What an id in a route's path names; the generated access test owns one of each. */
export type EntityKind =
  | 'application'
  | 'company'
  | 'signatory'
  | 'document'
  | 'finance_object'
  | 'debitor'
  | 'appointment'
  | 'data_request'
  | 'user';

/**
 * Every API route declares who may call it (`config.access`); a route without one is refused
 * when it is registered. `entities` names the path parameters that are ids of a borrower's data:
 * the generated access test (route-access.test.ts) calls each such `user` route with another
 * borrower, a borrower of another partner and nobody. A public route takes no such id. Dev
 * routes may name them too (the fuzz test then fills them): they are never registered in
 * production and act, for the e2e tests, on any application of the host's partner.
 */
export interface AccessPolicy {
  /**
   * public: anyone, also logged out; user: a logged-in account of the host's partner (401
   * otherwise); staff: a back-office session on this host (401 otherwise, also for a borrower's
   * session) holding `permission` (403 otherwise; contracts backoffice-permissions.ts); dev:
   * development tools, absent in production.
   */
  auth: 'public' | 'user' | 'staff' | 'dev';
  entities?: Record<string, EntityKind>;
  /** staff routes: the permission of the matrix the route needs (none: any staff member). */
  permission?: BackofficePermission;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    /**
     * The body is a file streamed as it is (the documents' upload URL): any content type, no JSON
     * and no control-character check of the body (the upload URL's token is its authorisation).
     */
    rawUpload?: boolean;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: AccessPolicy;
  options: RouteOptions;
}

/** The OpenAPI UI and document of @fastify/swagger-ui: public, registered by the plugin without a policy. */
const DOCS_POLICY: AccessPolicy = { auth: 'public' };

/**
 * The guard of every `auth: 'user'` route: 401 without a session of the host's partner, before
 * the handler runs, whatever the handler does. The session found is kept on the request, so the
 * handler's own `request.auth()` costs no second lookup.
 */
async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const auth = await request.auth();
  request.auth = () => Promise.resolve(auth);
}

/** The guard of every `auth: 'staff'` route: 401 without a staff session, 403 without the route's permission. */
function requireStaff(permission: BackofficePermission | undefined) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const auth = await request.staffAuth();
    request.staffAuth = () => Promise.resolve(auth);
    if (permission && !staffCan(auth.staff, permission)) throw forbidden();
  };
}

/**
 * Checks the access policy of every route registered under the API base path (throws at
 * registration, naming method and url, for a route without one, a public one with `entities`, or
 * one whose `entities` names a parameter its path lacks; the OpenAPI pages that @fastify/swagger-ui
 * registers under `<apiBase>/docs` get the public policy), installs the session guard of `auth: 'user'` and `auth: 'staff'` routes and returns
 * the routes in registration order (tests read it). Call it before the routes are registered.
 */
export function installRoutePolicy(app: FastifyInstance, apiBase: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const docs = `${apiBase}/docs`;
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith(`${apiBase}/`) && options.url !== apiBase) return;
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const label = `${methods.join(',')} ${options.url}`;
    let access = options.config?.access;
    if (!access && (options.url === docs || options.url.startsWith(`${docs}/`))) {
      access = DOCS_POLICY;
      options.config = { ...options.config, access };
    }
    if (!access) {
      throw new Error(
        `${label} declares no access policy: give it config: { access: { auth: 'public' | 'user' | 'staff' | 'dev' } } (platform/route-policy.ts)`,
      );
    }
    if (!['public', 'user', 'staff', 'dev'].includes(access.auth)) {
      throw new Error(`${label} declares an unknown access policy auth: ${String(access.auth)}`);
    }
    if (access.entities && access.auth === 'public') {
      throw new Error(`${label} is public but takes ids of a borrower's data (entities): it needs auth: 'user'`);
    }
    const params = new Set([...options.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]));
    for (const name of Object.keys(access.entities ?? {})) {
      if (!params.has(name)) throw new Error(`${label} names entity parameter :${name}, which its path lacks`);
    }
    if (access.permission && access.auth !== 'staff') {
      throw new Error(`${label} names a back-office permission but is not a staff route`);
    }
    if (access.auth === 'user' || access.auth === 'staff') {
      // A new array: the HEAD route Fastify derives from a GET shares the original options and
      // gets its own guard when it passes this hook.
      // The session is checked before the body is even read or validated (issue 25): whoever
      // has no session gets 401 (staff without the permission 403) whatever they send, and
      // learns nothing of a route's fields from its validation errors.
      const existing = options.onRequest;
      const guard = access.auth === 'user' ? requireUser : requireStaff(access.permission);
      options.onRequest = [guard, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
    }
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: options.url, access, options });
    }
  });
  return routes;
}
