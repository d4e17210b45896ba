import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvedInvoiceAmountSchema,
  bulkDeleteResponseSchema,
  dataResponse,
  documentIdsRequestSchema,
  documentStatusResponseSchema,
  idParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceRequestSchema,
  type InvoiceResource,
  invoiceResourceSchema,
  invoiceStatsQuerySchema,
  invoiceStatsSchema,
  invoiceTemplatesResponseSchema,
  rejectDocumentRequestSchema,
  successResponseSchema,
  updateDueDateRequestSchema,
  savedDocumentResponse,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { InvoiceService } from './invoices.service';
import type { DocumentDelivery } from '../document-delivery/document-delivery.service';
import { saveAndSend } from '../document-delivery/document-delivery.routes';

const params = idParamsSchema;
const one = { 200: dataResponse(invoiceResourceSchema) };
const access = (ability: string | string[]) => ({ access: { ability, scope: 'business' as const } });

export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoiceService; delivery: DocumentDelivery<InvoiceResource> }> = async (server, { invoices, delivery }) => {
  server.get('/invoices', { config: access('view-invoice'), schema: { querystring: invoiceListQuerySchema, response: { 200: invoiceListResponseSchema } } }, async (request) =>
    invoices.list(businessScope(request), request.query),
  );
  server.get('/invoices/stats', { config: access('view-invoice'), schema: { querystring: invoiceStatsQuerySchema, response: { 200: invoiceStatsSchema } } }, async (request) =>
    invoices.stats(businessScope(request), request.query.type),
  );
  server.get('/invoices/templates', { config: access(['view-invoice', 'create-invoice', 'edit-invoice']), schema: { response: { 200: invoiceTemplatesResponseSchema } } }, async (request) => ({
    invoiceTemplates: await invoices.templates(request.ctx.tenant.id),
  }));
  // The invoice screens read the spec's figure, the financing pages what can be financed: one answer serves both.
  server.get('/approved-invoice-amount', { config: access(['view-invoice', 'view-balance-sheet']), schema: { response: { 200: approvedInvoiceAmountSchema } } }, async (request) =>
    invoices.approvedAmounts(businessScope(request)),
  );
  server.get('/invoices/:id', { config: access('view-invoice'), schema: { params, response: one } }, async (request) => ({
    data: await invoices.get(businessScope(request), request.params.id),
  }));
  server.post('/invoices', { config: access('create-invoice'), schema: { body: invoiceRequestSchema, response: { 201: savedDocumentResponse(invoiceResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send(
      await saveAndSend(delivery, request, { wanted: request.body.send_invoice, customerId: request.body.customer_id }, () => invoices.create(auditActor(request), businessScope(request), request.body)),
    ),
  );
  server.put('/invoices/:id', { config: access('edit-invoice'), schema: { params, body: invoiceRequestSchema, response: { 200: savedDocumentResponse(invoiceResourceSchema) } } }, async (request) =>
    saveAndSend(delivery, request, { wanted: request.body.send_invoice, customerId: request.body.customer_id }, () =>
      invoices.update(auditActor(request), businessScope(request), request.params.id, request.body),
    ),
  );
  server.delete('/invoices/:id', { config: access('delete-invoice'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await invoices.remove(auditActor(request), businessScope(request), [request.params.id]);
    return { success: true };
  });
  server.post('/invoices/delete', { config: access('delete-invoice'), schema: { body: documentIdsRequestSchema, response: { 200: bulkDeleteResponseSchema } } }, async (request) => ({
    success: true,
    count: await invoices.remove(auditActor(request), businessScope(request), request.body.ids),
  }));
  server.post('/invoices/:id/clone', { config: access('create-invoice'), schema: { params, response: { 201: dataResponse(invoiceResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await invoices.clone(auditActor(request), businessScope(request), request.params.id) }),
  );
  server.post('/invoices/:id/finalize', { config: access('edit-invoice'), schema: { params, response: one } }, async (request) => ({
    data: await invoices.finalize(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/invoices/:id/void', { config: access('edit-invoice'), schema: { params, response: one } }, async (request) => ({
    data: await invoices.void(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/invoices/:id/mark-sent', { config: access('send-invoice'), schema: { params, response: one } }, async (request) => ({
    data: await invoices.markSent(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/invoices/:id/update-due-date', { config: access('edit-invoice'), schema: { params, body: updateDueDateRequestSchema, response: one } }, async (request) => ({
    data: await invoices.updateDueDate(auditActor(request), businessScope(request), request.params.id, request.body.due_date),
  }));
  server.post('/invoices/admin/:id/approve', { config: access('approve-invoice'), schema: { params, response: one } }, async (request) => ({
    data: await invoices.adminApprove(auditActor(request), businessScope(request), request.params.id),
  }));
  server.post('/invoices/:id/approve', { config: access('approve-invoice'), schema: { params, response: { 200: documentStatusResponseSchema } } }, async (request) => ({
    status: (await invoices.approve(auditActor(request), businessScope(request), request.params.id)).status,
  }));
  server.post('/invoices/:id/reject', { config: access('approve-invoice'), schema: { params, body: rejectDocumentRequestSchema, response: { 200: documentStatusResponseSchema } } }, async (request) => ({
    status: (await invoices.reject(auditActor(request), businessScope(request), request.params.id, request.body.reason ?? null)).status,
  }));
};
