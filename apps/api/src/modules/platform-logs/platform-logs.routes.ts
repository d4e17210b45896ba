import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessLogListResponseSchema, accessLogsQuerySchema, apiLogDetailSchema, apiLogListResponseSchema, apiLogsQuerySchema, dataResponse, idParamsSchema } from '@app/contracts';
import type { PlatformLogService } from './platform-logs.service';

const platform = (ability: string) => ({ access: { ability, scope: 'platform' as const } });

export const platformLogRoutes: FastifyPluginAsyncZod<{ service: PlatformLogService }> = async (server, { service }) => {
  server.get('/platform/access-logs', { config: platform('view-access-log'), schema: { querystring: accessLogsQuerySchema, response: { 200: accessLogListResponseSchema } } }, async (request) =>
    service.accessLogs(request.ctx.tenant.id, request.query),
  );

  server.get('/platform/logs', { config: platform('view-api-log'), schema: { querystring: apiLogsQuerySchema, response: { 200: apiLogListResponseSchema } } }, async (request) => service.apiLogs(request.ctx.tenant.id, request.query));

  server.get('/platform/logs/:id', { config: platform('view-api-log'), schema: { params: idParamsSchema, response: { 200: dataResponse(apiLogDetailSchema) } } }, async (request) => ({
    data: await service.apiLog(request.ctx.tenant.id, request.params.id),
  }));
};
