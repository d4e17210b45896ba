import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, mailConfigResourceSchema, testMailRequestSchema, testMailResponseSchema, updateMailConfigRequestSchema } from '@app/contracts';
import { auditActor, platformActor } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import type { MailSettingsOwner, MailSettingsService } from './mail-settings.service';

const one = dataResponse(mailConfigResourceSchema);

/** The cause of a failed test goes to the server log only: the answer is the same whatever failed. */
const logTestFailure = (log: FastifyBaseLogger, owner: MailSettingsOwner) => (error: unknown) =>
  log.warn({ ...owner, cause: error instanceof Error ? { message: error.message, code: 'code' in error ? error.code : undefined } : String(error) }, 'test mail failed');

const tenantOwner = (request: FastifyRequest): MailSettingsOwner => ({ tenantId: request.ctx.tenant.id, businessId: null });
const businessOwner = (request: FastifyRequest) => ({ tenantId: request.ctx.tenant.id, businessId: requireBusiness(request).id });

export const mailSettingsRoutes: FastifyPluginAsyncZod<{ service: MailSettingsService }> = async (server, { service }) => {
  const view = { access: { ability: 'view-platform-setting', scope: 'platform' as const } };
  const edit = { access: { ability: 'edit-platform-setting', scope: 'platform' as const } };

  server.get('/platform/mail/config', { config: view, schema: { response: { 200: one } } }, async (request) => ({ data: await service.get(tenantOwner(request)) }));

  server.put('/platform/mail/config', { config: edit, schema: { body: updateMailConfigRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update(platformActor(request), tenantOwner(request), request.body),
  }));

  server.post('/platform/mail/test', { config: edit, schema: { body: testMailRequestSchema, response: { 200: testMailResponseSchema } } }, async (request) => ({
    success: true,
    message: await service.sendTest(tenantOwner(request), request.body.to, logTestFailure(request.log, tenantOwner(request))),
  }));

  // Settings → email configuration: a business's own mail server for the mail it sends (documents, reminders, notifications).
  const business = { access: { ability: 'manage-business-settings', scope: 'business' as const } };

  server.get('/business/mail/config', { config: business, schema: { response: { 200: one } } }, async (request) => ({ data: await service.get(businessOwner(request)) }));

  server.put('/business/mail/config', { config: business, schema: { body: updateMailConfigRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update(auditActor(request), businessOwner(request), request.body),
  }));

  server.delete('/business/mail/config', { config: business, schema: { response: { 200: one } } }, async (request) => ({
    data: await service.remove(auditActor(request), businessOwner(request)),
  }));

  server.post('/business/mail/test', { config: business, schema: { body: testMailRequestSchema, response: { 200: testMailResponseSchema } } }, async (request) => ({
    success: true,
    message: await service.sendTest(businessOwner(request), request.body.to, logTestFailure(request.log, businessOwner(request))),
  }));
};
