import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AbilityCheck,
  bulkDeleteResponseSchema,
  dataResponse,
  documentIdsRequestSchema,
  idParamsSchema,
  recurringInvoiceListQuerySchema,
  recurringInvoiceListResponseSchema,
  recurringInvoiceRequestSchema,
  recurringInvoiceResourceSchema,
  recurringMarkSentResponseSchema,
  successResponseSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { RecurringInvoiceService } from './recurring-invoices.service';

const params = idParamsSchema;
const one = { 200: dataResponse(recurringInvoiceResourceSchema) };
const created = { 201: dataResponse(recurringInvoiceResourceSchema) };
const access = (ability: AbilityCheck) => ({ access: { ability, scope: 'business' as const, feature: 'recurring-invoices' as const } });

export const recurringInvoiceRoutes: FastifyPluginAsyncZod<{ recurring: RecurringInvoiceService }> = async (server, { recurring }) => {
  server.get('/recurring-invoices', { config: access('view-recurring-invoice'), schema: { querystring: recurringInvoiceListQuerySchema, response: { 200: recurringInvoiceListResponseSchema } } }, async (request) =>
    recurring.list(businessScope(request), request.query),
  );
  server.get('/recurring-invoices/:id', { config: access('view-recurring-invoice'), schema: { params, response: one } }, async (request) => ({
    data: await recurring.get(businessScope(request), request.params.id),
  }));
  server.post('/recurring-invoices', { config: access('create-recurring-invoice'), schema: { body: recurringInvoiceRequestSchema, response: created } }, async (request, reply) =>
    reply.status(201).send({ data: await recurring.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.put('/recurring-invoices/:id', { config: access('edit-recurring-invoice'), schema: { params, body: recurringInvoiceRequestSchema, response: one } }, async (request) => ({
    data: await recurring.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/recurring-invoices/:id', { config: access('delete-recurring-invoice'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await recurring.remove(auditActor(request), businessScope(request), [request.params.id]);
    return { success: true };
  });
  server.post('/recurring-invoices/delete', { config: access('delete-recurring-invoice'), schema: { body: documentIdsRequestSchema, response: { 200: bulkDeleteResponseSchema } } }, async (request) => ({
    success: true,
    count: await recurring.remove(auditActor(request), businessScope(request), request.body.ids),
  }));
  server.post('/recurring-invoices/:id/clone', { config: access('create-recurring-invoice'), schema: { params, response: created } }, async (request, reply) =>
    reply.status(201).send({ data: await recurring.clone(auditActor(request), businessScope(request), request.params.id) }),
  );
  // It changes the invoices it made, so the caller must also be allowed to mark invoices sent.
  server.post('/recurring-invoices/:id/mark-as-sent', { config: access({ all: ['edit-recurring-invoice', 'send-invoice'] }), schema: { params, response: { 200: recurringMarkSentResponseSchema } } }, async (request) =>
    recurring.markAsSent(auditActor(request), businessScope(request), request.params.id),
  );
};
