import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHEET_CONTENT_TYPES } from '../../platform/spreadsheet/sheet-writer';
import { fileResponse, reportDownloadQuerySchema, reportParamsSchema, reportQuerySchema, reportResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { requireBusiness } from '../../platform/request-context';
import type { ReportService } from './reports.service';

const viewReport = { access: { ability: 'view-report', scope: 'business' as const, feature: 'reports' as const } };
const downloadResponse = { 200: fileResponse(['application/pdf', SHEET_CONTENT_TYPES.csv, SHEET_CONTENT_TYPES.xlsx], 'The report as PDF, CSV or XLSX') };

export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (server, { reports }) => {
  server.get('/business/reports/:report', { config: viewReport, schema: { params: reportParamsSchema, querystring: reportQuerySchema, response: { 200: reportResponseSchema } } }, async (request) =>
    reports.report(businessScope(request), requireBusiness(request).row, request.params.report, request.query),
  );
  server.get(
    '/business/reports/:report/download',
    { config: viewReport, schema: { params: reportParamsSchema, querystring: reportDownloadQuerySchema, response: downloadResponse } },
    async (request, reply) => {
      const file = await reports.download(businessScope(request), requireBusiness(request).row, request.params.report, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
