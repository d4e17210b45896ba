import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkDeleteResponseSchema,
  dataResponse,
  documentIdsRequestSchema,
  idParamsSchema,
  paymentClaimListQuerySchema,
  paymentClaimListResponseSchema,
  paymentClaimResponseSchema,
  paymentDeleteAbility,
  paymentListQuerySchema,
  paymentListResponseSchema,
  paymentRequestSchema,
  type PaymentResource,
  paymentResourceSchema,
  paymentWriteAbility,
  rejectPaymentClaimRequestSchema,
  successResponseSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import { idempotentRequestOf } from '../../platform/idempotency';
import type { FloodLimit } from '../../platform/flood-limit';
import { type KindRoutes, privateDeliveryRoutes, publicKindRoutes } from '../document-delivery/document-delivery.routes';
import type { DocumentDelivery } from '../document-delivery/document-delivery.service';
import type { PaymentPublicView } from './payment-delivery';
import type { PaymentService } from './payments.service';

const params = idParamsSchema;
const one = { 200: dataResponse(paymentResourceSchema) };
const view = { access: { ability: 'view-payment', scope: 'business' as const } };
const write = { access: { ability: paymentWriteAbility, scope: 'business' as const } };
const remove = { access: { ability: paymentDeleteAbility, scope: 'business' as const } };

export type PaymentRoutesOptions = { payments: PaymentService; delivery: DocumentDelivery<PaymentResource, PaymentPublicView>; limiter: FloodLimit };

/**
 * /payments and its receipts. Static paths win over `/payments/:id` in the router, so the
 * payment modes at /payments/methods (their own module) are not shadowed.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (server, { payments, delivery, limiter }) => {
  server.get('/payments', { config: view, schema: { querystring: paymentListQuerySchema, response: { 200: paymentListResponseSchema } } }, async (request) =>
    payments.list(businessScope(request), request.query),
  );
  server.post('/payments', { config: write, schema: { body: paymentRequestSchema, response: { 201: dataResponse(paymentResourceSchema) } } }, async (request, reply) => {
    const created = await payments.create(auditActor(request), businessScope(request), request.body, idempotentRequestOf(request, 'POST /payments'));
    if (created.replayed) reply.header('idempotent-replayed', 'true');
    // Only a created payment is stored under a key, so a replay answers 201 as the first request did.
    return reply.status(201).send(created.body);
  });
  server.post('/payments/delete', { config: remove, schema: { body: documentIdsRequestSchema, response: { 200: bulkDeleteResponseSchema } } }, async (request) => ({
    success: true,
    count: await payments.remove(auditActor(request), businessScope(request), request.body.ids),
  }));
  // Claims: payments the business's customers recorded as made to it. Confirming records the
  // business's payment received and settles its invoice, as recording that payment by hand would:
  // the same ability. The id is the customer's payment; only the vendor it is addressed to finds it.
  server.get('/payments/claims', { config: view, schema: { querystring: paymentClaimListQuerySchema, response: { 200: paymentClaimListResponseSchema } } }, async (request) =>
    payments.listClaims(businessScope(request), request.query),
  );
  server.post('/payments/:id/confirm', { config: write, schema: { params, response: { 200: paymentClaimResponseSchema } } }, async (request) => ({
    data: await payments.confirmClaim(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/payments/:id/reject', { config: write, schema: { params, body: rejectPaymentClaimRequestSchema, response: { 200: paymentClaimResponseSchema } } }, async (request) => ({
    data: await payments.rejectClaim(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.get('/payments/:id', { config: view, schema: { params, response: one } }, async (request) => ({
    data: await payments.get(businessScope(request), request.params.id),
  }));
  server.put('/payments/:id', { config: write, schema: { params, body: paymentRequestSchema, response: one } }, async (request) => ({
    data: await payments.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/payments/:id', { config: remove, schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await payments.remove(auditActor(request), businessScope(request), [request.params.id]);
    return { success: true };
  });

  const receipts: KindRoutes<PaymentResource, PaymentPublicView> = { kind: 'payment', plural: 'payments', delivery, resourceSchema: paymentResourceSchema };
  privateDeliveryRoutes(server, receipts);
  await server.register(publicKindRoutes(limiter, receipts));
};
