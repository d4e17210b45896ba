import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, idParamsSchema, listQuerySchema, paymentModeListResponseSchema, paymentModeRequestSchema, paymentModeResourceSchema, successResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { PaymentModeService } from './payment-modes.service';

const params = idParamsSchema;
const one = { 200: dataResponse(paymentModeResourceSchema) };
const view = { access: { ability: 'view-payment-methods', scope: 'business' as const } };
const create = { access: { ability: 'create-payment-method', scope: 'business' as const } };
const edit = { access: { ability: 'edit-payment-method', scope: 'business' as const } };
const remove = { access: { ability: 'delete-payment-method', scope: 'business' as const } };

export const paymentModeRoutes: FastifyPluginAsyncZod<{ modes: PaymentModeService }> = async (server, { modes }) => {
  server.get('/payments/methods', { config: view, schema: { querystring: listQuerySchema, response: { 200: paymentModeListResponseSchema } } }, async (request) =>
    modes.list(businessScope(request), request.query),
  );
  server.get('/payments/methods/:id', { config: view, schema: { params, response: one } }, async (request) => ({
    data: await modes.get(businessScope(request), request.params.id),
  }));
  server.post('/payments/methods', { config: create, schema: { body: paymentModeRequestSchema, response: { 201: dataResponse(paymentModeResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await modes.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.put('/payments/methods/:id', { config: edit, schema: { params, body: paymentModeRequestSchema, response: one } }, async (request) => ({
    data: await modes.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/payments/methods/:id', { config: remove, schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await modes.remove(auditActor(request), businessScope(request), request.params.id);
    return { success: true };
  });
};
