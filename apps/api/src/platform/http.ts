import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { hasForbiddenCharacters } from '@finportal/contracts/control-characters';
import { AppError, zodIssuesToItems } from './errors.js';

/**
 * Path segments that carry secrets, masked in every log line of a request no route with
 * parameters answered (the web app's pages behind e-mailed links, 404s): confirm, reset, invite
 * and appointment links, upload and download URLs, the demo identification provider's session
 * references (whoever has one can decide the session).
 */
const SECRET_SEGMENTS =
  /\/(confirm_email|reset|invite|recover|sessions|by-token|uploads|downloads|appointments\/cancel|appointments\/move)\/[^/?#]+/g;
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_SEGMENTS, '/$1/[redacted]')
    .replace(/([?&](token|confirmation_token|code|ref)=)[^&#]+/gi, '$1[redacted]');
}

/**
 * The path parameters that name data (ids, the partner's key, a version or kind), shown in the
 * log. Every other parameter of a route is masked (issue 25): a route that takes a capability
 * token (an upload or download URL, an appointment's cancel link, an invitation) leaks nothing
 * whatever its parameter is called, and a new one is masked until it is listed here.
 */
export const LOGGED_PARAMS: ReadonlySet<string> = new Set([
  'id',
  'documentId',
  'signatoryId',
  'requestId',
  'companyId',
  'userId',
  'debitorId',
  'financeObjectId',
  'deliveryId',
  'key',
  'kind',
  'version',
  'provider',
]);

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  routeOptions?: { url?: string };
  params?: unknown;
}

/**
 * The address of a request as the log shows it: a route's pattern with only the LOGGED_PARAMS
 * filled in (a wildcard route and an unmatched address: redactUrl), the query with its secrets masked.
 */
export function loggedUrl(req: LoggedRequest): string {
  const pattern = req.routeOptions?.url;
  const query = req.url.includes('?') ? redactUrl(req.url.slice(req.url.indexOf('?'))) : '';
  if (!pattern || !pattern.includes(':') || pattern.includes('*')) return redactUrl(req.url);
  const params = (req.params ?? {}) as Record<string, unknown>;
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    LOGGED_PARAMS.has(name) ? encodeURIComponent(String(params[name] ?? '')) : '[redacted]',
  );
  return `${path}${query}`;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.iban',
        '*.taxIdNumber',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: LoggedRequest) {
        return { method: req.method, url: loggedUrl(req), host: req.hostname };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  };
}

function sendErrors(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('Cache-Control', 'no-store').send(body);
}

export function installErrorHandling(
  app: FastifyInstance,
  apiBase: string,
  onSpaRequest: (req: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendErrors(reply, error.status, { errors: error.items });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The type provider drops the offending input from its issues; look it up in the part of
      // the request that failed, so that a wrong type is err_invalid_value and only a missing
      // value is err_required.
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const source = (request as unknown as Record<string, unknown>)[context === 'querystring' ? 'query' : context];
      const issues = error.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        const input = path.reduce<unknown>(
          (node, key) =>
            node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
          source,
        );
        return { code: v.keyword, path, message: v.message ?? '', ...(v.params as object), input };
      }) as unknown as z.core.$ZodIssue[];
      return sendErrors(reply, 400, { errors: zodIssuesToItems(issues) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendErrors(reply, 415, { errors: [{ code: 'err_unsupported_media_type' }] });
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return sendErrors(reply, 400, { errors: [{ code: 'err_validation_failed' }] });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const codes: Record<number, string> = {
        401: 'err_unauthorized',
        403: 'err_no_permission',
        404: 'err_not_found',
        413: 'err_too_big',
        415: 'err_unsupported_media_type',
        429: 'err_too_many_requests',
      };
      const code = codes[error.statusCode] ?? 'err_validation_failed';
      return sendErrors(reply, error.statusCode, { errors: [{ code }] });
    }
    request.log.error({ err: safeError(error) }, 'unhandled error');
    return sendErrors(reply, 500, { errors: [{ code: 'err_internal' }] });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // API paths, other methods and missing files (anything with an extension, e.g. an old
    // /assets/*.js after a deploy) are real 404s; every other GET is a route of the web app.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(path) && path !== '/index.html';
    if (path === apiBase || path.startsWith(`${apiBase}/`) || request.method !== 'GET' || isFile) {
      return sendErrors(reply, 404, { errors: [{ code: 'err_not_found' }] });
    }
    return onSpaRequest(request, reply);
  });
}

/**
 * What an error may tell the log. A database error's message repeats the failed statement with
 * its parameters (drizzle: "Failed query: … params: <IBAN>, <tax number>"), and PostgreSQL's own
 * messages quote values ("invalid input syntax for type uuid: \"…\""): neither is logged. What
 * is kept: the error's type, the SQLSTATE and constraint, the statement text without parameters,
 * and the stack frames (not the message line the stack starts with).
 */
export function safeError(error: unknown): Record<string, unknown> {
  const err = (error ?? {}) as Error & { code?: unknown; cause?: unknown; query?: unknown };
  const cause = (err.cause ?? undefined) as
    (Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown }) | undefined;
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const fromDatabase =
    typeof err.query === 'string' || (cause && typeof cause.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code));
  const out: Record<string, unknown> = { type: err.name ?? typeof error };
  if (fromDatabase) {
    if (typeof err.query === 'string') out.query = err.query.slice(0, 500);
    if (cause) {
      out.code = cause.code;
      if (cause.constraint) out.constraint = cause.constraint;
      if (cause.table) out.table = cause.table;
      if (cause.column) out.column = cause.column;
    }
  } else {
    out.message = String(err.message ?? error)
      .split('\nparams:')[0]!
      .slice(0, 500);
    if (err.code !== undefined) out.code = err.code;
  }
  out.stack = frames.slice(0, 15).join('\n');
  return out;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What no field of any request may hold (contracts control-characters.ts, issue 25): C0 control
 * characters other than tab, line feed and carriage return, DEL, C1 controls, the line and
 * paragraph separators, the bidirectional embeddings, overrides and isolates; and lone UTF-16
 * surrogates. PostgreSQL cannot store NUL (it answered 500), the others have no business in a form
 * field and break logs, CSV exports and mail headers, or make a file name display other than it
 * reads. Line breaks in single-line fields are the schemas' part (contracts text.ts).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const forbidden = (value: string) => hasForbiddenCharacters(value) || LONE_SURROGATE.test(value);

/**
 * The fields (dotted paths) of a parsed body, query or params that hold a string (or a key) with
 * forbidden characters. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function fieldsWithControlCharacters(value: unknown, prefix = ''): string[] {
  const found: string[] = [];
  const stack: { node: unknown; path: string }[] = [{ node: value, path: prefix }];
  while (stack.length && found.length < 50) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (forbidden(node)) found.push(path);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const childPath = path ? `${path}.${key}` : key;
        if (forbidden(key)) found.push(childPath);
        else stack.push({ node: child, path: childPath });
      }
    }
  }
  return found;
}

/**
 * CSRF defence for the cookie session: mutating requests must be JSON and, when the browser
 * names an Origin, it must be this host. The check covers every mutating request, whatever its
 * path: a guard on the raw URL missed `/%61pi/…`, which the router decodes to `/api/…`.
 * Strings with control characters are refused with 400 before validation.
 * Every API answer is no-store unless a route says otherwise.
 */
export function installApiGuards(app: FastifyInstance, apiBase: string): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith(`${apiBase}/`)) return;
    const fields = [
      ...fieldsWithControlCharacters(request.params),
      ...fieldsWithControlCharacters(request.query),
      ...(request.routeOptions.config.rawUpload ? [] : fieldsWithControlCharacters(request.body)),
    ];
    if (fields.length) {
      throw new AppError(
        'err_invalid_characters',
        400,
        fields.map((field) => ({ code: 'err_invalid_characters' as const, ...(field ? { field } : {}) })),
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {
        /* malformed origin */
      }
      if (host !== request.host) throw new AppError('err_bad_origin', 403);
    } else if (origin === 'null') {
      throw new AppError('err_bad_origin', 403);
    }
    const type = request.headers['content-type'] ?? '';
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !type.toLowerCase().startsWith('application/json') && !request.routeOptions.config.rawUpload) {
      throw new AppError('err_unsupported_media_type', 415);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const api = request.url.startsWith(`${apiBase}/`) || request.routeOptions.url?.startsWith(`${apiBase}/`);
    if (api && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
