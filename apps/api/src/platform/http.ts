import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, zodIssuesToItems } from './errors.js';

/** Path segments that carry secrets are masked in every log line. */
const SECRET_SEGMENTS = /\/(confirm_email|reset|invite|recover)\/[^/?#]+/g;
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_SEGMENTS, '/$1/[redacted]')
    .replace(/([?&](token|confirmation_token|code)=)[^&#]+/gi, '$1[redacted]');
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
      req(req: { method: string; url: string; hostname?: string; ip?: string }) {
        return { method: req.method, url: redactUrl(req.url), host: req.hostname };
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
    request.log.error({ err: { message: error.message, code: error.code, stack: error.stack } }, 'unhandled error');
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

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for the cookie session: mutating API calls must be JSON and, when the browser
 * names an Origin, it must be this host. Every API answer is no-store unless a route says otherwise.
 */
export function installApiGuards(app: FastifyInstance, apiBase: string): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(`${apiBase}/`)) return;
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
    if (hasBody && !type.toLowerCase().startsWith('application/json')) {
      throw new AppError('err_unsupported_media_type', 415);
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(`${apiBase}/`) && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
