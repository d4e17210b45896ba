import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loanStatsQuerySchema, loanStatsSchema, loanTransactionsQuerySchema, loanTransactionsResponseSchema, loansQuerySchema, loansResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import type { LoanReadsService } from './loan-reads.service';

const business = { access: { ability: 'view-balance-sheet', scope: 'business' as const, feature: 'financing' as const } };
const platform = { access: { ability: 'view-balance-sheet', scope: 'platform' as const } };

/**
 * The loan balance sheet: a business reads its own loans (as the borrower); the tenant's platform
 * users read every business's under /platform (`business_id` narrows the loan list).
 */
export const loanReadRoutes: FastifyPluginAsyncZod<{ loanReads: LoanReadsService }> = async (server, { loanReads }) => {
  const loansSchema = { querystring: loansQuerySchema, response: { 200: loansResponseSchema } };
  const transactionsSchema = { querystring: loanTransactionsQuerySchema, response: { 200: loanTransactionsResponseSchema } };
  const statsSchema = { querystring: loanStatsQuerySchema, response: { 200: loanStatsSchema } };

  server.get('/loans', { config: business, schema: loansSchema }, async (request) => loanReads.listLoans(businessScope(request), request.query));
  server.get('/loan-transactions', { config: business, schema: transactionsSchema }, async (request) => loanReads.listTransactions(businessScope(request), request.query));
  server.get('/loan-stats', { config: business, schema: statsSchema }, async (request) => loanReads.stats(businessScope(request), request.query.product));

  server.get('/platform/loans', { config: platform, schema: loansSchema }, async (request) =>
    loanReads.listLoans({ tenantId: request.ctx.tenant.id, businessId: request.query.business_id ?? null }, request.query),
  );
  server.get('/platform/loan-transactions', { config: platform, schema: transactionsSchema }, async (request) =>
    loanReads.listTransactions({ tenantId: request.ctx.tenant.id, businessId: null }, request.query),
  );
  server.get('/platform/loan-stats', { config: platform, schema: statsSchema }, async (request) => loanReads.stats({ tenantId: request.ctx.tenant.id, businessId: null }, request.query.product));
};
