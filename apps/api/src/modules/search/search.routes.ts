import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEARCH_LIMIT, holds, messages, searchQuerySchema, searchResponseSchema } from '@app/contracts';
import { AppError } from '../../platform/errors';
import type { TeamService } from '../team/team.service';

/**
 * The company header's search across the selected business: any member may call it, and each
 * kind is searched only when the member may view that kind (customers and vendors come later).
 */
export const searchRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (server, { team }) => {
  server.get('/search', { config: { access: { authenticated: true } }, schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } }, async (request) => {
    const business = request.ctx.business;
    if (!business) throw AppError.forbidden(messages.businessHeaderMissing);
    const term = request.query.search;
    const users = term && holds(business.abilities, 'view-user') ? await team.search(request.ctx.tenant.id, business.id, term, SEARCH_LIMIT) : [];
    return { users, customers: [], vendors: [] };
  });
};
