import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, exchangeRateListResponseSchema, exchangeRateParamsSchema, exchangeRateRequestSchema, exchangeRateResourceSchema, successResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { ExchangeRateService } from './exchange-rates.service';

const settings = { access: { ability: 'manage-business-settings', scope: 'business' as const } };

export const exchangeRateRoutes: FastifyPluginAsyncZod<{ rates: ExchangeRateService }> = async (server, { rates }) => {
  server.get('/exchange-rates', { config: settings, schema: { response: { 200: exchangeRateListResponseSchema } } }, async (request) => rates.list(businessScope(request)));
  server.put(
    '/exchange-rates/:currency_id',
    { config: settings, schema: { params: exchangeRateParamsSchema, body: exchangeRateRequestSchema, response: { 200: dataResponse(exchangeRateResourceSchema) } } },
    async (request) => ({ data: await rates.put(auditActor(request), businessScope(request), request.params.currency_id, request.body) }),
  );
  server.delete('/exchange-rates/:currency_id', { config: settings, schema: { params: exchangeRateParamsSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await rates.remove(auditActor(request), businessScope(request), request.params.currency_id);
    return { success: true };
  });
};
