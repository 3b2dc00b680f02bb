import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userActor } from '../../platform/actor.js';
import { signatoryParams } from '@finportal/contracts/representative-schemas';
import { invitationResponse } from '@finportal/contracts/signatures';
import type { AppContext } from '../../platform/context.js';
import { InvitationService } from './invitation-service.js';

/**
 * Invitations (issue 14, ADR 020): the applicant's resend. The invitation page's calls
 * (GET /user/account/invite/{token}, POST /user/account/invite_accept) are the account routes'
 * (modules/auth), which use this module's service.
 */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new InvitationService(ctx);
  return async (app) => {
    app.post(
      '/user/applications/:id/signatories/:signatoryId/invitation',
      {
        config: { access: { auth: 'user', entities: { id: 'application', signatoryId: 'signatory' } } },
        schema: {
          tags: ['signatures'],
          summary:
            'The applicant sends a signer a new invitation (earlier links keep working until they expire or one is accepted); at Signature, not to a person who accepted.',
          params: signatoryParams,
          response: { 200: invitationResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const { id, signatoryId } = request.params;
        return service.resend({
          actor: userActor(user, request.partner(), request.ip),
          applicationId: id,
          signatoryId,
        });
      },
    );
  };
}
