import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { identRoutes } from './ident-routes.js';
import { invitationRoutes } from './invitation-routes.js';
import { stepRoutes } from './step-routes.js';

/** Invitations, identification and signatures (issue 14, ADR 020). */
export function signaturesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(invitationRoutes(ctx));
    await app.register(identRoutes(ctx));
    await app.register(stepRoutes(ctx));
  };
}
