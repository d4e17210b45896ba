import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OutboxMailResource, listMeta, idParamsSchema, outboxListQuerySchema, outboxListResponseSchema, successResponseSchema } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import type { OutboxRow } from '../../platform/outbox';
import { maskSecretsInText } from '../../platform/redaction';

/** The stored readable copy, masked again on the way out for mail written before copies were masked. */
function toResource(row: OutboxRow): OutboxMailResource {
  return {
    id: row.id,
    to: row.to,
    subject: maskSecretsInText(row.subject),
    text: maskSecretsInText(row.text),
    html: row.html === null ? null : maskSecretsInText(row.html),
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * The tenant's outgoing mail, for super admins: what was sent, what failed, what is held without
 * SMTP. Reading it takes edit-platform-setting, not the view ability the read-only support role
 * holds: mail shows who was sent what, and whoever may edit platform settings already decides where
 * mail goes. Links with tokens are masked either way; retry sends a mail, tokens included, only to
 * its own recipient.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ app: AppContext }> = async (server, { app }) => {
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
    async (request) => {
      const { page, limit, status, to } = request.query;
      const tenantId = request.ctx.tenant.id;
      const { rows, total } = await inTenant(app.db, tenantId, (tx) => app.outbox.list(tx, tenantId, { status, to }, Math.max(page - 1, 0) * limit, limit));
      return { data: rows.map(toResource), meta: { ...listMeta(page, limit, total), outbox_total_count: total } };
    },
  );

  server.post('/platform/outbox/:id/retry', { config: edit, schema: { params: idParamsSchema, response: { 200: successResponseSchema } } }, async (request) => {
    const tenantId = request.ctx.tenant.id;
    const retried = await inTenant(app.db, tenantId, (tx) => app.outbox.retry(tx, tenantId, request.params.id));
    if (!retried) throw AppError.notFound();
    await app.outbox.dispatch(tenantId, request.params.id);
    return { success: true };
  });
};
