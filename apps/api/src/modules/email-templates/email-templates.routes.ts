import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, emailTemplateListResponseSchema, emailTemplateParamsSchema, emailTemplatePreviewRequestSchema, emailTemplatePreviewResourceSchema, emailTemplateRequestSchema, emailTemplateResourceSchema, messageResponseSchema } from '@app/contracts';
import { platformActor } from '../../platform/http';
import { requireUser } from '../../platform/request-context';
import type { EmailTemplateService } from './email-templates.service';

const view = { access: { ability: 'view-email-template', scope: 'platform' as const } };
const edit = { access: { ability: 'edit-email-template', scope: 'platform' as const } };
const params = emailTemplateParamsSchema;
const one = { 200: dataResponse(emailTemplateResourceSchema) };

/** Admin area → email templates (spec: email-templates, email-templates/{id}/edit). */
export const emailTemplateRoutes: FastifyPluginAsyncZod<{ templates: EmailTemplateService }> = async (server, { templates }) => {
  server.get('/platform/email-templates', { config: view, schema: { response: { 200: emailTemplateListResponseSchema } } }, async (request) => ({
    data: await templates.list(request.ctx.tenant.id),
  }));
  server.get('/platform/email-templates/:id', { config: view, schema: { params, response: one } }, async (request) => ({
    data: await templates.get(request.ctx.tenant.id, request.params.id),
  }));
  server.put('/platform/email-templates/:id', { config: edit, schema: { params, body: emailTemplateRequestSchema, response: one } }, async (request) => ({
    data: await templates.update(platformActor(request), request.params.id, request.body),
  }));
  server.delete('/platform/email-templates/:id', { config: edit, schema: { params, response: one } }, async (request) => ({
    data: await templates.reset(platformActor(request), request.params.id),
  }));
  server.post('/platform/email-templates/:id/preview', { config: view, schema: { params, body: emailTemplatePreviewRequestSchema, response: { 200: dataResponse(emailTemplatePreviewResourceSchema) } } }, async (request) => ({
    data: await templates.preview(request.ctx.tenant.id, request.params.id, request.body),
  }));
  server.post('/platform/email-templates/:id/test', { config: edit, schema: { params, response: { 200: messageResponseSchema } } }, async (request) =>
    templates.sendTest(platformActor(request), request.params.id, requireUser(request).email),
  );
};
