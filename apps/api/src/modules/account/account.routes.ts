import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenListQuerySchema,
  accessTokenListResponseSchema,
  avatarResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmedPasswordStatusSchema,
  confirmEmailChangeRequestSchema,
  confirmPasswordRequestSchema,
  createAccessTokenRequestSchema,
  createAccessTokenResponseSchema,
  dataResponse,
  idParamsSchema,
  imageUploadBody,
  listMeta,
  messageResponseSchema,
  messages,
  noContentResponseSchema,
  recoveryCodesResponseSchema,
  successResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorSetupResponseSchema,
  updateMeRequestSchema,
  updateUserSettingsRequestSchema,
  userResourceSchema,
  userSettingsQuerySchema,
  userSettingsResponseSchema,
} from '@app/contracts';
import { AppError } from '../../platform/errors';
import { requestMeta } from '../../platform/http';
import { requireUser } from '../../platform/request-context';
import { readUploadedImage } from '../../platform/uploads';
import type { AuthService } from '../auth/auth.service';
import type { AccountService } from './account.service';

export type AccountRoutesOptions = { account: AccountService; auth: AuthService };

const PUBLIC = { access: { public: true } } as const;
const SIGNED_IN = { access: { authenticated: true, allowUnverified: true } } as const;
/** Answers that hand the user a secret (TOTP secret, recovery codes, a token) or list their tokens stay out of the API log. */
const SIGNED_IN_SECRET = { ...SIGNED_IN, sensitiveResponse: true } as const;

/**
 * The current password (of a password change or an address change) and 2FA codes here count
 * against the account's and address's shared failure budgets, and wrong address-change links
 * against the address's (in the services).
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (server, { account, auth }) => {
  server.get('/me', { config: SIGNED_IN, schema: { response: { 200: dataResponse(userResourceSchema) } } }, async (request) => ({
    data: await account.userResource(request.ctx.tenant.id, requireUser(request).row),
  }));

  server.put('/me', { config: SIGNED_IN, schema: { body: updateMeRequestSchema, response: { 200: dataResponse(userResourceSchema) } } }, async (request) => ({
    data: await account.updateMe(request.ctx.tenant.id, requireUser(request), request.body, requestMeta(request)),
  }));

  // The link mailed to a new address; it switches the address and signs nobody in.
  server.post('/confirm-email', { config: PUBLIC, schema: { body: confirmEmailChangeRequestSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    await account.confirmEmailChange(request.ctx.tenant.id, request.body.token, requestMeta(request));
    return { message: messages.emailChanged };
  });

  server.put('/me/change-password', { config: SIGNED_IN_SECRET, schema: { body: changePasswordRequestSchema, response: { 200: changePasswordResponseSchema } } }, async (request) =>
    account.changePassword(request.ctx.tenant.id, requireUser(request), request.ctx.session?.id ?? null, request.body, request.ip),
  );

  server.post('/me/upload-avatar', { config: { ...SIGNED_IN, documentedBody: { schema: imageUploadBody('avatar'), multipart: true } }, schema: { response: { 200: avatarResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    const image = await readUploadedImage(request, 'avatar');
    return { data: { avatar: await account.uploadAvatar(request.ctx.tenant.id, user.id, image) } };
  });

  server.get('/me/settings', { config: SIGNED_IN, schema: { querystring: userSettingsQuerySchema, response: { 200: userSettingsResponseSchema } } }, async (request) => {
    const raw = request.query.settings;
    const keys = raw === undefined ? [] : Array.isArray(raw) ? raw : raw.split(',');
    return account.settings(request.ctx.tenant.id, requireUser(request).id, keys);
  });

  server.put('/me/settings', { config: SIGNED_IN, schema: { body: updateUserSettingsRequestSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await account.updateSettings(request.ctx.tenant.id, requireUser(request).id, request.body.settings);
    return { success: true };
  });

  server.post('/user/confirm-password', { config: SIGNED_IN, schema: { body: confirmPasswordRequestSchema, response: { 201: confirmedPasswordStatusSchema } } }, async (request, reply) => {
    const user = requireUser(request);
    if (!request.ctx.session) throw AppError.forbidden(messages.notAllowed);
    await auth.confirmPassword(request.ctx.tenant.id, user, request.ctx.session.id, request.body.password, request.ip);
    return reply.status(201).send({ confirmed: true });
  });

  server.get('/user/confirmed-password-status', { config: SIGNED_IN, schema: { response: { 200: confirmedPasswordStatusSchema } } }, async (request) => ({
    confirmed: account.passwordConfirmed(request.ctx.session?.passwordConfirmedAt ?? null),
  }));

  server.post('/user/two-factor-authentication', { config: SIGNED_IN_SECRET, schema: { response: { 200: twoFactorSetupResponseSchema } } }, async (request) =>
    account.enableTwoFactor(request.ctx.tenant.id, requireUser(request).id, request.ctx.session?.passwordConfirmedAt ?? null, request.ctx.tenant.pageTitle ?? request.ctx.tenant.name),
  );

  server.post('/user/confirmed-two-factor-authentication', { config: SIGNED_IN_SECRET, schema: { body: twoFactorConfirmRequestSchema, response: { 200: recoveryCodesResponseSchema } } }, async (request) => {
    return { recovery_codes: await account.confirmTwoFactor(request.ctx.tenant.id, requireUser(request), request.body.code, request.ip) };
  });

  server.post('/user/two-factor-recovery-codes', { config: SIGNED_IN_SECRET, schema: { response: { 200: recoveryCodesResponseSchema } } }, async (request) => ({
    recovery_codes: await account.regenerateRecoveryCodes(request.ctx.tenant.id, requireUser(request).id, request.ctx.session?.passwordConfirmedAt ?? null),
  }));

  server.delete('/user/two-factor-authentication', { config: SIGNED_IN, schema: { response: { 204: noContentResponseSchema } } }, async (request, reply) => {
    await account.disableTwoFactor(request.ctx.tenant.id, requireUser(request).id, request.ctx.session?.passwordConfirmedAt ?? null);
    return reply.status(204).send(null);
  });

  server.get(
    '/me/tokens',
    {
      config: SIGNED_IN,
      schema: {
        querystring: accessTokenListQuerySchema,
        response: { 200: accessTokenListResponseSchema },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { data, total, maxDays } = await account.listTokens(request.ctx.tenant.id, requireUser(request).id, status, page, limit);
      return { data, meta: { ...listMeta(page, limit, total), token_total_count: total, max_expires_in_days: maxDays } };
    },
  );

  server.post('/me/tokens', { config: SIGNED_IN_SECRET, schema: { body: createAccessTokenRequestSchema, response: { 201: createAccessTokenResponseSchema } } }, async (request, reply) => {
    const created = await account.createToken(request.ctx.tenant.id, requireUser(request).id, request.body.name, request.body.expires_in_days);
    return reply.status(201).send(created);
  });

  server.delete('/me/tokens/:id', { config: SIGNED_IN, schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } } }, async (request, reply) => {
    await account.revokeToken(request.ctx.tenant.id, requireUser(request).id, request.params.id);
    return reply.status(204).send(null);
  });
};
