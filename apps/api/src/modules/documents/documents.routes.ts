import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type NumberedModel, nextNumberQuerySchema, nextNumberResponseSchema, paymentWriteAbility, satisfies } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { requireBusiness } from '../../platform/request-context';
import type { NextNumberService } from './next-number';

/** Who may see the number a model would take next: whoever may create or edit that model. */
const numberReaders: Readonly<Record<NumberedModel, readonly string[]>> = {
  invoice: ['create-invoice', 'edit-invoice'],
  estimate: ['create-estimate', 'edit-estimate'],
  payment: [paymentWriteAbility],
  recurring_invoice: ['create-recurring-invoice', 'edit-recurring-invoice'],
};
const anyNumberReader = [...new Set(Object.values(numberReaders).flat())];

export const documentRoutes: FastifyPluginAsyncZod<{ numbers: NextNumberService }> = async (server, { numbers }) => {
  server.get('/next-number', { config: { access: { ability: anyNumberReader, scope: 'business' } }, schema: { querystring: nextNumberQuerySchema, response: { 200: nextNumberResponseSchema } } }, async (request) => {
    if (!satisfies(requireBusiness(request).abilities, numberReaders[request.query.model])) throw AppError.forbidden();
    return numbers.next(businessScope(request), request.query.model, request.query.customer_id, request.query.date);
  });
};
