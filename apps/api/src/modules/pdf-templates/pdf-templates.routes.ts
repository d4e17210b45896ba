import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataResponse,
  fileResponse,
  pdfTemplateCreateRequestSchema,
  pdfTemplateListResponseSchema,
  pdfTemplateParamsSchema,
  pdfTemplatePreviewRequestSchema,
  pdfTemplateRequestSchema,
  pdfTemplateResourceSchema,
  successResponseSchema,
} from '@app/contracts';
import { platformActor } from '../../platform/http';
import type { PdfTemplateService } from './pdf-templates.service';

const platform = (ability: 'view-pdf-template' | 'create-pdf-template' | 'edit-pdf-template' | 'delete-pdf-template') => ({ access: { ability, scope: 'platform' as const } });
const params = pdfTemplateParamsSchema;
const one = { 200: dataResponse(pdfTemplateResourceSchema) };

/** Admin area → PDF templates (spec: pdf-templates, pdf-templates/{id}/edit; create/delete/edit/view-pdf-template). */
export const pdfTemplateRoutes: FastifyPluginAsyncZod<{ templates: PdfTemplateService }> = async (server, { templates }) => {
  server.get('/platform/pdf-templates', { config: platform('view-pdf-template'), schema: { response: { 200: pdfTemplateListResponseSchema } } }, async (request) => ({
    data: await templates.list(request.ctx.tenant.id),
  }));
  server.get('/platform/pdf-templates/:id', { config: platform('view-pdf-template'), schema: { params, response: one } }, async (request) => ({
    data: await templates.get(request.ctx.tenant.id, request.params.id),
  }));
  server.post('/platform/pdf-templates', { config: platform('create-pdf-template'), schema: { body: pdfTemplateCreateRequestSchema, response: { 201: dataResponse(pdfTemplateResourceSchema) } } }, async (request, reply) =>
    reply.code(201).send({ data: await templates.create(platformActor(request), request.body) }),
  );
  server.put('/platform/pdf-templates/:id', { config: platform('edit-pdf-template'), schema: { params, body: pdfTemplateRequestSchema, response: one } }, async (request) => ({
    data: await templates.update(platformActor(request), request.params.id, request.body),
  }));
  server.delete('/platform/pdf-templates/:id', { config: platform('delete-pdf-template'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await templates.remove(platformActor(request), request.params.id);
    return { success: true };
  });
  server.post('/platform/pdf-templates/:id/default', { config: platform('edit-pdf-template'), schema: { params, response: one } }, async (request) => ({
    data: await templates.makeDefault(platformActor(request), request.params.id),
  }));
  server.post(
    '/platform/pdf-templates/preview',
    { config: platform('view-pdf-template'), schema: { body: pdfTemplatePreviewRequestSchema, response: { 200: fileResponse(['application/pdf'], 'A sample document laid out by the draft') } } },
    async (request, reply) =>
      reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="preview.pdf"').header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(await templates.preview(request.body)),
  );
};
