import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { estimates, invoices } from './documents';
import { businesses, users } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** What the provider last said is due on an account (ARCHITECTURE section 13): the wizard's steps are computed from it. */
export type PayoutRequirementsSnapshot = {
  currentlyDue: string[];
  eventuallyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  errors: { code: string; reason: string; requirement: string }[];
  currentDeadline: number | null;
};

/**
 * A business's payout (connected) account at the payment provider: the id, and a snapshot of its
 * state refreshed from `account.updated` events and wizard answers, never by polling. Holds no ID
 * number and no full bank account number (the browser tokenises them).
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    businessType: text('business_type', { enum: ['individual', 'company'] }),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    requirements: jsonb('requirements').$type<PayoutRequirementsSnapshot>().notNull(),
    disabledReason: text('disabled_reason'),
    tosAccepted: boolean('tos_accepted').notNull().default(false),
    bankLast4: text('bank_last4'),
    bankName: text('bank_name'),
    /** Wizard step keys the user pressed Next on (spec section 4: only completed steps can be jumped to). */
    completedSteps: jsonb('completed_steps').$type<string[]>().notNull().default([]),
    /** The provider's `created` of the event the snapshot came from: an older event delivered late changes nothing. */
    stateAsOf: timestamp('state_as_of', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.businessId] }),
    uniqueIndex('payout_accounts_provider_account_unique').on(t.tenantId, t.providerAccountId),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payout_accounts_business_fk' }).onDelete('cascade'),
  ],
);

/**
 * `/public/onboarding/{token}`: a link the owner makes to finish the payout wizard on another device
 * without signing in, for one business, until it expires. Only the token's hash is stored.
 */
export const payoutOnboardingLinks = pgTable(
  'payout_onboarding_links',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    createdBy: uuid('created_by').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payout_onboarding_links_hash_unique').on(t.tenantId, t.tokenHash),
    index('payout_onboarding_links_business_idx').on(t.tenantId, t.businessId),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payout_onboarding_links_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.createdBy], foreignColumns: [users.tenantId, users.id], name: 'payout_onboarding_links_user_fk' }).onDelete('cascade'),
  ],
);

/**
 * The provider's payment attempt (PaymentIntent) for an invoice (migration 0030): at most one open
 * per invoice, its amount kept equal to what the payer is paying; what was stored here is what a
 * `payment_intent.succeeded` must match (destination account, amount, currency) before the
 * invoice is paid. `attempt` numbers the invoice's intents and makes the idempotency key
 * (`pay:<invoice>:<attempt>`). `paymentId` is the payment booked from it.
 */
export const onlinePaymentIntents = pgTable(
  'online_payment_intents',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    /** What is paid: an invoice, or (migration 0034) an estimate's deposit; exactly one of the two. */
    invoiceId: uuid('invoice_id'),
    estimateId: uuid('estimate_id'),
    attempt: integer('attempt').notNull(),
    /** How many times its amount or fee was changed: the change's idempotency key counts on (the same key twice would replay, not change). */
    providerIntentId: text('provider_intent_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    destinationAccountId: text('destination_account_id').notNull(),
    applicationFee: bigint('application_fee', { mode: 'number' }).notNull(),
    /** What the payer confirms it with (migration 0031); another method is another attempt. */
    method: text('method', { enum: ['card', 'us_bank_account'] }).notNull().default('card'),
    status: text('status', { enum: ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'] }).notNull(),
    /** The provider's message on the last failure (a decline). */
    lastError: text('last_error'),
    /** The address the payer started from: the receipt's link is built on it (the inbox has no request). */
    origin: text('origin').notNull(),
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('online_payment_intents_provider_unique').on(t.tenantId, t.providerIntentId),
    uniqueIndex('online_payment_intents_attempt_unique').on(t.tenantId, t.invoiceId, t.attempt),
    uniqueIndex('online_payment_intents_open_unique').on(t.tenantId, t.invoiceId).where(sql`status NOT IN ('succeeded', 'canceled')`),
    uniqueIndex('online_payment_intents_estimate_attempt_unique').on(t.tenantId, t.estimateId, t.attempt),
    uniqueIndex('online_payment_intents_estimate_open_unique').on(t.tenantId, t.estimateId).where(sql`status NOT IN ('succeeded', 'canceled')`),
    check('online_payment_intents_one_subject', sql`(invoice_id IS NULL) <> (estimate_id IS NULL)`),
    foreignKey({ columns: [t.tenantId, t.estimateId], foreignColumns: [estimates.tenantId, estimates.id], name: 'online_payment_intents_estimate_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'online_payment_intents_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id], name: 'online_payment_intents_invoice_fk' }).onDelete('cascade'),
  ],
);
