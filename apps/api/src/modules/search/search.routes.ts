import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_LIMIT, holds, searchQuerySchema, searchResponseSchema } from '@app/contracts';
import { requireBusiness } from '../../platform/request-context';
import type { CounterpartyService } from '../counterparties/counterparties.service';
import type { TeamService } from '../team/team.service';

/**
 * The company header's search across the selected business. Every member may call it, and each
 * kind is searched only when the member may view that kind.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ team: TeamService; counterparties: CounterpartyService }> = async (server, { team, counterparties }) => {
  server.get('/search', { config: { access: { member: true } }, schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } }, async (request) => {
    const business = requireBusiness(request);
    const term = request.query.search;
    const tenantId = request.ctx.tenant.id;
    const may = (ability: string) => Boolean(term) && holds(business.abilities, ability);
    const users = may('view-user') ? await team.search(tenantId, business.id, term, SEARCH_LIMIT) : [];
    const customers = may('view-customer') ? await counterparties.search({ tenantId, businessId: business.id, kind: 'customer' }, term, SEARCH_LIMIT) : [];
    const vendors = may('view-vendor') ? await counterparties.search({ tenantId, businessId: business.id, kind: 'vendor' }, term, SEARCH_LIMIT) : [];
    return { users, customers, vendors };
  });
};
