import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  binaryFileSchema,
  fileResponse,
  idParamsSchema,
  importJobResponseSchema,
  importListQuerySchema,
  importListResponseSchema,
  importMappingPresetListQuerySchema,
  importMappingPresetListResponseSchema,
  importMappingPresetRequestSchema,
  importMappingPresetResponseSchema,
  importMappingRequestSchema,
  importPreviewResponseSchema,
  importUploadFieldsSchema,
  messages,
  successResponseSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { auditActor } from '../../platform/http';
import { SHEET_CONTENT_TYPES } from '../../platform/spreadsheet/sheet-writer';
import { acceptFile, readMultipartForm } from '../attachments/attachment-files';
import type { DataImportService } from './data-import.service';

const ACCESS = { access: { ability: 'import-data', scope: 'business', feature: 'import-export' } } as const;
const uploadBody = importUploadFieldsSchema.extend({ file: binaryFileSchema });

/** The import wizard's routes (spec: upload, map fields, preview, import) and its saved mappings. */
export const dataImportRoutes: FastifyPluginAsyncZod<{ imports: DataImportService }> = async (server, { imports }) => {
  server.post('/business/imports', { config: { ...ACCESS, documentedBody: { schema: uploadBody, multipart: true } }, schema: { response: { 201: importJobResponseSchema } } }, async (request, reply) => {
    const form = await readMultipartForm(request, { maxFiles: 1, filesField: 'file', tooManyFiles: messages.importFileRefused });
    const part = form.files.find((entry) => entry.field === 'file');
    if (!part) throw AppError.validation('file', messages.required);
    const { entity } = importUploadFieldsSchema.parse({ entity: form.fields.find((entry) => entry.name === 'entity')?.value });
    return reply.status(201).send({ data: await imports.upload(auditActor(request), businessScope(request), acceptFile(part, 'file'), entity) });
  });

  server.get('/business/imports', { config: ACCESS, schema: { querystring: importListQuerySchema, response: { 200: importListResponseSchema } } }, async (request) =>
    imports.list(businessScope(request), request.query.page, request.query.limit),
  );

  server.get('/business/imports/:id', { config: ACCESS, schema: { params: idParamsSchema, response: { 200: importJobResponseSchema } } }, async (request) => ({
    data: await imports.get(businessScope(request), request.params.id),
  }));

  server.put('/business/imports/:id/mapping', { config: ACCESS, schema: { params: idParamsSchema, body: importMappingRequestSchema, response: { 200: importJobResponseSchema } } }, async (request) => ({
    data: await imports.setMapping(businessScope(request), request.params.id, request.body),
  }));

  server.get('/business/imports/:id/preview', { config: ACCESS, schema: { params: idParamsSchema, response: { 200: importPreviewResponseSchema } } }, async (request) =>
    imports.preview(businessScope(request), request.params.id),
  );

  server.post('/business/imports/:id/run', { config: ACCESS, schema: { params: idParamsSchema, response: { 202: importJobResponseSchema } } }, async (request, reply) =>
    reply.status(202).send({ data: await imports.run(businessScope(request), request.params.id) }),
  );

  server.post('/business/imports/:id/undo', { config: ACCESS, schema: { params: idParamsSchema, response: { 200: importJobResponseSchema } } }, async (request) => ({
    data: await imports.undo(auditActor(request), businessScope(request), request.params.id),
  }));

  server.get('/business/imports/:id/error-report', { config: ACCESS, schema: { params: idParamsSchema, response: { 200: fileResponse([SHEET_CONTENT_TYPES.csv], 'The skipped rows and their errors') } } }, async (request, reply) => {
    const report = await imports.errorReport(businessScope(request), request.params.id);
    return reply
      .header('content-type', SHEET_CONTENT_TYPES.csv)
      .header('content-disposition', `attachment; filename="${report.fileName.replace(/[^\w.-]+/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(report.content);
  });

  server.get('/business/import-mappings', { config: ACCESS, schema: { querystring: importMappingPresetListQuerySchema, response: { 200: importMappingPresetListResponseSchema } } }, async (request) => ({
    data: await imports.listPresets(businessScope(request), request.query.import_id ?? null),
  }));

  server.post('/business/import-mappings', { config: ACCESS, schema: { body: importMappingPresetRequestSchema, response: { 201: importMappingPresetResponseSchema } } }, async (request, reply) =>
    reply.status(201).send({ data: await imports.createPreset(businessScope(request), request.body) }),
  );

  server.delete('/business/import-mappings/:id', { config: ACCESS, schema: { params: idParamsSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await imports.deletePreset(businessScope(request), request.params.id);
    return { success: true };
  });
};
