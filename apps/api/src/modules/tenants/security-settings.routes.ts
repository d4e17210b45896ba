import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, securitySettingsSchema } from '@app/contracts';
import { auditActor } from '../../platform/http';
import type { SecuritySettingsService } from './security-settings.service';

const one = dataResponse(securitySettingsSchema);

export const securitySettingsRoutes: FastifyPluginAsyncZod<{ service: SecuritySettingsService }> = async (server, { service }) => {
  const view = { access: { ability: 'view-platform-setting', scope: 'platform' as const } };
  const edit = { access: { ability: 'edit-platform-setting', scope: 'platform' as const } };

  server.get('/platform/security-settings', { config: view, schema: { response: { 200: one } } }, async (request) => ({ data: await service.get(request.ctx.tenant.id) }));

  server.put('/platform/security-settings', { config: edit, schema: { body: securitySettingsSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update({ ...auditActor(request), businessId: null }, request.body),
  }));
};
