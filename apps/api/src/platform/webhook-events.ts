import { CURRENT_WEBHOOK_API_VERSION, type WebhookEventData, type WebhookEventType, webhookEventCatalogue } from '@app/contracts';
import type { Tx } from '../db/client';
import { sql } from 'drizzle-orm';
import { webhookEndpoints, webhookEvents } from '../db/schema';
import { afterCommit } from '../db/tenant-tx';
import type { Clock } from './clock';
import { newId } from './crypto';
import type { JobQueue } from './jobs';

export const DISPATCH_WEBHOOKS_JOB = 'webhooks-dispatch';

/** Whose change an event tells of: a business of the tenant, or the tenant itself (null). */
export type EventScope = { tenantId: string; businessId: string | null };

/**
 * Writes the outgoing events of the webhook catalogue. An event is a row written in the
 * transaction of the change it tells of, so a change that rolls back sends nothing and a change
 * that commits is never lost; once the transaction commits, the tenant's dispatcher is queued
 * (the webhooks sweep is the backstop should that fail).
 */
export class WebhookEventLog {
  /** Transactions that already queue the dispatcher when they commit: one run sends all their events. */
  private readonly queued = new WeakSet<Tx>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async record<T extends WebhookEventType>(tx: Tx, scope: EventScope, type: T, data: WebhookEventData<T>): Promise<string> {
    const [id] = await this.insert(tx, scope, type, [data]);
    if (!id) throw new Error('The event was not stored');
    return id;
  }

  /** Many events of one type and scope (an import's new records) in one multi-row INSERT, each as `record` writes it. */
  async recordMany<T extends WebhookEventType>(tx: Tx, scope: EventScope, type: T, items: readonly WebhookEventData<T>[]): Promise<void> {
    if (items.length > 0) await this.insert(tx, scope, type, items);
  }

  private async insert<T extends WebhookEventType>(tx: Tx, scope: EventScope, type: T, items: readonly WebhookEventData<T>[]): Promise<string[]> {
    const now = this.clock.now();
    // No enabled endpoint wants it (most tenants have none): the event is stored already fanned out to nobody, and no dispatcher runs for it.
    const wanted = sql`exists (select 1 from ${webhookEndpoints} e where e.tenant_id = ${scope.tenantId} and e.status = 'enabled'
      and (e.business_id is null ${scope.businessId === null ? sql`` : sql`or e.business_id = ${scope.businessId}`})
      and (e.events @> array['*']::text[] or e.events @> array[${type}]::text[]))`;
    const rows = items.map((data) => ({
      tenantId: scope.tenantId,
      id: newId(),
      businessId: scope.businessId,
      type,
      apiVersion: CURRENT_WEBHOOK_API_VERSION,
      // A payload that does not match its published schema is a defect of the caller: it fails the change rather than reach a receiver.
      data: webhookEventCatalogue[type].data.parse(data),
      createdAt: now,
      fannedOutAt: sql`case when ${wanted} then null else ${now.toISOString()}::timestamptz end`,
    }));
    const stored = await tx.insert(webhookEvents).values(rows).returning({ fannedOutAt: webhookEvents.fannedOutAt });
    if (stored.some((row) => row.fannedOutAt === null) && !this.queued.has(tx)) {
      this.queued.add(tx);
      afterCommit(tx, () => this.jobs.send(DISPATCH_WEBHOOKS_JOB, { tenantId: scope.tenantId }).catch(() => undefined));
    }
    return rows.map((row) => row.id);
  }
}
