import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, outboxListQuerySchema, outboxListResponseSchema, successResponseSchema } from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import { createOutboxService } from './outbox.service';

/**
 * The tenant's outgoing mail, for super admins: what was sent, what failed, what is held without
 * SMTP. Reading it takes edit-platform-setting, not the view ability the read-only support role
 * holds: mail shows who was sent what, and whoever may edit platform settings already decides where
 * mail goes. Links with tokens are masked either way; retry sends a mail, tokens included, only to
 * its own recipient.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ app: AppContext }> = async (server, { app }) => {
  const outbox = createOutboxService(app);
  const edit = { access: { ability: 'edit-platform-setting', scope: 'platform' as const } };

  server.get(
    '/platform/outbox',
    {
      config: edit,
      schema: {
        querystring: outboxListQuerySchema,
        response: { 200: outboxListResponseSchema },
      },
    },
    async (request) => outbox.list(request.ctx.tenant.id, request.query),
  );

  server.post('/platform/outbox/:id/retry', { config: edit, schema: { params: idParamsSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await outbox.retry(request.ctx.tenant.id, request.params.id);
    return { success: true };
  });
};
