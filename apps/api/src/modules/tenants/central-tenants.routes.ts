import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTenantRequestSchema, dataResponse, idParamsSchema, tenantBusinessListResponseSchema, tenantListResponseSchema, tenantResourceSchema, tenantsQuerySchema, updateTenantRequestSchema } from '@app/contracts';
import { platformActor } from '../../platform/http';
import type { CentralTenantService } from './central-tenants.service';

/** Landlord tenant, platform user holding manage-tenant. Answers carry the (masked) provider secrets, so they are not logged. */
const config = { access: { ability: 'manage-tenant', scope: 'platform' as const, landlordOnly: true }, sensitiveResponse: true };
const idParams = idParamsSchema;
const one = dataResponse(tenantResourceSchema);

export const centralTenantRoutes: FastifyPluginAsyncZod<{ service: CentralTenantService }> = async (server, { service }) => {
  server.get('/tenants', { config, schema: { querystring: tenantsQuerySchema, response: { 200: tenantListResponseSchema } } }, async (request) => service.list(request.query));

  server.post('/tenants', { config, schema: { body: createTenantRequestSchema, response: { 201: one } } }, async (request, reply) => {
    const data = await service.create(platformActor(request), request.body);
    return reply.status(201).send({ data });
  });

  server.get('/tenants/:id', { config, schema: { params: idParams, response: { 200: one } } }, async (request) => ({ data: await service.get(request.params.id) }));

  server.put('/tenants/:id', { config, schema: { params: idParams, body: updateTenantRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update(platformActor(request), request.params.id, request.body),
  }));

  server.get('/tenants/:id/businesses', { config, schema: { params: idParams, querystring: tenantsQuerySchema, response: { 200: tenantBusinessListResponseSchema } } }, async (request) => service.businesses(request.params.id, request.query));
};
