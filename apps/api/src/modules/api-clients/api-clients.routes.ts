import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiClientListResponseSchema,
  apiClientOptionsResponseSchema,
  apiClientResourceSchema,
  apiClientsQuerySchema,
  createApiClientRequestSchema,
  createApiClientResponseSchema,
  dataResponse,
  idParamsSchema,
  renameApiClientRequestSchema,
} from '@app/contracts';
import { platformActor } from '../../platform/http';
import { requireUser } from '../../platform/request-context';
import type { ApiClientService } from './api-clients.service';

const MANAGE = { access: { ability: 'manage-api-client', scope: 'platform' as const } };

/** Admin → API clients. The create answer carries the secret, so its body never reaches the API log. */
export const apiClientRoutes: FastifyPluginAsyncZod<{ service: ApiClientService }> = async (server, { service }) => {
  server.get('/platform/api-clients', { config: MANAGE, schema: { querystring: apiClientsQuerySchema, response: { 200: apiClientListResponseSchema } } }, async (request) =>
    service.list(request.ctx.tenant.id, request.query),
  );

  server.get('/platform/api-clients/options', { config: MANAGE, schema: { response: { 200: apiClientOptionsResponseSchema } } }, async (request) => ({
    data: await service.options(request.ctx.tenant.id, requireUser(request)),
  }));

  server.post(
    '/platform/api-clients',
    { config: { ...MANAGE, sensitiveResponse: true }, schema: { body: createApiClientRequestSchema, response: { 201: createApiClientResponseSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(platformActor(request), requireUser(request), request.ctx.via, request.body)),
  );

  server.put(
    '/platform/api-clients/:id',
    { config: MANAGE, schema: { params: idParamsSchema, body: renameApiClientRequestSchema, response: { 200: dataResponse(apiClientResourceSchema) } } },
    async (request) => ({ data: await service.rename(platformActor(request), request.params.id, request.body.name) }),
  );

  server.post('/platform/api-clients/:id/revoke', { config: MANAGE, schema: { params: idParamsSchema, response: { 200: dataResponse(apiClientResourceSchema) } } }, async (request) => ({
    data: await service.revoke(platformActor(request), request.params.id),
  }));
};
