import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, idParamsSchema, providerEventDetailSchema, providerEventListResponseSchema, providerEventReceiptSchema, providerEventsQuerySchema } from '@app/contracts';
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

/**
 * The payment provider's webhook, on the tenant's own domain (the Host picks the tenant, as for
 * every request). Public and without CSRF: the provider signs each delivery instead, and the
 * signature is over the exact bytes sent, so this context reads JSON bodies as a Buffer and
 * nothing parses them before the signature is checked.
 */
export const providerWebhookRoutes: FastifyPluginAsyncZod<{ service: ProviderEventService }> = async (server, { service }) => {
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  server.post(
    '/webhooks/payment-provider',
    { config: { access: { public: true }, csrf: false }, schema: { response: { 200: providerEventReceiptSchema } } },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const body: unknown = request.body;
      const raw = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '', 'utf8');
      await service.receive(request.ctx.tenant.id, raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};
