import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** The signing steps: requirements, terms, signed documents, loan contract, signing records, overview (helper: steps). */
export function stepRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
