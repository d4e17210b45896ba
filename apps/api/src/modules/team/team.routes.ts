import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AbilityCheck,
  dataResponse,
  idParamsSchema,
  inviteUserRequestSchema,
  messages,
  successResponseSchema,
  teamUserInvitedResponseSchema,
  teamUserListResponseSchema,
  teamUserResourceSchema,
  teamUsersQuerySchema,
  updateTeamUserRequestSchema,
} from '@app/contracts';
import { AppError } from '../../platform/errors';
import { callerAbilities } from '../../platform/grants';
import { auditActor, requestMeta } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import type { TeamService } from './team.service';

export type TeamRoutesOptions = { team: TeamService };

const business = (ability: AbilityCheck) => ({ access: { ability, scope: 'business' as const } });
const params = idParamsSchema;
const one = { 200: dataResponse(teamUserResourceSchema) };
const oneWithMessage = { 200: teamUserInvitedResponseSchema };

/** The selected business's team: `/users` and its actions. Status is the membership's. */
export const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (server, { team }) => {
  // The tenant's "user management" switch: when off, businesses see their team but cannot change it.
  server.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && !request.ctx.tenant.userManagement) throw AppError.forbidden(messages.featureNotEnabled);
  });

  server.get('/users', { config: business('view-user'), schema: { querystring: teamUsersQuerySchema, response: { 200: teamUserListResponseSchema } } }, async (request) =>
    team.list(request.ctx.tenant.id, requireBusiness(request).id, request.query),
  );

  server.post('/users', { config: business('create-user'), schema: { body: inviteUserRequestSchema, response: { 201: teamUserInvitedResponseSchema } } }, async (request, reply) => {
    const invited = await team.invite(auditActor(request), requireBusiness(request).id, callerAbilities(request, 'business'), request.body, requestMeta(request));
    return reply.status(201).send({ data: invited, message: messages.invitationSent });
  });

  server.get('/users/:id', { config: business('view-user'), schema: { params, response: one } }, async (request) => ({
    data: await team.get(request.ctx.tenant.id, requireBusiness(request).id, request.params.id),
  }));

  server.put('/users/:id', { config: business('edit-user'), schema: { params, body: updateTeamUserRequestSchema, response: one } }, async (request) => ({
    data: await team.update(auditActor(request), requireBusiness(request).id, callerAbilities(request, 'business'), request.params.id, request.body),
  }));

  server.delete('/users/:id', { config: business('delete-user'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await team.remove(auditActor(request), requireBusiness(request).id, request.params.id);
    return { success: true };
  });

  server.post('/users/:id/disable', { config: business('edit-user'), schema: { params, response: one } }, async (request) => ({
    data: await team.disable(auditActor(request), requireBusiness(request).id, request.params.id),
  }));

  server.post('/users/:id/enable', { config: business('edit-user'), schema: { params, response: one } }, async (request) => ({
    data: await team.enable(auditActor(request), requireBusiness(request).id, request.params.id),
  }));

  server.post('/users/:id/resend-invite', { config: business('create-user'), schema: { params, response: oneWithMessage } }, async (request) => ({
    data: await team.resendInvite(auditActor(request), requireBusiness(request).id, request.params.id, requestMeta(request)),
    message: messages.invitationSent,
  }));

  server.post('/users/:id/transfer-ownership', { config: { access: { ability: 'edit-user', scope: 'business', ownerOnly: true } }, schema: { params, response: one } }, async (request) => {
    const selected = requireBusiness(request);
    return { data: await team.transferOwnership(auditActor(request), selected.id, selected.isOwner, selected.abilities, request.params.id) };
  });
};
