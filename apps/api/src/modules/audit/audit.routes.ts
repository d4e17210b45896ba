import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogListResponseSchema, auditLogQuerySchema } from '@app/contracts';
import { requireBusiness } from '../../platform/request-context';
import type { AuditService } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (server, { audit }) => {
  const schema = { querystring: auditLogQuerySchema, response: { 200: auditLogListResponseSchema } };

  server.get('/audit-logs', { config: { access: { ability: 'view-audit-log', scope: 'business' } }, schema }, async (request) =>
    audit.list(request.ctx.tenant.id, requireBusiness(request).id, request.query),
  );

  server.get('/platform/audit-logs', { config: { access: { ability: 'view-audit-log', scope: 'platform' } }, schema }, async (request) =>
    audit.list(request.ctx.tenant.id, null, request.query),
  );
};
