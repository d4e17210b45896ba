import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  paymentMethodLinkResponseSchema,
  paymentMethodSetupConfirmRequestSchema,
  paymentMethodSetupResponseSchema,
  publicPaymentMethodLinkResponseSchema,
  savedPaymentMethodListResponseSchema,
  savedPaymentMethodResponseSchema,
  successResponseSchema,
  tokenParamsSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import type { FloodLimit } from '../../platform/flood-limit';
import { auditActor, requestMeta } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import { publicDeliveryRoutes } from '../document-delivery/document-delivery.routes';
import type { PaymentMethodLinkService } from './payment-method-links.service';
import type { SavedMethodService } from './saved-methods.service';

const view = { access: { ability: 'view-payment-methods', scope: 'business' as const } };
const create = { access: { ability: 'create-payment-method', scope: 'business' as const } };
/** The setup's answer holds its client secret: it stays out of the API log. */
const createSecret = { ...create, sensitiveResponse: true } as const;
const edit = { access: { ability: 'edit-payment-method', scope: 'business' as const } };
const remove = { access: { ability: 'delete-payment-method', scope: 'business' as const } };
const method = { 200: savedPaymentMethodResponseSchema };

export type SavedMethodRoutesOptions = { methods: SavedMethodService; links: PaymentMethodLinkService; limiter: FloodLimit };

/** Settings → payment-methods (spec section 7), the vendor's payment-method links, and the links' public pages (rate limited like the other public links). */
export const savedMethodRoutes: FastifyPluginAsyncZod<SavedMethodRoutesOptions> = async (server, { methods, links, limiter }) => {
  server.get('/business/payment-methods', { config: view, schema: { response: { 200: savedPaymentMethodListResponseSchema } } }, async (request) => ({
    data: await methods.list(businessScope(request)),
  }));
  server.post('/business/payment-methods/setup', { config: createSecret, schema: { response: { 200: paymentMethodSetupResponseSchema } } }, async (request) => {
    const business = requireBusiness(request).row;
    return { data: await methods.startSetup(businessScope(request), { name: business.name, email: business.email }) };
  });
  server.post('/business/payment-methods/confirm', { config: create, schema: { body: paymentMethodSetupConfirmRequestSchema, response: method } }, async (request) => ({
    data: await methods.confirmSetup(auditActor(request), businessScope(request), request.body),
  }));
  server.delete('/business/payment-methods/:id', { config: remove, schema: { params: idParamsSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await methods.remove(auditActor(request), businessScope(request), request.params.id);
    return { success: true };
  });
  server.post('/business/payment-methods/:id/set-as-default', { config: edit, schema: { params: idParamsSchema, response: method } }, async (request) => ({
    data: await methods.setDefault(auditActor(request), businessScope(request), request.params.id),
  }));

  server.post('/customers/:id/payment-method-links', { config: create, schema: { params: idParamsSchema, response: { 200: paymentMethodLinkResponseSchema } } }, async (request) => ({
    data: await links.create(auditActor(request), businessScope(request), requireBusiness(request).row.name, request.params.id, requestMeta(request).origin),
  }));

  await server.register(
    publicDeliveryRoutes(limiter, (publicScope) => {
      const open = { access: { public: true } } as const;
      publicScope.get('/public/payment-method-links/:token', { config: open, schema: { params: tokenParamsSchema, response: { 200: publicPaymentMethodLinkResponseSchema } } }, async (request) => ({
        data: await links.view(request.ctx.tenant.id, request.params.token),
      }));
      publicScope.post('/public/payment-method-links/:token/setup', { config: { ...open, sensitiveResponse: true }, schema: { params: tokenParamsSchema, response: { 200: paymentMethodSetupResponseSchema } } }, async (request) => ({
        data: await links.startSetup(request.ctx.tenant.id, request.params.token),
      }));
      publicScope.post('/public/payment-method-links/:token/confirm', { config: open, schema: { params: tokenParamsSchema, body: paymentMethodSetupConfirmRequestSchema, response: method } }, async (request) => ({
        data: await links.confirmSetup(request.ctx.tenant.id, request.params.token, request.body),
      }));
    }),
  );
};
