import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/** Invitations: the job, resend, the invitation page's calls, reminders (helper: invitations). */
export function invitationRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
