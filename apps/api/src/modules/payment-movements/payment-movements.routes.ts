import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, paymentRefundAbility, paymentRefundRequestSchema, paymentRefundResponseSchema, paymentTransfersResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { PaymentMovementService } from './payment-movements.service';

const params = idParamsSchema;

export type PaymentMovementRoutesOptions = { movements: PaymentMovementService };

/** A payment's refund and the list of what the provider moved for it, beside the payment's other routes. */
export const paymentMovementRoutes: FastifyPluginAsyncZod<PaymentMovementRoutesOptions> = async (server, { movements }) => {
  server.post(
    '/payments/:id/refund',
    { config: { access: { ability: paymentRefundAbility, scope: 'business' } }, schema: { params, body: paymentRefundRequestSchema, response: { 200: paymentRefundResponseSchema } } },
    async (request) => ({ data: await movements.refund(auditActor(request), businessScope(request), request.params.id, request.body) }),
  );
  // Transfers and charges come with online payments; a payment recorded by hand has none.
  server.get('/payments/:id/transfers', { config: { access: { ability: 'view-payment', scope: 'business' } }, schema: { params, response: { 200: paymentTransfersResponseSchema } } }, async (request) => ({
    data: await movements.transfers(businessScope(request), request.params.id),
  }));
};
