import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams, applicationResponse } from '@finportal/contracts/applications';
import { updateBankInfoRequest } from '@finportal/contracts/bank-info';
import type { AppContext } from '../../platform/context.js';
import { BankInfoService } from './service.js';

export function bankInfoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new BankInfoService(ctx);
  return async (app) => {
    app.patch(
      '/user/applications/:id/bankinfo',
      {
        config: { access: { auth: 'user', entities: { id: 'application' } } },
        schema: {
          tags: ['applications'],
          summary: "Set the bank name and IBAN of the application's payout account.",
          params: applicationIdParams,
          body: updateBankInfoRequest,
          response: { 200: applicationResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const application = await service.update(request.partner(), user, request.params.id, request.body, request.ip);
        return { application };
      },
    );
  };
}
