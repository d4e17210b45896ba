import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nextNumberQuerySchema, nextNumberResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import type { NextNumberService } from './next-number';

const writers = ['create-invoice', 'edit-invoice', 'create-estimate', 'edit-estimate', 'create-recurring-invoice', 'send-payment'];

export const documentRoutes: FastifyPluginAsyncZod<{ numbers: NextNumberService }> = async (server, { numbers }) => {
  server.get('/next-number', { config: { access: { ability: writers, scope: 'business' } }, schema: { querystring: nextNumberQuerySchema, response: { 200: nextNumberResponseSchema } } }, async (request) =>
    numbers.next(businessScope(request), request.query.model, request.query.customer_id, request.query.date),
  );
};
