import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHEET_MEDIA_TYPES,
  exportRunListQuerySchema,
  exportRunListResponseSchema,
  exportRunRequestSchema,
  exportRunResponseSchema,
  exportTemplateListQuerySchema,
  exportTemplateListResponseSchema,
  exportTemplateRequestSchema,
  exportTemplateResponseSchema,
  fileResponse,
  idParamsSchema,
  successResponseSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { callerAbilities } from '../../platform/grants';
import { auditActor } from '../../platform/http';
import type { ExportTemplateService } from './export-templates.service';
import type { ExportService } from './exports.service';

const params = idParamsSchema;
const access = (ability: string) => ({ access: { ability, scope: 'business' as const, feature: 'import-export' as const } });
const one = { 200: exportTemplateResponseSchema };

function attachmentDisposition(fileName: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const exportRoutes: FastifyPluginAsyncZod<{ templates: ExportTemplateService; exports: ExportService }> = async (server, { templates, exports }) => {
  server.get('/business/export-templates', { config: access('view-export-template'), schema: { querystring: exportTemplateListQuerySchema, response: { 200: exportTemplateListResponseSchema } } }, async (request) => ({
    data: await templates.list(businessScope(request), request.query.export_type),
  }));
  server.get('/business/export-templates/:id', { config: access('view-export-template'), schema: { params, response: one } }, async (request) => ({
    data: await templates.get(businessScope(request), request.params.id),
  }));
  server.post('/business/export-templates', { config: access('create-export-template'), schema: { body: exportTemplateRequestSchema, response: { 201: exportTemplateResponseSchema } } }, async (request, reply) =>
    reply.status(201).send({ data: await templates.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.put('/business/export-templates/:id', { config: access('edit-export-template'), schema: { params, body: exportTemplateRequestSchema, response: one } }, async (request) => ({
    data: await templates.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.post('/business/export-templates/:id/default', { config: access('edit-export-template'), schema: { params, response: one } }, async (request) => ({
    data: await templates.makeDefault(auditActor(request), businessScope(request), request.params.id),
  }));
  server.delete('/business/export-templates/:id', { config: access('delete-export-template'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await templates.remove(auditActor(request), businessScope(request), request.params.id);
    return { success: true };
  });

  server.get('/business/exports', { config: access('export-data'), schema: { querystring: exportRunListQuerySchema, response: { 200: exportRunListResponseSchema } } }, async (request) =>
    exports.list(businessScope(request), request.query.page, request.query.limit),
  );
  server.post('/business/exports', { config: access('export-data'), schema: { body: exportRunRequestSchema, response: { 202: exportRunResponseSchema } } }, async (request, reply) =>
    reply.status(202).send({ data: await exports.start(auditActor(request), businessScope(request), callerAbilities(request, 'business'), request.body) }),
  );
  server.get('/business/exports/:id', { config: access('export-data'), schema: { params, response: { 200: exportRunResponseSchema } } }, async (request) => ({
    data: await exports.get(businessScope(request), request.params.id),
  }));
  server.get('/business/exports/:id/download', { config: access('export-data'), schema: { params, response: { 200: fileResponse(SHEET_MEDIA_TYPES, 'The exported file') } } }, async (request, reply) => {
    const file = await exports.download(businessScope(request), request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
};
