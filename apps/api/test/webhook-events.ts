import { eq } from 'drizzle-orm';
import { type WebhookEventType, isWebhookEventType, webhookEventCatalogue } from '@app/contracts';
import { webhookEvents } from '../src/db/schema';
import type { Harness } from './harness';

/** An outgoing event as stored, its payload already checked against its catalogue schema. */
export type StoredEvent = { type: WebhookEventType; businessId: string | null; data: Record<string, unknown> };

/** Every outgoing event of the tenant, in the order written (ids are UUIDv7); an unknown type or a payload its schema refuses fails the test. */
export async function eventsOf(h: Harness, tenantId: string): Promise<StoredEvent[]> {
  const rows = await h.app.db.select().from(webhookEvents).where(eq(webhookEvents.tenantId, tenantId)).orderBy(webhookEvents.id);
  return rows.map((row) => {
    if (!isWebhookEventType(row.type)) throw new Error(`Unknown event type ${row.type}`);
    webhookEventCatalogue[row.type].data.parse(row.data);
    return { type: row.type, businessId: row.businessId, data: row.data };
  });
}

/** The id of what an event tells of (its invoice, estimate, payment, customer, vendor or loan). */
export function subjectIdOf(event: StoredEvent): string | undefined {
  for (const key of ['invoice', 'estimate', 'payment', 'customer', 'vendor', 'loan']) {
    const subject = event.data[key];
    if (subject && typeof subject === 'object' && 'id' in subject && typeof subject.id === 'string') return subject.id;
  }
  return undefined;
}

/** The tenant's events about one subject, in the order written. */
export async function eventsAbout(h: Harness, tenantId: string, id: string): Promise<StoredEvent[]> {
  return (await eventsOf(h, tenantId)).filter((event) => subjectIdOf(event) === id);
}

/** The types of the tenant's events about one subject, sorted. */
export async function typesAbout(h: Harness, tenantId: string, id: string): Promise<string[]> {
  return (await eventsAbout(h, tenantId, id)).map((event) => event.type).sort();
}
