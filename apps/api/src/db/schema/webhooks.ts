import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, users } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * The outgoing events: written in the transaction of the change that caused them (a rolled-back
 * change leaves none), then fanned out to the endpoints subscribed when they were written.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    /** The business whose change it tells of; null for the tenant's own. */
    businessId: uuid('business_id'),
    type: text('type').notNull(),
    apiVersion: text('api_version').notNull(),
    /** `data` of the delivered body, checked against the catalogue's schema when written. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When its deliveries were made; null until the dispatcher has seen it. */
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_events_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('webhook_events_waiting_idx').on(t.createdAt).where(sql`fanned_out_at IS NULL`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'webhook_events_business_fk' }).onDelete('cascade'),
  ],
);

/** An endpoint of the tenant (business_id null: every business's events) or of one business (its own events). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id'),
    url: text('url').notNull(),
    description: text('description'),
    /** Event types, or `*` for all. */
    events: text('events').array().notNull(),
    apiVersion: text('api_version').notNull(),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull(),
    disabledReason: text('disabled_reason'),
    /** The signing secret (`whsec_…`), sealed with APP_KEY. */
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation, which also signs until `previous_secret_expires_at`. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Who is told when the product disables it. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_endpoints_scope_idx').on(t.tenantId, t.businessId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'webhook_endpoints_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id], name: 'webhook_endpoints_creator_fk' }).onDelete('set null'),
  ],
);

/**
 * One event for one endpoint. `next_attempt_at` is when it is due; the dispatcher leases a due
 * delivery by moving it forward before sending, so a crashed sender's delivery comes due again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'cancelled'] }).notNull(),
    /** Attempts on the retry schedule (replays not counted). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A person asked for one more attempt now (`replay`), whatever the delivery's status. */
    replayRequested: boolean('replay_requested').notNull().default(false),
    lastResponseStatus: integer('last_response_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('webhook_deliveries_event_endpoint_unique').on(t.tenantId, t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending' OR replay_requested`),
    foreignKey({ columns: [t.tenantId, t.endpointId], foreignColumns: [webhookEndpoints.tenantId, webhookEndpoints.id], name: 'webhook_deliveries_endpoint_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.eventId], foreignColumns: [webhookEvents.tenantId, webhookEvents.id], name: 'webhook_deliveries_event_fk' }).onDelete('cascade'),
    check('webhook_deliveries_attempts', sql`attempts >= 0`),
  ],
);

/** The delivery log: one row per HTTP attempt. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    deliveryId: uuid('delivery_id').notNull(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    attempt: integer('attempt').notNull(),
    trigger: text('trigger', { enum: ['scheduled', 'replay'] }).notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseTruncated: boolean('response_truncated').notNull().default(false),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_attempts_endpoint_idx').on(t.tenantId, t.endpointId, t.createdAt, t.id),
    foreignKey({ columns: [t.tenantId, t.deliveryId], foreignColumns: [webhookDeliveries.tenantId, webhookDeliveries.id], name: 'webhook_attempts_delivery_fk' }).onDelete('cascade'),
  ],
);
