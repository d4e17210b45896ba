import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankLinkTokenSchema, cardPaymentOptionsResponseSchema, cardPaymentRequestSchema, cardPaymentResponseSchema, depositPaymentRequestSchema, idParamsSchema, publicEstimateDepositResponseSchema, tokenParamsSchema } from '@app/contracts';
import { z } from 'zod';
import { businessScope } from '../../platform/business-scope';
import type { FloodLimit } from '../../platform/flood-limit';
import { requestMeta } from '../../platform/http';
import { publicDeliveryRoutes } from '../document-delivery/document-delivery.routes';
import type { OnlinePaymentService } from './online-payments.service';

/** The answer holds the payment's client secret: it stays out of the API log. */
const PAY_AS_GUEST = { access: { public: true }, sensitiveResponse: true } as const;
const PAY_AS_BUSINESS = { access: { ability: 'pay-invoice', scope: 'business' as const }, sensitiveResponse: true } as const;
const response = { 200: cardPaymentResponseSchema };
/** A link token opens the payer's bank for reading: like a client secret, it stays out of the API log. */
const linkTokenResponse = { 200: z.object({ data: bankLinkTokenSchema }) };

export type OnlinePaymentRoutesOptions = { online: OnlinePaymentService; limiter: FloodLimit };

/**
 * "Start a card payment", and what the pay form needs, beside the invoice's other routes: the public
 * invoice's (by its link, with the public pages' per-address limit) and the customer business's
 * incoming invoice's.
 */
export const onlinePaymentRoutes: FastifyPluginAsyncZod<OnlinePaymentRoutesOptions> = async (server, { online, limiter }) => {
  server.get('/invoices/:id/card-payment', { config: { access: PAY_AS_BUSINESS.access }, schema: { params: idParamsSchema, response: { 200: cardPaymentOptionsResponseSchema } } }, async (request) => ({
    data: await online.optionsForBusiness(businessScope(request), request.params.id),
  }));
  server.post('/invoices/:id/card-payment', { config: PAY_AS_BUSINESS, schema: { params: idParamsSchema, body: cardPaymentRequestSchema, response } }, async (request) => ({
    data: await online.startForBusiness(businessScope(request), request.params.id, request.body, requestMeta(request)),
  }));
  server.post('/invoices/:id/bank-link-token', { config: PAY_AS_BUSINESS, schema: { params: idParamsSchema, response: linkTokenResponse } }, async (request) => ({
    data: await online.linkTokenForBusiness(businessScope(request), request.params.id, request.ctx.tenant.name),
  }));

  // An estimate's deposit: paid by the customer business it is addressed to with the invoices' ability (the catalogue has no estimate one).
  server.get('/estimates/:id/deposit-payment', { config: { access: PAY_AS_BUSINESS.access }, schema: { params: idParamsSchema, response: { 200: publicEstimateDepositResponseSchema } } }, async (request) => ({
    data: await online.deposits.optionsForBusiness(businessScope(request), request.params.id),
  }));
  server.post('/estimates/:id/deposit-payment', { config: PAY_AS_BUSINESS, schema: { params: idParamsSchema, body: depositPaymentRequestSchema, response } }, async (request) => ({
    data: await online.deposits.startForBusiness(businessScope(request), request.params.id, request.body, requestMeta(request)),
  }));
  server.post('/estimates/:id/bank-link-token', { config: PAY_AS_BUSINESS, schema: { params: idParamsSchema, response: linkTokenResponse } }, async (request) => ({
    data: await online.deposits.linkTokenForBusiness(businessScope(request), request.params.id, request.ctx.tenant.name),
  }));

  await server.register(
    publicDeliveryRoutes(limiter, (publicScope) => {
      publicScope.get('/public/estimates/:token/deposit', { config: { access: { public: true } }, schema: { params: tokenParamsSchema, response: { 200: publicEstimateDepositResponseSchema } } }, async (request) => ({
        data: await online.deposits.optionsForLink(request.ctx.tenant.id, request.params.token),
      }));
      publicScope.post('/public/estimates/:token/deposit-payment', { config: PAY_AS_GUEST, schema: { params: tokenParamsSchema, body: depositPaymentRequestSchema, response } }, async (request) => ({
        data: await online.deposits.startForLink(request.ctx.tenant.id, request.params.token, request.body, requestMeta(request)),
      }));
      publicScope.post('/public/estimates/:token/bank-link-token', { config: PAY_AS_GUEST, schema: { params: tokenParamsSchema, response: linkTokenResponse } }, async (request) => ({
        data: await online.deposits.linkTokenForLink(request.ctx.tenant.id, request.params.token, request.ctx.tenant.name),
      }));
      publicScope.get('/public/invoices/:token/card-payment', { config: { access: { public: true } }, schema: { params: tokenParamsSchema, response: { 200: cardPaymentOptionsResponseSchema } } }, async (request) => ({
        data: await online.optionsForLink(request.ctx.tenant.id, request.params.token, request.ctx.user ? { userId: request.ctx.user.id } : null),
      }));
      publicScope.post('/public/invoices/:token/card-payment', { config: PAY_AS_GUEST, schema: { params: tokenParamsSchema, body: cardPaymentRequestSchema, response } }, async (request) => ({
        data: await online.startForLink(request.ctx.tenant.id, request.params.token, request.body, requestMeta(request)),
      }));
      publicScope.post('/public/invoices/:token/bank-link-token', { config: PAY_AS_GUEST, schema: { params: tokenParamsSchema, response: linkTokenResponse } }, async (request) => ({
        data: await online.linkTokenForLink(request.ctx.tenant.id, request.params.token, request.ctx.tenant.name),
      }));
    }),
  );
};
