import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataResponse,
  idParamsSchema,
  messageResponseSchema,
  outgoingEventDetailSchema,
  outgoingEventListResponseSchema,
  outgoingEventQuerySchema,
  successResponseSchema,
  webhookEventCatalogueResponseSchema,
  webhookListQuerySchema,
  webhookListResponseSchema,
  webhookLogDetailSchema,
  webhookLogListResponseSchema,
  webhookLogParamsSchema,
  webhookLogQuerySchema,
  webhookRequestSchema,
  webhookResourceSchema,
  webhookRotateSecretSchema,
  webhookSecretResponseSchema,
} from '@app/contracts';
import { auditActor } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import type { EndpointScope, WebhookService } from './webhooks.service';

type Area = 'platform' | 'business';
const one = dataResponse(webhookResourceSchema);

/**
 * The same routes twice: under /platform for the tenant's endpoints (every business's events,
 * admin area) and under /business for the selected business's own (settings), each with the
 * webhook abilities of its scope.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ service: WebhookService; area: Area }> = async (server, { service, area }) => {
  // A business's own endpoints are a plan feature; the tenant's (admin area) are not.
  const config = (ability: string) => ({ access: area === 'business' ? { ability, scope: area, feature: 'webhooks' as const } : { ability, scope: area } });
  /** The answer carries the signing secret: kept out of the API log. */
  const withSecret = (ability: string) => ({ ...config(ability), sensitiveResponse: true });
  const scopeOf = (request: FastifyRequest): EndpointScope => ({ tenantId: request.ctx.tenant.id, businessId: area === 'business' ? requireBusiness(request).id : null });
  /** Changes to the tenant's endpoints belong to no business, whatever business the admin has selected. */
  const actorOf = (request: FastifyRequest) => ({ ...auditActor(request), businessId: scopeOf(request).businessId });
  const base = `/${area}/webhooks`;

  server.get(`/${area}/webhook-events`, { config: config('view-webhook'), schema: { response: { 200: webhookEventCatalogueResponseSchema } } }, async () => service.catalogue());

  server.get(base, { config: config('view-webhook'), schema: { querystring: webhookListQuerySchema, response: { 200: webhookListResponseSchema } } }, async (request) =>
    service.list(scopeOf(request), request.query),
  );

  server.post(base, { config: withSecret('create-webhook'), schema: { body: webhookRequestSchema, response: { 201: webhookSecretResponseSchema } } }, async (request, reply) =>
    reply.status(201).send(await service.create(actorOf(request), scopeOf(request), request.body)),
  );

  server.get(`${base}/:id`, { config: config('view-webhook'), schema: { params: idParamsSchema, response: { 200: one } } }, async (request) => ({
    data: await service.get(scopeOf(request), request.params.id),
  }));

  server.put(`${base}/:id`, { config: config('edit-webhook'), schema: { params: idParamsSchema, body: webhookRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update(actorOf(request), scopeOf(request), request.params.id, request.body),
  }));

  server.delete(`${base}/:id`, { config: config('delete-webhook'), schema: { params: idParamsSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await service.remove(actorOf(request), scopeOf(request), request.params.id);
    return { success: true };
  });

  server.post(`${base}/:id/enable`, { config: config('edit-webhook'), schema: { params: idParamsSchema, response: { 200: one } } }, async (request) => ({
    data: await service.setEnabled(actorOf(request), scopeOf(request), request.params.id, true),
  }));

  server.post(`${base}/:id/disable`, { config: config('edit-webhook'), schema: { params: idParamsSchema, response: { 200: one } } }, async (request) => ({
    data: await service.setEnabled(actorOf(request), scopeOf(request), request.params.id, false),
  }));

  server.post(
    `${base}/:id/rotate-secret`,
    { config: withSecret('edit-webhook'), schema: { params: idParamsSchema, body: webhookRotateSecretSchema, response: { 200: webhookSecretResponseSchema } } },
    async (request) => service.rotateSecret(actorOf(request), scopeOf(request), request.params.id, request.body.overlap_hours),
  );

  server.get(`${base}/:id/logs`, { config: config('view-webhook'), schema: { params: idParamsSchema, querystring: webhookLogQuerySchema, response: { 200: webhookLogListResponseSchema } } }, async (request) =>
    service.logs(scopeOf(request), request.params.id, request.query),
  );

  server.get(`${base}/:id/logs/:log_id`, { config: config('view-webhook'), schema: { params: webhookLogParamsSchema, response: { 200: dataResponse(webhookLogDetailSchema) } } }, async (request) => ({
    data: await service.log(scopeOf(request), request.params.id, request.params.log_id),
  }));

  server.post(`${base}/:id/logs/:log_id/replay`, { config: config('edit-webhook'), schema: { params: webhookLogParamsSchema, response: { 202: messageResponseSchema } } }, async (request, reply) => {
    await service.replay(actorOf(request), scopeOf(request), request.params.id, request.params.log_id);
    return reply.status(202).send({ message: 'The event will be sent again.' });
  });

  // The tenant's admins read every outgoing event under view-event; a business its own under view-webhook.
  const eventsAbility = area === 'platform' ? 'view-event' : 'view-webhook';
  server.get(`/${area}/outgoing-events`, { config: config(eventsAbility), schema: { querystring: outgoingEventQuerySchema, response: { 200: outgoingEventListResponseSchema } } }, async (request) =>
    service.events(request.ctx.tenant.id, scopeOf(request).businessId, request.query),
  );

  server.get(`/${area}/outgoing-events/:id`, { config: config(eventsAbility), schema: { params: idParamsSchema, response: { 200: dataResponse(outgoingEventDetailSchema) } } }, async (request) => ({
    data: await service.event(request.ctx.tenant.id, scopeOf(request).businessId, request.params.id),
  }));
};
