import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordRequest,
  confirmEmailParams,
  confirmEmailResponse,
  emptyRequest,
  inviteAcceptRequest,
  inviteAcceptResponse,
  loginRequest,
  marketingPreferencesRequest,
  marketingPreferencesResponse,
  okResponse,
  profileResponse,
  recoverRequest,
  registerRequest,
  resetRequest,
  updateProfileRequest,
  userIdParams,
} from '@finportal/contracts/auth';
import { invitationInfoResponse } from '@finportal/contracts/signatures';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ProfileService, toProfile } from './profile.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from './devices.js';
import { AuthService } from './service.js';

const ok = { ok: true } as const;

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new AuthService(ctx);
  const profiles = new ProfileService(ctx);
  return async (app) => {
    const tags = ['account'];

    app.post(
      '/user/account/login',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary: 'Log in with e-mail and password; sets the session cookie.',
          body: loginRequest,
          response: { 200: okResponse },
        },
      },
      async (request, reply) => {
        const partner = request.partner();
        const { user, deviceToken } = await service.login(
          partner,
          request.body.email,
          request.body.password,
          request.ip,
          request.cookies[DEVICE_COOKIE],
        );
        await ctx.sessions.create(reply, user.id, partner.key);
        reply.setCookie(DEVICE_COOKIE, deviceToken, {
          path: ctx.config.API_BASE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: new URL(ctx.config.PUBLIC_BASE_URL).protocol === 'https:',
          maxAge: DEVICE_COOKIE_DAYS * 86_400,
        });
        return ok;
      },
    );

    app.post(
      '/user/account/logout',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary: 'Log out: ends the session (if any) and clears the session cookie.',
          body: emptyRequest,
          response: { 200: okResponse },
        },
      },
      async (request, reply) => {
        const auth = await ctx.sessions.optional(request, request.partner().key);
        if (auth) await ctx.sessions.end(auth.sessionId, 'logout');
        ctx.sessions.clearCookie(reply);
        return ok;
      },
    );

    app.get(
      '/user/profile',
      {
        config: { access: { auth: 'user' } },
        schema: { tags, summary: "Get the logged-in user's profile.", response: { 200: profileResponse } },
      },
      async (request) => {
        const { user } = await request.auth();
        return toProfile(user);
      },
    );

    app.patch(
      '/user/profile/:userId',
      {
        config: { access: { auth: 'user', entities: { userId: 'user' } } },
        schema: {
          tags,
          summary: "Change the logged-in user's interface and communication languages.",
          params: userIdParams,
          body: updateProfileRequest,
          response: { 200: profileResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        if (request.params.userId !== user.id) throw new AppError('err_no_permission', 403);
        return toProfile(await profiles.updateProfile(user, request.partner(), request.body));
      },
    );

    app.post(
      '/user/users',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary: 'Register an account and mail its confirmation link (same answer when the address is taken).',
          body: registerRequest,
          response: { 201: okResponse },
        },
      },
      async (request, reply) => {
        await service.register(request.partner(), request.body, request.ip);
        return reply.code(201).send(ok);
      },
    );

    app.post(
      '/user/account/reset',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary: 'Request a password reset link by e-mail (same answer whether the account exists or not).',
          body: resetRequest,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.requestReset(request.partner(), request.body.email, request.ip);
        return ok;
      },
    );

    app.post(
      '/user/account/recover',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary: 'Set a new password with the token of a password reset link.',
          body: recoverRequest,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await service.recover(request.partner(), request.body);
        return ok;
      },
    );

    app.get(
      '/user/account/invite/:token',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary:
            'What the invitation page shows: valid (invited e-mail, whether an account exists, who invites, company, application), expired, or invalid (used or unknown: one answer).',
          params: confirmEmailParams,
          response: { 200: invitationInfoResponse },
        },
      },
      async (request) => service.inviteInfo(request.partner(), request.params.token, request.ip),
    );

    app.post(
      '/user/account/invite_accept',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary:
            "Accept an invitation: set the password (or give the existing account's) and accept the terms; logs in (sets the session cookie).",
          body: inviteAcceptRequest,
          response: { 200: inviteAcceptResponse },
        },
      },
      async (request, reply) => {
        const partner = request.partner();
        const current = await ctx.sessions.optional(request, partner.key);
        const { user, applicationId } = await service.acceptInvite(
          partner,
          request.body,
          request.ip,
          current?.user ?? null,
          request.cookies[DEVICE_COOKIE],
        );
        await ctx.sessions.create(reply, user.id, partner.key);
        return { ok: true as const, email: user.email, ...(applicationId ? { application_id: applicationId } : {}) };
      },
    );

    app.post(
      '/user/account/confirm_email/:token',
      {
        config: { access: { auth: 'public' } },
        schema: {
          tags,
          summary: 'Confirm an e-mail address with the token of the confirmation link (logged in or not).',
          params: confirmEmailParams,
          body: emptyRequest,
          response: { 200: confirmEmailResponse },
        },
      },
      async (request) => {
        const user = await service.confirmEmail(request.partner(), request.params.token);
        return { ok: true as const, email: user.email };
      },
    );

    app.post(
      '/user/account/resend_conf_email',
      {
        config: { access: { auth: 'user' } },
        schema: {
          tags,
          summary: "Send the e-mail confirmation link to the logged-in user's address again.",
          body: emptyRequest,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        await service.resendConfirmation(request.partner(), user);
        return ok;
      },
    );

    app.post(
      '/user/account/update_marketing_preferences',
      {
        config: { access: { auth: 'user' } },
        schema: {
          tags,
          summary: "Give or withdraw the logged-in user's consent to marketing e-mails.",
          body: marketingPreferencesRequest,
          response: { 200: marketingPreferencesResponse },
        },
      },
      async (request) => {
        const { user } = await request.auth();
        const accepted = await profiles.updateMarketing(
          user,
          request.partner(),
          request.body.marketing_consent_accepted,
        );
        return { marketing_consent_accepted: accepted };
      },
    );

    app.post(
      '/user/account/change_password',
      {
        config: { access: { auth: 'user' } },
        schema: {
          tags,
          summary: "Change the logged-in user's password (needs the current one); ends the other sessions.",
          body: changePasswordRequest,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        const { user, sessionId } = await request.auth();
        await service.changePassword(request.partner(), user, sessionId, request.body, request.ip);
        return ok;
      },
    );
  };
}

export { AuthService };
