import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bnplFundRequestSchema,
  bnplFundResponseSchema,
  bnplLoanOfferResponseSchema,
  bnplOfferQuerySchema,
  bnplRepayRequestSchema,
  bnplRepayResponseSchema,
  factoringFundRequestSchema,
  factoringFundResponseSchema,
  factoringLoanOfferResponseSchema,
  idParamsSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import { idempotentRequestOf } from '../../platform/idempotency';
import type { BnplRepayments } from './bnpl-repayments';
import type { BnplService } from './bnpl.service';
import type { FinancingService } from './financing.service';

export type FinancingRoutesOptions = { financing: FinancingService; bnpl: BnplService; repayments: BnplRepayments };

const viewBalanceSheet = { access: { ability: 'view-balance-sheet', scope: 'business', feature: 'financing' } } as const;
/** Taking or repaying a loan commits the business: reading the balance sheet is not enough. */
const commitBusiness = { access: { ability: { all: ['view-balance-sheet', 'manage-business-settings'] }, scope: 'business', feature: 'financing' } } as const;

/** Factoring and BNPL: the offer on an approved invoice and its funding (spec section 2), and a BNPL loan's early repayment. */
export const financingRoutes: FastifyPluginAsyncZod<FinancingRoutesOptions> = async (server, { financing, bnpl, repayments }) => {
  server.get('/business/factoring/:id/loan-offer', { config: viewBalanceSheet, schema: { params: idParamsSchema, response: { 200: factoringLoanOfferResponseSchema } } }, async (request) =>
    financing.factoringOffer(businessScope(request), request.params.id),
  );
  server.post(
    '/business/factoring/:id/loan-fund',
    { config: commitBusiness, schema: { params: idParamsSchema, body: factoringFundRequestSchema, response: { 201: factoringFundResponseSchema } } },
    async (request, reply) => {
      const funded = await financing.fundFactoring(auditActor(request), businessScope(request), request.params.id, request.body, idempotentRequestOf(request, 'POST /business/factoring/loan-fund'));
      if (funded.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(funded.body);
    },
  );

  server.get(
    '/business/bnpl/:id/loan-offer',
    { config: viewBalanceSheet, schema: { params: idParamsSchema, querystring: bnplOfferQuerySchema, response: { 200: bnplLoanOfferResponseSchema } } },
    async (request) => ({ data: await bnpl.offer(businessScope(request), request.params.id, request.query.days_to_defer) }),
  );
  server.post('/business/bnpl/:id/loan-fund', { config: commitBusiness, schema: { params: idParamsSchema, body: bnplFundRequestSchema, response: { 201: bnplFundResponseSchema } } }, async (request, reply) => {
    const funded = await bnpl.fund(auditActor(request), businessScope(request), request.params.id, request.body, idempotentRequestOf(request, 'POST /business/bnpl/loan-fund'));
    if (funded.replayed) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(funded.body);
  });
  server.post('/business/bnpl/loans/:id/repay', { config: commitBusiness, schema: { params: idParamsSchema, body: bnplRepayRequestSchema, response: { 200: bnplRepayResponseSchema } } }, async (request) => ({
    data: await repayments.repayNow(auditActor(request), businessScope(request), request.params.id, request.body.selectedPaymentMethod ?? null),
  }));
};
