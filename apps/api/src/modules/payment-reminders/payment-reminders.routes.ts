import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataResponse,
  idParamsSchema,
  invoiceReminderDeliveriesResponseSchema,
  paymentReminderListResponseSchema,
  paymentReminderRequestSchema,
  paymentReminderResourceSchema,
  paymentRemindersQuerySchema,
  successResponseSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { PaymentReminderService } from './payment-reminders.service';

const params = idParamsSchema;
const one = { 200: dataResponse(paymentReminderResourceSchema) };
const access = (ability: string) => ({ access: { ability, scope: 'business' as const } });

export const paymentReminderRoutes: FastifyPluginAsyncZod<{ reminders: PaymentReminderService }> = async (server, { reminders }) => {
  server.get('/payment-reminders', { config: access('view-payment-reminder'), schema: { querystring: paymentRemindersQuerySchema, response: { 200: paymentReminderListResponseSchema } } }, async (request) =>
    reminders.list(businessScope(request), request.query),
  );
  server.get('/payment-reminders/:id', { config: access('view-payment-reminder'), schema: { params, response: one } }, async (request) => ({
    data: await reminders.get(businessScope(request), request.params.id),
  }));
  server.post('/payment-reminders', { config: access('create-payment-reminder'), schema: { body: paymentReminderRequestSchema, response: { 201: dataResponse(paymentReminderResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await reminders.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.put('/payment-reminders/:id', { config: access('edit-payment-reminder'), schema: { params, body: paymentReminderRequestSchema, response: one } }, async (request) => ({
    data: await reminders.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/payment-reminders/:id', { config: access('delete-payment-reminder'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await reminders.remove(auditActor(request), businessScope(request), request.params.id);
    return { success: true };
  });
  server.get('/invoices/:id/reminders', { config: access('view-invoice'), schema: { params, response: { 200: invoiceReminderDeliveriesResponseSchema } } }, async (request) => ({
    data: await reminders.deliveries(businessScope(request), request.params.id),
  }));
};
