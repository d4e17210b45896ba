import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const providerEventStatuses = ['received', 'processed', 'failed'] as const;

/**
 * The inbox of events the tenant's providers sent (webhooks), stored once each after their
 * signature and timestamp were checked, then processed by a job. The unique key makes a replay or
 * a duplicate delivery a no-op.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    /** `stripe`. */
    provider: text('provider').notNull(),
    /** The provider's own event id (`evt_…`). */
    providerEventId: text('provider_event_id').notNull(),
    type: text('type').notNull(),
    /** The connected account the event is about, when it is about one. */
    account: text('account'),
    /** When the provider made the event. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    livemode: boolean('livemode').notNull(),
    /** The event as the provider sent it (verified). */
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    status: text('status', { enum: providerEventStatuses }).notNull().default('received'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('provider_events_provider_event_unique').on(t.tenantId, t.provider, t.providerEventId),
    index('provider_events_received_idx').on(t.tenantId, t.receivedAt, t.id),
    index('provider_events_type_idx').on(t.tenantId, t.type, t.receivedAt),
  ],
);
