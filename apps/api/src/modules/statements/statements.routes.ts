import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CounterpartyKind, idParamsSchema, statementQuerySchema, statementResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { requireBusiness } from '../../platform/request-context';
import { businessSettingsOf } from '../businesses/businesses.service';
import type { StatementService } from './statements.service';

/** A statement shows the party's invoices, estimates and payments: reading it needs every one of those abilities. */
const ABILITIES: Record<CounterpartyKind, readonly string[]> = {
  customer: ['view-customer', 'view-invoice', 'view-estimate', 'view-payment'],
  vendor: ['view-vendor', 'view-invoice', 'view-estimate', 'view-payment'],
};

/** GET /customers/{id}/statement and /vendors/{id}/statement. */
export const statementRoutes: FastifyPluginAsyncZod<{ statements: StatementService }> = async (server, { statements }) => {
  for (const kind of ['customer', 'vendor'] as const) {
    server.get(
      `/${kind}s/:id/statement`,
      { config: { access: { ability: { all: ABILITIES[kind] }, scope: 'business' as const } }, schema: { params: idParamsSchema, querystring: statementQuerySchema, response: { 200: statementResponseSchema } } },
      async (request) => {
        const business = requireBusiness(request);
        const timeZone = businessSettingsOf(business.id, business.row.settings).time_zone;
        return { data: await statements.get(businessScope(request), timeZone, kind, request.params.id, request.query) };
      },
    );
  }
};
