import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { factoringFundRequestSchema, factoringFundResponseSchema, factoringLoanOfferResponseSchema, idParamsSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import { idempotentRequestOf } from '../../platform/idempotency';
import type { FinancingService } from './financing.service';

export type FinancingRoutesOptions = { financing: FinancingService };

/** Factoring: the offer on an approved outgoing invoice and its funding (spec section 2). */
export const financingRoutes: FastifyPluginAsyncZod<FinancingRoutesOptions> = async (server, { financing }) => {
  server.get(
    '/business/factoring/:id/loan-offer',
    { config: { access: { ability: 'view-balance-sheet', scope: 'business' } }, schema: { params: idParamsSchema, response: { 200: factoringLoanOfferResponseSchema } } },
    async (request) => financing.factoringOffer(businessScope(request), request.params.id),
  );
  server.post(
    '/business/factoring/:id/loan-fund',
    {
      config: { access: { ability: { all: ['view-balance-sheet', 'manage-business-settings'] }, scope: 'business' } },
      schema: { params: idParamsSchema, body: factoringFundRequestSchema, response: { 201: factoringFundResponseSchema } },
    },
    async (request, reply) => {
      const funded = await financing.fundFactoring(auditActor(request), businessScope(request), request.params.id, request.body, idempotentRequestOf(request, 'POST /business/factoring/loan-fund'));
      if (funded.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(funded.body);
    },
  );
};
