import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationRequestSchema,
  forgotPasswordRequestSchema,
  invitationInfoSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  messages,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  tokenLoginRequestSchema,
  tokenLoginResponseSchema,
  twoFactorChallengeSchema,
  verifyEmailRequestSchema,
  tokenParamsSchema,
  noContentResponseSchema,
} from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { clearSessionCookies, requestMeta, setSessionCookies, setXsrfCookie } from '../../platform/http';
import { type FloodLimit, type FloodSubject, floodSubjects } from '../../platform/flood-limit';
import { requireUser } from '../../platform/request-context';
import type { AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset';
import type { SignUpService } from './sign-up';

export type AuthRoutesOptions = { app: AppContext; auth: AuthService; signUps: SignUpService; resets: PasswordResetService; limiter: FloodLimit };

const PUBLIC = { access: { public: true } } as const;

/**
 * Routes that check a credential (password, second-factor code, emailed token) count failures in
 * the services' shared throttle; the flood limit (shared by every process too) stops floods of the others.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (server, { app, auth, signUps, resets, limiter }) => {
  const limit = (subject: FloodSubject) => limiter.hit(subject, app.rateLimits.auth);

  server.get('/csrf-cookie', { config: PUBLIC, schema: { response: { 204: noContentResponseSchema } } }, async (request, reply) => {
    if (!request.ctx.session) setSessionCookies(request, reply, await auth.guestSession(request.ctx.tenant.id, requestMeta(request)));
    else setXsrfCookie(request, reply, request.ctx.session.csrfToken);
    return reply.status(204).send(null);
  });

  server.post('/login', { config: PUBLIC, schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } }, async (request, reply) => {
    const result = await auth.login(request.ctx.tenant.id, request.ctx.session?.id ?? null, request.body, requestMeta(request));
    setSessionCookies(request, reply, result.session);
    return { two_factor: result.twoFactor };
  });

  server.post('/two-factor-challenge', { config: PUBLIC, schema: { body: twoFactorChallengeSchema, response: { 200: loginResponseSchema } } }, async (request, reply) => {
    const session = request.ctx.session;
    if (!session?.pendingUserId) throw AppError.validation('code', messages.invalidTwoFactorCode);
    const issued = await auth.twoFactorChallenge(request.ctx.tenant.id, session.id, session.pendingUserId, session.pendingRemember, request.body, requestMeta(request));
    setSessionCookies(request, reply, issued);
    return { two_factor: false };
  });

  server.post('/logout', { config: { access: { authenticated: true, allowUnverified: true } }, schema: { response: { 204: noContentResponseSchema } } }, async (request, reply) => {
    if (request.ctx.via === 'token' && request.ctx.tokenId) await auth.revokeToken(request.ctx.tenant.id, requireUser(request).id, request.ctx.tokenId);
    if (request.ctx.session) await auth.logout(request.ctx.tenant.id, request.ctx.session.id);
    clearSessionCookies(request, reply);
    return reply.status(204).send(null);
  });

  server.post('/auth/login', { config: { ...PUBLIC, csrf: false, sensitiveResponse: true }, schema: { body: tokenLoginRequestSchema, response: { 200: tokenLoginResponseSchema } } }, async (request) => {
    return auth.tokenLogin(request.ctx.tenant.id, request.body, requestMeta(request));
  });

  server.post('/auth/logout', { config: { access: { authenticated: true, allowUnverified: true } }, schema: { response: { 204: noContentResponseSchema } } }, async (request, reply) => {
    if (request.ctx.via === 'token' && request.ctx.tokenId) await auth.revokeToken(request.ctx.tenant.id, requireUser(request).id, request.ctx.tokenId);
    if (request.ctx.session) await auth.logout(request.ctx.tenant.id, request.ctx.session.id);
    clearSessionCookies(request, reply);
    return reply.status(204).send(null);
  });

  // The same answer (status, body, no cookie) whether or not the address has an account: the mail tells them apart.
  server.post('/sign-up', { config: PUBLIC, schema: { body: signUpRequestSchema, response: { 202: messageResponseSchema } } }, async (request, reply) => {
    await limit(floodSubjects.signUp(request.ip));
    await signUps.signUp(request.ctx.tenant, request.body, requestMeta(request));
    return reply.status(202).send({ message: messages.signUpMailSent });
  });

  server.post('/forgot-password', { config: PUBLIC, schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    await limit(floodSubjects.forgotPassword(request.ip, request.ctx.tenant.id, request.body.email));
    await resets.forgotPassword(request.ctx.tenant.id, request.body.email, requestMeta(request));
    return { message: messages.resetLinkSent };
  });

  server.post('/reset-password', { config: PUBLIC, schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    await resets.resetPassword(request.ctx.tenant.id, request.body, requestMeta(request));
    return { message: messages.passwordReset };
  });

  server.post('/verify-email', { config: PUBLIC, schema: { body: verifyEmailRequestSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    await auth.verifyEmail(request.ctx.tenant.id, request.body.token, request.ip);
    return { message: messages.emailVerified };
  });

  server.post('/email/verification-notification', { config: { access: { authenticated: true, allowUnverified: true } }, schema: { response: { 200: messageResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    await limit(floodSubjects.verificationResend(request.ctx.tenant.id, user.id));
    await auth.resendVerification(request.ctx.tenant.id, user.id, requestMeta(request));
    return { message: messages.verificationSent };
  });

  server.get('/invitations/:token', { config: PUBLIC, schema: { params: tokenParamsSchema, response: { 200: invitationInfoSchema } } }, async (request) => {
    return auth.invitation(request.ctx.tenant.id, request.params.token, request.ip);
  });

  server.post('/accept-user-invitation/:token', { config: PUBLIC, schema: { params: tokenParamsSchema, body: acceptInvitationRequestSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    await auth.acceptInvitation(request.ctx.tenant.id, request.params.token, request.body, request.ip);
    return { message: 'Invitation accepted' };
  });
};
