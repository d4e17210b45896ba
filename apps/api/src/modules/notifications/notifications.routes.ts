import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationSettingsResponseSchema, updateNotificationSettingsRequestSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { NotificationService } from './notifications.service';

const manage = { access: { ability: 'manage-notifications', scope: 'business' as const } };

/** `GET /business/notification-settings` (spec section 7) and its change. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (server, { notifications }) => {
  server.get('/business/notification-settings', { config: manage, schema: { response: { 200: notificationSettingsResponseSchema } } }, async (request) => ({
    data: await notifications.settings(businessScope(request)),
  }));
  server.put('/business/notification-settings', { config: manage, schema: { body: updateNotificationSettingsRequestSchema, response: { 200: notificationSettingsResponseSchema } } }, async (request) => ({
    data: await notifications.update(auditActor(request), businessScope(request), request.body),
  }));
};
