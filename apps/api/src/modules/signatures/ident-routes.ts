import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** Identification and e-sign sessions, the providers' callbacks, the demo provider's pages (helper: providers). */
export function identRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
