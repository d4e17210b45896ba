import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { abilityGroups, abilityGroupsResponseSchema, dataResponse, idParamsSchema, roleListResponseSchema, roleRequestSchema, roleResourceSchema, rolesQuerySchema, successResponseSchema } from '@app/contracts';
import type { AuditActor } from '../../platform/audit';
import { callerAbilities } from '../../platform/grants';
import { auditActor, platformActor } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import type { RoleScope, RoleService } from './roles.service';

export type RoleRoutesOptions = { roles: RoleService };
type ZodServer = Parameters<FastifyPluginAsyncZod<RoleRoutesOptions>>[0];

const params = idParamsSchema;
const one = { 200: dataResponse(roleResourceSchema) };

type ScopeBinding = {
  prefix: string;
  scope: 'business' | 'platform';
  where(request: FastifyRequest): RoleScope;
  actor(request: FastifyRequest): AuditActor;
};

/** The same five routes for business roles (`/roles`) and the internal team's (`/platform/roles`). */
function roleRoutes(server: ZodServer, roles: RoleService, binding: ScopeBinding, listAbility: readonly string[]) {
  const view = { access: { ability: listAbility, scope: binding.scope } };
  const manage = { access: { ability: 'manage-role', scope: binding.scope } };
  const path = `${binding.prefix}/roles`;

  server.get(path, { config: view, schema: { querystring: rolesQuerySchema, response: { 200: roleListResponseSchema } } }, async (request) =>
    roles.list(request.ctx.tenant.id, binding.where(request), request.query),
  );
  server.get(`${path}/:id`, { config: view, schema: { params, response: one } }, async (request) => ({
    data: await roles.get(request.ctx.tenant.id, binding.where(request), request.params.id),
  }));
  server.post(path, { config: manage, schema: { body: roleRequestSchema, response: { 201: dataResponse(roleResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await roles.create(binding.actor(request), binding.where(request), callerAbilities(request, binding.scope), request.body) }),
  );
  server.put(`${path}/:id`, { config: manage, schema: { params, body: roleRequestSchema, response: one } }, async (request) => ({
    data: await roles.update(binding.actor(request), binding.where(request), callerAbilities(request, binding.scope), request.params.id, request.body),
  }));
  server.delete(`${path}/:id`, { config: manage, schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await roles.remove(binding.actor(request), binding.where(request), callerAbilities(request, binding.scope), request.params.id);
    return { success: true };
  });
}

export const rolesRoutes: FastifyPluginAsyncZod<RoleRoutesOptions> = async (server, { roles }) => {
  // The invite and edit forms list roles too, so whoever may add or edit users may read them.
  roleRoutes(
    server,
    roles,
    { prefix: '', scope: 'business', where: (request) => ({ scope: 'business', businessId: requireBusiness(request).id }), actor: auditActor },
    ['view-role', 'manage-role', 'create-user', 'edit-user'],
  );
  // Platform changes belong to the tenant, whatever business the browser has selected.
  roleRoutes(
    server,
    roles,
    { prefix: '/platform', scope: 'platform', where: () => ({ scope: 'platform' }), actor: platformActor },
    ['view-role', 'manage-role'],
  );

  server.get(
    '/platform/abilities',
    {
      config: { access: { ability: ['view-role', 'manage-role'], scope: 'platform' } },
      schema: { querystring: z.object({ scope: z.enum(['business', 'platform']).default('platform') }), response: { 200: abilityGroupsResponseSchema } },
    },
    async (request) => ({ data: abilityGroups(request.query.scope) }),
  );
};
