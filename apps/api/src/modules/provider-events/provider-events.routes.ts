import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, financingWebhookParamsSchema, idParamsSchema, providerEventDetailSchema, providerEventListResponseSchema, providerEventReceiptSchema, providerEventsQuerySchema } from '@app/contracts';
import type { ProviderEventService } from './provider-events.service';

const viewEvent = { access: { ability: 'view-event', scope: 'platform' as const } };

/** Admin area → events: the provider events the tenant received, newest first. */
export const providerEventRoutes: FastifyPluginAsyncZod<{ service: ProviderEventService }> = async (server, { service }) => {
  server.get('/events', { config: viewEvent, schema: { querystring: providerEventsQuerySchema, response: { 200: providerEventListResponseSchema } } }, async (request) =>
    service.list(request.ctx.tenant.id, request.query),
  );

  server.get('/events/:id', { config: viewEvent, schema: { params: idParamsSchema, response: { 200: dataResponse(providerEventDetailSchema) } } }, async (request) => ({
    data: await service.get(request.ctx.tenant.id, request.params.id),
  }));
};

/** The exact bytes of a delivery: the signature covers them, so nothing parses them first. */
function rawBodyOf(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '', 'utf8');
}

/**
 * The providers' webhooks, on the tenant's own domain (the Host picks the tenant, as for every
 * request). Public and without CSRF: the provider signs each delivery instead, and the signature
 * is over the exact bytes sent, so this context reads JSON bodies as a Buffer and nothing parses
 * them before the signature is checked.
 */
export const providerWebhookRoutes: FastifyPluginAsyncZod<{ service: ProviderEventService }> = async (server, { service }) => {
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const webhook = { access: { public: true }, csrf: false } as const;

  server.post('/webhooks/payment-provider', { config: webhook, schema: { response: { 200: providerEventReceiptSchema } } }, async (request) => {
    await service.receivePayment(request.ctx.tenant.id, { rawBody: rawBodyOf(request.body), headers: request.headers });
    return { received: true as const };
  });

  server.post(
    '/webhooks/financing-provider/:tenantId',
    { config: webhook, schema: { params: financingWebhookParamsSchema, response: { 200: providerEventReceiptSchema } } },
    async (request) => {
      await service.receiveFinancing(request.ctx.tenant.id, request.params.tenantId, { rawBody: rawBodyOf(request.body), headers: request.headers });
      return { received: true as const };
    },
  );
};
