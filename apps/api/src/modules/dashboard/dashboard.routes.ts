import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardChartsQuerySchema, dashboardChartsSchema, dashboardStatsQuerySchema, dashboardStatsSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { requireBusiness } from '../../platform/request-context';
import type { DashboardService } from './dashboard.service';

const dashboard = { access: { ability: 'dashboard', scope: 'business' as const } };

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (server, { dashboard: service }) => {
  server.get('/business/stats', { config: dashboard, schema: { querystring: dashboardStatsQuerySchema, response: { 200: dashboardStatsSchema } } }, async (request) =>
    service.stats(businessScope(request), requireBusiness(request).row, request.query),
  );
  server.get('/business/charts/data', { config: dashboard, schema: { querystring: dashboardChartsQuerySchema, response: { 200: dashboardChartsSchema } } }, async (request) =>
    service.charts(businessScope(request), requireBusiness(request).row, request.query),
  );
};
