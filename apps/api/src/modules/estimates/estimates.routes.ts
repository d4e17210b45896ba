import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkDeleteResponseSchema,
  dataResponse,
  documentIdsRequestSchema,
  documentStatusResponseSchema,
  estimateDepositRequestSchema,
  estimateDepositResponseSchema,
  estimateListQuerySchema,
  estimateListResponseSchema,
  estimateRequestSchema,
  type EstimateResource,
  estimateResourceSchema,
  estimateTemplatesResponseSchema,
  idParamsSchema,
  invoiceResourceSchema,
  rejectDocumentRequestSchema,
  successResponseSchema,
  savedDocumentResponse,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { EstimateService } from './estimates.service';
import type { DocumentDelivery } from '../document-delivery/document-delivery.service';
import { saveAndSend } from '../document-delivery/document-delivery.routes';

const params = idParamsSchema;
const one = { 200: dataResponse(estimateResourceSchema) };
const created = { 201: dataResponse(estimateResourceSchema) };
/** A create or update that may also have sent the estimate (`send_estimate`): what became of its mail. */
const saved = savedDocumentResponse(estimateResourceSchema);
const access = (ability: string | string[]) => ({ access: { ability, scope: 'business' as const } });

export const estimateRoutes: FastifyPluginAsyncZod<{ estimates: EstimateService; delivery: DocumentDelivery<EstimateResource> }> = async (server, { estimates, delivery }) => {
  server.get('/estimates', { config: access('view-estimate'), schema: { querystring: estimateListQuerySchema, response: { 200: estimateListResponseSchema } } }, async (request) =>
    estimates.list(businessScope(request), request.query),
  );
  server.get('/estimates/templates', { config: access(['view-estimate', 'create-estimate', 'edit-estimate']), schema: { response: { 200: estimateTemplatesResponseSchema } } }, async (request) => ({
    estimateTemplates: await estimates.templates(request.ctx.tenant.id),
  }));
  server.get('/estimates/:id', { config: access('view-estimate'), schema: { params, response: one } }, async (request) => ({
    data: await estimates.get(businessScope(request), request.params.id),
  }));
  server.post('/estimates', { config: access('create-estimate'), schema: { body: estimateRequestSchema, response: { 201: saved } } }, async (request, reply) =>
    reply
      .status(201)
      .send(await saveAndSend(delivery, request, { wanted: request.body.send_estimate, customerId: request.body.customer_id }, () => estimates.create(auditActor(request), businessScope(request), request.body))),
  );
  server.put('/estimates/:id', { config: access('edit-estimate'), schema: { params, body: estimateRequestSchema, response: { 200: saved } } }, async (request) =>
    saveAndSend(delivery, request, { wanted: request.body.send_estimate, customerId: request.body.customer_id }, () =>
      estimates.update(auditActor(request), businessScope(request), request.params.id, request.body),
    ),
  );
  server.delete('/estimates/:id', { config: access('delete-estimate'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await estimates.remove(auditActor(request), businessScope(request), [request.params.id]);
    return { success: true };
  });
  server.post('/estimates/delete', { config: access('delete-estimate'), schema: { body: documentIdsRequestSchema, response: { 200: bulkDeleteResponseSchema } } }, async (request) => ({
    success: true,
    count: await estimates.remove(auditActor(request), businessScope(request), request.body.ids),
  }));
  server.post('/estimates/:id/clone', { config: access('create-estimate'), schema: { params, response: created } }, async (request, reply) =>
    reply.status(201).send({ data: await estimates.clone(auditActor(request), businessScope(request), request.params.id) }),
  );
  server.post('/estimates/:id/finalize', { config: access('edit-estimate'), schema: { params, response: one } }, async (request) => ({
    data: await estimates.finalize(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/estimates/:id/void', { config: access('edit-estimate'), schema: { params, response: one } }, async (request) => ({
    data: await estimates.void(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/estimates/:id/mark-sent', { config: access('send-estimate'), schema: { params, response: one } }, async (request) => ({
    data: await estimates.markSent(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/estimates/:id/approve', { config: access('approve-reject-estimate'), schema: { params, response: { 200: documentStatusResponseSchema } } }, async (request) => ({
    status: (await estimates.approve(auditActor(request), businessScope(request), request.params.id)).status,
  }));
  server.post('/estimates/:id/reject', { config: access('approve-reject-estimate'), schema: { params, body: rejectDocumentRequestSchema, response: { 200: documentStatusResponseSchema } } }, async (request) => ({
    status: (await estimates.reject(auditActor(request), businessScope(request), request.params.id, request.body.reason ?? null)).status,
  }));
  server.get('/estimates/:id/deposit', { config: access('view-estimate'), schema: { params, response: { 200: estimateDepositResponseSchema } } }, async (request) => ({
    data: await estimates.deposits.get(businessScope(request), request.params.id),
  }));
  server.put('/estimates/:id/deposit', { config: access('edit-estimate'), schema: { params, body: estimateDepositRequestSchema, response: { 200: estimateDepositResponseSchema } } }, async (request) => ({
    data: await estimates.deposits.request(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/estimates/:id/deposit', { config: access('edit-estimate'), schema: { params, response: { 200: estimateDepositResponseSchema } } }, async (request) => ({
    data: await estimates.deposits.withdraw(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/estimates/:id/convert-to-invoice', { config: access('create-invoice'), schema: { params, response: { 201: dataResponse(invoiceResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await estimates.convertToInvoice(auditActor(request), businessScope(request), request.params.id) }),
  );
};
