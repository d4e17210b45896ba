import { type OutboxMailResource, listMeta, type outboxListQuerySchema, type outboxListResponseSchema } from '@app/contracts';
import type { z } from 'zod';
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

/** The tenant's outgoing mail as the platform's outbox page reads and retries it. */
export function createOutboxService(app: AppContext) {
  return {
    async list(tenantId: string, query: z.infer<typeof outboxListQuerySchema>): Promise<z.infer<typeof outboxListResponseSchema>> {
      const { page, limit, status, to } = query;
      const { rows, total } = await inTenant(app.db, tenantId, (tx) => app.outbox.list(tx, tenantId, { status, to }, Math.max(page - 1, 0) * limit, limit));
      return { data: rows.map(toResource), meta: { ...listMeta(page, limit, total), outbox_total_count: total } };
    },

    /** Queues a held or failed mail again and delivers it after the commit; unknown ids answer 404. */
    async retry(tenantId: string, id: string): Promise<void> {
      const retried = await inTenant(app.db, tenantId, (tx) => app.outbox.retry(tx, tenantId, id));
      if (!retried) throw AppError.notFound();
      await app.outbox.dispatch(tenantId, id);
    },
  };
}
