import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { recurringInvoices } from './billing';
import { invoices } from './documents';
import { counterparties } from './directory';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * Whose saved methods a provider customer holds (issue 17 item 4): a business's own (the customer
 * business saving for its vendors; `counterparty_id` null), or a vendor's customer record, saved by
 * the customer through the vendor's payment-method link (`business_id` is then the vendor's).
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    counterpartyId: uuid('counterparty_id'),
    /** The provider's customer (`cus_…`) on the platform account. */
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payment_customers_business_unique').on(t.tenantId, t.businessId).where(sql`counterparty_id IS NULL`),
    uniqueIndex('payment_customers_counterparty_unique').on(t.tenantId, t.counterpartyId).where(sql`counterparty_id IS NOT NULL`),
    uniqueIndex('payment_customers_provider_unique').on(t.tenantId, t.providerCustomerId),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payment_customers_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.counterpartyId], foreignColumns: [counterparties.tenantId, counterparties.id], name: 'payment_customers_counterparty_fk' }).onDelete('cascade'),
  ],
);

/** A method saved at the provider (spec section 3, Payment method: name, type, expiry date, default flag); never its number. */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    paymentCustomerId: uuid('payment_customer_id').notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    type: text('type', { enum: ['card', 'us_bank_account'] }).notNull(),
    /** The card's brand or the bank's name, as the provider gives it. */
    label: text('label'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * When auto pay's debit of this bank account was returned (migration 0037), and the bank's
     * reason: auto pay does not debit it again until the customer sets a default again (the
     * retry rule in docs/design-notes.md, "Auto pay by bank debit").
     */
    debitReturnedAt: timestamp('debit_returned_at', { withTimezone: true }),
    debitReturnReason: text('debit_return_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('saved_payment_methods_provider_unique').on(t.tenantId, t.providerMethodId),
    uniqueIndex('saved_payment_methods_default_unique').on(t.tenantId, t.paymentCustomerId).where(sql`is_default`),
    foreignKey({ columns: [t.tenantId, t.paymentCustomerId], foreignColumns: [paymentCustomers.tenantId, paymentCustomers.id], name: 'saved_payment_methods_customer_fk' }).onDelete('cascade'),
  ],
);

/**
 * A vendor's request that a customer without an account save a method: the link's token is given
 * once and only its hash kept; it expires, and saves one method. The names are those the request
 * was made with, shown to the customer on the public page.
 */
export const paymentMethodLinks = pgTable(
  'payment_method_links',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    tokenHash: text('token_hash').notNull(),
    businessId: uuid('business_id').notNull(),
    counterpartyId: uuid('counterparty_id').notNull(),
    vendorName: text('vendor_name').notNull(),
    customerName: text('customer_name').notNull(),
    /** The one setup attempt the link's page confirms; a new one is made only when it can no longer be. */
    providerSetupId: text('provider_setup_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payment_method_links_token_unique').on(t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payment_method_links_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.counterpartyId], foreignColumns: [counterparties.tenantId, counterparties.id], name: 'payment_method_links_counterparty_fk' }).onDelete('cascade'),
  ],
);

/** `processing`: a bank debit the provider accepted, charged only once its verified `payment_intent.succeeded` arrives. */
export const autoPayStatuses = ['pending', 'confirming', 'processing', 'charged', 'failed', 'skipped'] as const;

/**
 * Auto pay's charges of a generated invoice (issue 17 item 5): one row per try, unique per
 * invoice and try, so a generator run that repeats charges nothing twice. A soft decline is tried
 * once more a day later (`next_try_at`); anything else ends there.
 */
export const autoPayAttempts = pgTable(
  'auto_pay_attempts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    /** What the mails about the try call the invoice. */
    invoiceNumber: text('invoice_number').notNull(),
    recurringInvoiceId: uuid('recurring_invoice_id').notNull(),
    /** The vendor, its customer record and that customer's business: whose saved methods are charged. */
    businessId: uuid('business_id').notNull(),
    counterpartyId: uuid('counterparty_id').notNull(),
    customerBusinessId: uuid('customer_business_id'),
    try: integer('try').notNull(),
    /** `pending` until its attempt is made, `confirming` while the provider is asked, then how it ended. */
    status: text('status', { enum: autoPayStatuses }).notNull(),
    amount: bigint('amount', { mode: 'number' }),
    providerIntentId: text('provider_intent_id'),
    /** The saved method the try charges (migration 0037): a returned debit marks it. */
    savedMethodId: uuid('saved_method_id'),
    message: text('message'),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('auto_pay_attempts_try_unique').on(t.tenantId, t.invoiceId, t.try),
    index('auto_pay_attempts_intent_idx').on(t.tenantId, t.providerIntentId),
    index('auto_pay_attempts_due_idx').on(t.nextTryAt).where(sql`status IN ('pending', 'confirming')`),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id], name: 'auto_pay_attempts_invoice_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.recurringInvoiceId], foreignColumns: [recurringInvoices.tenantId, recurringInvoices.id], name: 'auto_pay_attempts_recurring_fk' }).onDelete('cascade'),
  ],
);
