import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams } from '@finportal/contracts/applications';
import {
  appointmentLinkResponse,
  appointmentResponse,
  appointmentSchema,
  appointmentSlotsQuery,
  appointmentSlotsResponse,
  appointmentTokenParams,
  createAppointmentRequest,
  moveAppointmentRequest,
} from '@finportal/contracts/appointments';
import type { AppContext } from '../../platform/context.js';
import { AppointmentLinksService } from './links.js';
import { AppointmentsService } from './service.js';

/**
 * The appointments call of spec 2 section 7 and the calls around it (issue 12; ADR 017): the
 * applicant's booking, the booked appointment and the free slots under the application; the
 * pages behind the e-mails' cancel and move links under /appointments/by-token (public: the
 * single-use token is the authority).
 */
export function appointmentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new AppointmentsService(ctx);
  const links = new AppointmentLinksService(ctx);
  const tags = ['appointments'];
  const application = { auth: 'user', entities: { id: 'application' } } as const;
  const byToken = { auth: 'public' } as const;
  return async (app) => {
    app.get(
      '/user/applications/:id/appointments',
      {
        config: { access: application },
        schema: {
          tags,
          summary: 'The booked advisor appointment of an application, or null (booking is offered then).',
          params: applicationIdParams,
          response: { 200: appointmentResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.current(request.partner(), user, request.params.id);
      },
    );

    app.get(
      '/user/applications/:id/appointments/slots',
      {
        config: { access: application },
        schema: {
          tags,
          summary: "The advisor's free slots (partner's zone): bookable days without holidays and taken times.",
          params: applicationIdParams,
          querystring: appointmentSlotsQuery,
          response: { 200: appointmentSlotsResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        return service.slots(request.partner(), user, request.params.id, request.query);
      },
    );

    app.post(
      '/user/applications/:id/appointments',
      {
        config: { access: application },
        schema: {
          tags,
          summary: 'Book an advisor appointment (the applicant): confirmation with invitation, notice to the advisor.',
          params: applicationIdParams,
          body: createAppointmentRequest,
          response: { 201: appointmentSchema },
        },
      },
      async (request, reply) => {
        const { user } = await request.auth();
        const booked = await service.book(request.partner(), user, request.params.id, request.body, request.ip);
        return reply.code(201).send(booked);
      },
    );

    app.get(
      '/appointments/by-token/:token',
      {
        config: { access: byToken },
        schema: {
          tags,
          summary: 'The appointment behind a cancel or move link (the token is not used up by reading).',
          params: appointmentTokenParams,
          response: { 200: appointmentLinkResponse },
        },
      },
      async (request) => links.view(request.partner(), request.params.token),
    );

    app.get(
      '/appointments/by-token/:token/slots',
      {
        config: { access: byToken },
        schema: {
          tags,
          summary: 'The free slots for moving the appointment of a move link.',
          params: appointmentTokenParams,
          querystring: appointmentSlotsQuery,
          response: { 200: appointmentSlotsResponse },
        },
      },
      async (request) => links.slots(request.partner(), request.params.token, request.query),
    );

    app.post(
      '/appointments/by-token/:token/cancel',
      {
        config: { access: byToken },
        schema: {
          tags,
          summary: 'Cancel the appointment of a cancel link (once): METHOD:CANCEL to customer and advisor.',
          params: appointmentTokenParams,
          response: { 200: appointmentLinkResponse },
        },
      },
      async (request) => links.cancel(request.partner(), request.params.token, request.ip),
    );

    app.post(
      '/appointments/by-token/:token/move',
      {
        config: { access: byToken },
        schema: {
          tags,
          summary: 'Move the appointment of a move link (once) to a free slot: a new invitation, same UID.',
          params: appointmentTokenParams,
          body: moveAppointmentRequest,
          response: { 200: appointmentLinkResponse },
        },
      },
      async (request) => links.move(request.partner(), request.params.token, request.body, request.ip),
    );
  };
}
