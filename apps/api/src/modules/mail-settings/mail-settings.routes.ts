import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, mailConfigResourceSchema, testMailRequestSchema, testMailResponseSchema, updateMailConfigRequestSchema } from '@app/contracts';
import { platformActor } from '../../platform/http';
import type { MailSettingsService } from './mail-settings.service';

const one = dataResponse(mailConfigResourceSchema);

export const mailSettingsRoutes: FastifyPluginAsyncZod<{ service: MailSettingsService }> = async (server, { service }) => {
  const view = { access: { ability: 'view-platform-setting', scope: 'platform' as const } };
  const edit = { access: { ability: 'edit-platform-setting', scope: 'platform' as const } };

  server.get('/platform/mail/config', { config: view, schema: { response: { 200: one } } }, async (request) => ({ data: await service.get(request.ctx.tenant.id) }));

  server.put('/platform/mail/config', { config: edit, schema: { body: updateMailConfigRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update(platformActor(request), request.body),
  }));

  server.post('/platform/mail/test', { config: edit, schema: { body: testMailRequestSchema, response: { 200: testMailResponseSchema } } }, async (request) => ({
    success: true,
    message: await service.sendTest(request.ctx.tenant.id, request.body.to, (error) =>
      request.log.warn({ tenant: request.ctx.tenant.id, cause: error instanceof Error ? { message: error.message, code: 'code' in error ? error.code : undefined } : String(error) }, 'test mail failed'),
    ),
  }));
};
