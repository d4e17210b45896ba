import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { payments } from './billing';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const paymentRefundStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;

/**
 * A refund of an online payment (migration 0032): one row per provider refund, kept for good. The
 * vendor's request writes it `pending` (what it holds back from a second request); only the
 * verified provider event that says it succeeded books its money (`bookedAt`), on the payment and
 * its invoice, in the inbox's transaction. A refund made at the provider's dashboard gets its row
 * from that event.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: paymentRefundStatuses }).notNull(),
    /** When its money was taken off the payment and the invoice; null until the provider says it succeeded. */
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** The vendor's user who asked for it; null when it came from the provider. */
    requestedByUserId: uuid('requested_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payment_refunds_provider_unique').on(t.tenantId, t.providerRefundId),
    index('payment_refunds_payment_idx').on(t.tenantId, t.paymentId),
    check('payment_refunds_amount_positive', sql`amount > 0`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payment_refunds_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id], name: 'payment_refunds_payment_fk' }).onDelete('cascade'),
  ],
);

export const providerMovementKinds = ['charge', 'application_fee', 'transfer', 'refund', 'transfer_reversal', 'application_fee_refund'] as const;

/**
 * What the payment provider moved, as its verified events told it (migration 0032): one row per
 * provider object (a charge, the platform's application fee, the transfer to the connected
 * account, refunds and their reversals), keyed by its provider id so a redelivered or replayed
 * event writes nothing new. Rows are linked to a payment through the PaymentIntent and the charge
 * they name, never through our payment id, so events arriving before the payment is booked (or in
 * any order) still land in its list.
 */
export const providerMovements = pgTable(
  'provider_movements',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    providerObjectId: text('provider_object_id').notNull(),
    kind: text('kind', { enum: providerMovementKinds }).notNull(),
    /** The PaymentIntent, where the object names it (charges, refunds). */
    paymentIntentId: text('payment_intent_id'),
    /** The charge the object belongs to (its own id for a charge): how fees, transfers and reversals find their payment. */
    chargeId: text('charge_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Refunded (charge, fee) or reversed (transfer) so far; only ever grows, so an older event arriving late changes nothing. */
    amountReversed: bigint('amount_reversed', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    /** The connected account a transfer or fee concerns. */
    destination: text('destination'),
    providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('provider_movements_object_unique').on(t.tenantId, t.providerObjectId),
    index('provider_movements_intent_idx').on(t.tenantId, t.paymentIntentId),
    index('provider_movements_charge_idx').on(t.tenantId, t.chargeId),
  ],
);
