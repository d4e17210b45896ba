import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { counterparties, items, paymentModes, taxTypes } from './directory';
import { invoices, lineColumns, taxLineColumns } from './documents';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * A payment as the business that recorded it sees it: received from a customer or made to a
 * vendor. `invoiceId` is the invoice it settles (the recorder's own invoice when received, the
 * vendor's invoice addressed to the recorder when made). Only the issuing business's payments
 * received change an invoice's paid amounts: a payment made against a vendor's invoice is the
 * payer's claim (`claimStatus`) until the vendor confirms it, which records the vendor's payment
 * received (`receiptPaymentId`) in the same transaction (migration 0020).
 */
export const payments = pgTable(
  'payments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    direction: text('direction', { enum: ['received', 'made'] }).notNull(),
    counterpartyId: uuid('counterparty_id').notNull(),
    counterpartyBusinessId: uuid('counterparty_business_id').notNull(),
    invoiceId: uuid('invoice_id'),
    paymentNumber: text('payment_number').notNull(),
    sequenceNumber: integer('sequence_number'),
    paymentDate: date('payment_date').notNull(),
    amount: money('amount'),
    currencyId: integer('currency_id').notNull().default(1),
    exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
    paymentModeId: uuid('payment_mode_id'),
    notes: text('notes'),
    status: text('status', { enum: ['completed', 'pending', 'failed', 'refunded'] }).notNull().default('completed'),
    /** Payments made against an invoice: 'claimed' (status pending), 'confirmed' (completed) or 'rejected' (failed). */
    claimStatus: text('claim_status', { enum: ['claimed', 'confirmed', 'rejected'] }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimDecidedAt: timestamp('claim_decided_at', { withTimezone: true }),
    /** The vendor's user who decided; null when the payment provider confirmed, or for claims confirmed before migration 0020. */
    claimDecidedByUserId: uuid('claim_decided_by_user_id'),
    claimReason: text('claim_reason'),
    /** The vendor's payment received that confirmed this claim; null for claims confirmed before 0020 (their amount is in the invoice directly). */
    receiptPaymentId: uuid('receipt_payment_id'),
    /**
     * A payment made that mirrors the vendor's payment received on a network invoice (migration
     * 0027): the vendor recorded the money, so the customer's row is confirmed from the start and
     * follows the vendor's edits; it is no claim the vendor decides.
     */
    recordedByVendor: boolean('recorded_by_vendor').notNull().default(false),
    /** What the provider refunded of an online payment (migration 0032), booked from its verified events: the invoice counts amount − refunded. */
    refundedAmount: money('refunded_amount'),
    /**
     * A payment the payment provider collected online (migration 0030): its payment (intent) id,
     * unique so a replayed or duplicated event cannot book it twice, and how it was paid.
     */
    providerPaymentId: text('provider_payment_id'),
    onlineMethod: text('online_method', { enum: ['card', 'us_bank_account'] }),
    /**
     * The estimate whose deposit this payment received paid (migration 0034): booked with no
     * invoice, then given the invoice the estimate converts into. No foreign key: the payment keeps
     * the fact when the business's setting deletes the estimate on conversion.
     */
    estimateId: uuid('estimate_id'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('payments_business_number_unique').on(t.tenantId, t.businessId, t.paymentNumber),
    uniqueIndex('payments_provider_payment_unique').on(t.tenantId, t.providerPaymentId).where(sql`provider_payment_id IS NOT NULL`),
    uniqueIndex('payments_receipt_unique').on(t.tenantId, t.receiptPaymentId).where(sql`receipt_payment_id IS NOT NULL`),
    index('payments_claims_idx').on(t.tenantId, t.counterpartyBusinessId, t.claimStatus).where(sql`claim_status IS NOT NULL`),
    check(
      'payments_claim_state',
      sql`claim_status IS NULL OR (direction = 'made' AND invoice_id IS NOT NULL AND claimed_at IS NOT NULL AND status = CASE claim_status WHEN 'claimed' THEN 'pending' WHEN 'confirmed' THEN 'completed' ELSE 'failed' END)`,
    ),
    check('payments_receipt_confirms', sql`receipt_payment_id IS NULL OR claim_status = 'confirmed'`),
    index('payments_list_idx').on(t.tenantId, t.businessId, t.direction, t.paymentDate.desc(), t.id.desc()),
    index('payments_invoice_idx').on(t.tenantId, t.invoiceId),
    index('payments_estimate_idx').on(t.tenantId, t.estimateId).where(sql`estimate_id IS NOT NULL`),
    index('payments_counterparty_idx').on(t.tenantId, t.businessId, t.counterpartyId),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payments_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.counterpartyId], foreignColumns: [counterparties.tenantId, counterparties.businessId, counterparties.id], name: 'payments_counterparty_fk' }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id], name: 'payments_invoice_fk' }),
    foreignKey({ columns: [t.tenantId, t.businessId, t.paymentModeId], foreignColumns: [paymentModes.tenantId, paymentModes.businessId, paymentModes.id], name: 'payments_mode_fk' }),
    foreignKey({ columns: [t.tenantId, t.receiptPaymentId], foreignColumns: [t.tenantId, t.id], name: 'payments_receipt_fk' }),
  ],
);

/**
 * `Idempotency-Key` of money-moving writes: the first response is kept and replayed for the same
 * key and body; the same key with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.businessId, t.key] }),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'idempotency_keys_business_fk' }).onDelete('cascade'),
  ],
);

/** Rates entered by hand: units of the business currency per unit of `currencyId`. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.businessId, t.currencyId] }),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'exchange_rates_business_fk' }).onDelete('cascade'),
  ],
);

/** The template and schedule of invoices made again and again. */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    customerBusinessId: uuid('customer_business_id').notNull(),
    /** The business's own number for the schedule ('RI-000001'), unique within the business. */
    number: text('number').notNull(),
    referenceNumber: text('reference_number'),
    currencyId: integer('currency_id').notNull().default(1),
    templateName: text('template_name').notNull(),
    notes: text('notes'),
    taxPerItemEnabled: boolean('tax_per_item_enabled').notNull().default(false),
    discountPerItemEnabled: boolean('discount_per_item_enabled').notNull().default(false),
    discountType: text('discount_type', { enum: ['fixed', 'percentage'] }).notNull().default('fixed'),
    discount: numeric('discount', { precision: 24, scale: 4 }).notNull().default('0'),
    discountVal: money('discount_val'),
    subTotal: money('sub_total'),
    tax: money('tax'),
    total: money('total'),
    /** 'daily' | 'weekly' | 'monthly' | 'yearly' presets or 'custom'; `schedule` holds the five cron fields either way. */
    frequency: text('frequency').notNull().default('weekly'),
    schedule: text('schedule').notNull(),
    timeZone: text('time_zone').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    limitCount: integer('limit_count'),
    generatedCount: integer('generated_count').notNull().default(0),
    /** The next occurrence to generate (UTC instant); null once completed. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    dueInDays: integer('due_in_days'),
    sendAutomatically: boolean('send_automatically').notNull().default(true),
    autoPayEnabled: boolean('auto_pay_enabled').notNull().default(false),
    status: text('status', { enum: ['active', 'working', 'on_hold', 'completed'] }).notNull().default('active'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('recurring_invoices_business_id_unique').on(t.tenantId, t.businessId, t.id),
    unique('recurring_invoices_business_number_unique').on(t.tenantId, t.businessId, t.number),
    index('recurring_invoices_list_idx').on(t.tenantId, t.businessId, t.status, t.createdAt.desc()),
    index('recurring_invoices_due_idx').on(t.nextRunAt).where(sql`status = 'active'`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'recurring_invoices_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.customerId], foreignColumns: [counterparties.tenantId, counterparties.businessId, counterparties.id], name: 'recurring_invoices_customer_fk' }),
  ],
);

export const recurringInvoiceItems = pgTable(
  'recurring_invoice_items',
  { ...lineColumns(), recurringInvoiceId: uuid('recurring_invoice_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('recurring_invoice_items_parent_id_unique').on(t.tenantId, t.recurringInvoiceId, t.id),
    index('recurring_invoice_items_parent_idx').on(t.tenantId, t.recurringInvoiceId, t.position),
    index('recurring_invoice_items_item_idx').on(t.tenantId, t.itemId),
    foreignKey({ columns: [t.tenantId, t.businessId, t.recurringInvoiceId], foreignColumns: [recurringInvoices.tenantId, recurringInvoices.businessId, recurringInvoices.id], name: 'recurring_invoice_items_parent_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.itemId], foreignColumns: [items.tenantId, items.businessId, items.id], name: 'recurring_invoice_items_item_fk' }),
  ],
);

export const recurringInvoiceTaxes = pgTable(
  'recurring_invoice_taxes',
  { ...taxLineColumns(), recurringInvoiceId: uuid('recurring_invoice_id').notNull(), recurringInvoiceItemId: uuid('recurring_invoice_item_id') },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('recurring_invoice_taxes_parent_idx').on(t.tenantId, t.recurringInvoiceId),
    index('recurring_invoice_taxes_tax_type_idx').on(t.tenantId, t.taxTypeId),
    foreignKey({ columns: [t.tenantId, t.businessId, t.recurringInvoiceId], foreignColumns: [recurringInvoices.tenantId, recurringInvoices.businessId, recurringInvoices.id], name: 'recurring_invoice_taxes_parent_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.recurringInvoiceId, t.recurringInvoiceItemId], foreignColumns: [recurringInvoiceItems.tenantId, recurringInvoiceItems.recurringInvoiceId, recurringInvoiceItems.id], name: 'recurring_invoice_taxes_item_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.taxTypeId], foreignColumns: [taxTypes.tenantId, taxTypes.businessId, taxTypes.id], name: 'recurring_invoice_taxes_tax_type_fk' }),
  ],
);

/** One row per schedule and period: the database makes a second invoice for the same period impossible. */
export const recurringRuns = pgTable(
  'recurring_runs',
  {
    tenantId: tenantId(),
    recurringInvoiceId: uuid('recurring_invoice_id').notNull(),
    /** The scheduled occurrence (UTC instant, ISO) this run made an invoice for. */
    periodKey: text('period_key').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.recurringInvoiceId, t.periodKey] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id], name: 'recurring_runs_invoice_fk' }).onDelete('cascade'),
  ],
);

export const paymentReminders = pgTable(
  'payment_reminders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    type: text('type', { enum: ['before_due', 'on_due', 'after_due'] }).notNull(),
    days: integer('days').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('payment_reminders_rule_unique').on(t.tenantId, t.businessId, t.type, t.days),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'payment_reminders_business_fk' }).onDelete('cascade'),
  ],
);

/** A reminder mailed for an invoice under a rule: at most once per (invoice, rule). */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    tenantId: tenantId(),
    invoiceId: uuid('invoice_id').notNull(),
    reminderId: uuid('reminder_id').notNull(),
    businessId: uuid('business_id').notNull(),
    sentTo: text('sent_to').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.invoiceId, t.reminderId] }),
    index('reminder_deliveries_invoice_idx').on(t.tenantId, t.invoiceId),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id], name: 'reminder_deliveries_invoice_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.reminderId], foreignColumns: [paymentReminders.tenantId, paymentReminders.id], name: 'reminder_deliveries_reminder_fk' }).onDelete('cascade'),
  ],
);

export const dashboardFigures = ['sales', 'unbilled', 'purchases', 'receipts', 'payments_made', 'estimates'] as const;

/**
 * The dashboard's sums per business, figure, month, currency and whether a rate was stored,
 * kept by triggers on invoices, payments and estimates (migration 0016). The triggers only
 * append signed rows marked pending, so writers never wait on one another; the compaction job
 * folds each group's rows into one. Readers sum whatever rows a group has.
 */
export const dashboardTotals = pgTable(
  'dashboard_totals',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    businessId: uuid('business_id').notNull(),
    figure: text('figure', { enum: dashboardFigures }).notNull(),
    /** The first day of the month. */
    month: date('month').notNull(),
    currencyId: integer('currency_id').notNull(),
    /** Whether the documents carried a stored exchange rate; the `*_at_rate` sums are null when not. */
    rated: boolean('rated').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    amountAtRate: numeric('amount_at_rate'),
    due: numeric('due').notNull(),
    dueAtRate: numeric('due_at_rate'),
    pending: boolean('pending').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('dashboard_totals_month_idx').on(t.tenantId, t.businessId, t.month),
    index('dashboard_totals_pending_idx').on(t.tenantId, t.businessId).where(sql`pending`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'dashboard_totals_business_fk' }).onDelete('cascade'),
  ],
);
