import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dynamicFormsConfigQuery, dynamicFormsConfigResponse } from '@finportal/contracts/dynamic-forms';
import { notFound } from '../../platform/errors.js';
import { dynamicFormOf } from './service.js';

export function dynamicFormsRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dynamic_forms_config',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags: ['partner'],
          summary:
            "Get one of the partner's dynamic forms (steps, fields and rules) by its name: application or signatory.",
          querystring: dynamicFormsConfigQuery,
          response: { 200: dynamicFormsConfigResponse },
        },
      },
      async (request, reply) => {
        const form = dynamicFormOf(request.partner(), request.query.dynamic_forms_name);
        if (!form) throw notFound();
        reply.header('Cache-Control', 'public, max-age=60');
        reply.header('Vary', 'Host');
        return form;
      },
    );
  };
}
