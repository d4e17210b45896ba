import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, idParamsSchema, invitePlatformUserRequestSchema, messages, platformUserInvitedResponseSchema, platformUserListResponseSchema, platformUserResourceSchema, platformUsersQuerySchema, successResponseSchema, updatePlatformUserRequestSchema } from '@app/contracts';
import { callerAbilities } from '../../platform/grants';
import { platformActor, requestMeta } from '../../platform/http';
import type { PlatformUserService } from './platform-users.service';

const platform = (ability: string) => ({ access: { ability, scope: 'platform' as const } });
const idParams = idParamsSchema;
const one = dataResponse(platformUserResourceSchema);

export const platformUserRoutes: FastifyPluginAsyncZod<{ service: PlatformUserService }> = async (server, { service }) => {
  server.get('/platform/users', { config: platform('view-platform-user'), schema: { querystring: platformUsersQuerySchema, response: { 200: platformUserListResponseSchema } } }, async (request) =>
    service.list(request.ctx.tenant.id, request.query),
  );

  server.post('/platform/users', { config: platform('create-platform-user'), schema: { body: invitePlatformUserRequestSchema, response: { 201: platformUserInvitedResponseSchema } } }, async (request, reply) => {
    const data = await service.invite(platformActor(request), callerAbilities(request, 'platform'), request.body, requestMeta(request));
    return reply.status(201).send({ data, message: messages.invitationSent });
  });

  server.get('/platform/users/:id', { config: platform('view-platform-user'), schema: { params: idParams, response: { 200: one } } }, async (request) => ({
    data: await service.get(request.ctx.tenant.id, request.params.id),
  }));

  server.put('/platform/users/:id', { config: platform('edit-platform-user'), schema: { params: idParams, body: updatePlatformUserRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update(platformActor(request), callerAbilities(request, 'platform'), request.params.id, request.body),
  }));

  server.delete('/platform/users/:id', { config: platform('delete-platform-user'), schema: { params: idParams, response: { 200: successResponseSchema } } }, async (request) => {
    await service.remove(platformActor(request), callerAbilities(request, 'platform'), request.params.id);
    return { success: true };
  });

  server.post('/platform/users/:id/disable', { config: platform('edit-platform-user'), schema: { params: idParams, response: { 200: one } } }, async (request) => ({
    data: await service.setDisabled(platformActor(request), request.params.id, true),
  }));

  server.post('/platform/users/:id/enable', { config: platform('edit-platform-user'), schema: { params: idParams, response: { 200: one } } }, async (request) => ({
    data: await service.setDisabled(platformActor(request), request.params.id, false),
  }));
};
