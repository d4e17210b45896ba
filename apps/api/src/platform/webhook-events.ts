import { CURRENT_WEBHOOK_API_VERSION, type WebhookEventData, type WebhookEventType, webhookEventCatalogue } from '@app/contracts';
import type { Tx } from '../db/client';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { insertRows } from '../db/bulk-insert';
import { webhookEndpoints, webhookEvents } from '../db/schema';
import { afterCommit } from '../db/tenant-tx';
import type { Clock } from './clock';
import { newId } from './crypto';
import type { JobQueue } from './jobs';

export const DISPATCH_WEBHOOKS_JOB = 'webhooks-dispatch';

/** Whose change an event tells of: a business of the tenant, or the tenant itself (null). */
export type EventScope = { tenantId: string; businessId: string | null };

/**
 * Runs in the transaction of a change a business's event tells of, with the event's type and its
 * checked payload (settings → notifications mails it from there).
 */
export type BusinessEventListener = (tx: Tx, scope: { tenantId: string; businessId: string }, type: WebhookEventType, data: unknown) => Promise<void>;

/**
 * Writes the outgoing events of the webhook catalogue. An event is a row written in the
 * transaction of the change it tells of, so a change that rolls back sends nothing and a change
 * that commits is never lost; once the transaction commits, the tenant's dispatcher is queued
 * (the webhooks sweep is the backstop should that fail).
 */
export class WebhookEventLog {
  /** Transactions that already queue the dispatcher when they commit: one run sends all their events. */
  private readonly queued = new WeakSet<Tx>();
  private readonly listeners: BusinessEventListener[] = [];

  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async record<T extends WebhookEventType>(tx: Tx, scope: EventScope, type: T, data: WebhookEventData<T>): Promise<string> {
    const now = this.clock.now();
    const row = this.row(scope, type, data, now);
    // One statement: whether an endpoint wants it is asked inside the insert.
    const [stored] = await tx
      .insert(webhookEvents)
      .values({ ...row, fannedOutAt: sql`case when ${wantedBy(scope, type)} then null else ${now.toISOString()}::timestamptz end` })
      .returning({ fannedOutAt: webhookEvents.fannedOutAt });
    if (stored?.fannedOutAt === null) this.dispatchAfterCommit(tx, scope);
    await this.tell(tx, scope, type, [row.data]);
    return row.id;
  }

  /** `listener` hears every event of a business recorded from now on, in its transaction. */
  listen(listener: BusinessEventListener): void {
    this.listeners.push(listener);
  }

  private async tell(tx: Tx, scope: EventScope, type: WebhookEventType, payloads: readonly unknown[]): Promise<void> {
    const { tenantId, businessId } = scope;
    if (businessId === null) return;
    for (const listener of this.listeners) {
      for (const data of payloads) await listener(tx, { tenantId, businessId }, type, data);
    }
  }

  /**
   * Many events of one type and scope (an import's new records), each as `record` writes it: whether
   * an endpoint wants them is asked once, and the rows go in as one JSON parameter. A multi-row
   * VALUES asking it per row cost more to plan than to run (45 ms per 500 events).
   */
  async recordMany<T extends WebhookEventType>(tx: Tx, scope: EventScope, type: T, items: readonly WebhookEventData<T>[]): Promise<void> {
    if (items.length === 0) return;
    const now = this.clock.now();
    const [asked] = wantedAnswer.parse(await tx.execute(sql`select ${wantedBy(scope, type)} as wanted`)).rows;
    const wanted = asked?.wanted === true;
    const rows = items.map((data) => ({ ...this.row(scope, type, data, now), fannedOutAt: wanted ? null : now }));
    await insertRows(tx, webhookEvents, rows);
    if (wanted) this.dispatchAfterCommit(tx, scope);
    await this.tell(tx, scope, type, rows.map((row) => row.data));
  }

  private row<T extends WebhookEventType>(scope: EventScope, type: T, data: WebhookEventData<T>, now: Date) {
    return {
      tenantId: scope.tenantId,
      id: newId(),
      businessId: scope.businessId,
      type,
      apiVersion: CURRENT_WEBHOOK_API_VERSION,
      // A payload that does not match its published schema is a defect of the caller: it fails the change rather than reach a receiver.
      data: webhookEventCatalogue[type].data.parse(data),
      createdAt: now,
    };
  }

  /** Once `tx` commits, the tenant's dispatcher runs (once per transaction, however many events it wrote). */
  private dispatchAfterCommit(tx: Tx, scope: EventScope): void {
    if (this.queued.has(tx)) return;
    this.queued.add(tx);
    afterCommit(tx, () => this.jobs.send(DISPATCH_WEBHOOKS_JOB, { tenantId: scope.tenantId }).catch(() => undefined));
  }
}

const wantedAnswer = z.object({ rows: z.array(z.object({ wanted: z.boolean() })) });

/**
 * Whether an enabled endpoint of the tenant (or of the business) takes events of `type`. When none
 * does (most tenants have none), an event is stored already fanned out to nobody, and no dispatcher
 * runs for it.
 */
function wantedBy(scope: EventScope, type: WebhookEventType): SQL {
  return sql`exists (select 1 from ${webhookEndpoints} e where e.tenant_id = ${scope.tenantId} and e.status = 'enabled'
      and (e.business_id is null ${scope.businessId === null ? sql`` : sql`or e.business_id = ${scope.businessId}`})
      and (e.events @> array['*']::text[] or e.events @> array[${type}]::text[]))`;
}
