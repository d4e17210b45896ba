import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { counterparties, items, taxTypes } from './directory';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Minor units of the document currency, within Number.MAX_SAFE_INTEGER (checked by the money engine). */
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const discountType = () => text('discount_type', { enum: ['fixed', 'percentage'] }).notNull().default('fixed');
/** What the user typed: minor units for a fixed discount, a percent for a percentage one. */
const discountInput = () => numeric('discount', { precision: 24, scale: 4 }).notNull().default('0');

/** Columns invoices and estimates share: the party, the totals as the money engine computed them, timestamps. */
const documentColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  businessId: uuid('business_id').notNull(),
  customerId: uuid('customer_id').notNull(),
  /** The customer's own business: the document is incoming for it. */
  customerBusinessId: uuid('customer_business_id').notNull(),
  sequenceNumber: integer('sequence_number'),
  customerSequenceNumber: integer('customer_sequence_number'),
  currencyId: integer('currency_id').notNull().default(1),
  /** Units of the business currency per unit of the document currency; null until a rate is known. */
  exchangeRate: numeric('exchange_rate', { precision: 20, scale: 10 }),
  templateName: text('template_name').notNull(),
  notes: text('notes'),
  taxPerItemEnabled: boolean('tax_per_item_enabled').notNull().default(false),
  discountPerItemEnabled: boolean('discount_per_item_enabled').notNull().default(false),
  discountType: discountType(),
  discount: discountInput(),
  discountVal: money('discount_val'),
  subTotal: money('sub_total'),
  tax: money('tax'),
  total: money('total'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  viewedAt: timestamp('viewed_at', { withTimezone: true }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  createdByUserId: uuid('created_by_user_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Columns of a document line: the catalogue item it came from (if any) and its computed amounts. */
export const lineColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  businessId: uuid('business_id').notNull(),
  position: integer('position').notNull(),
  itemId: uuid('item_id'),
  name: text('name').notNull(),
  description: text('description'),
  unitName: text('unit_name'),
  quantity: numeric('quantity', { precision: 20, scale: 4 }).notNull(),
  price: money('price'),
  discountType: discountType(),
  discount: discountInput(),
  discountVal: money('discount_val'),
  total: money('total'),
  documentDiscountShare: money('document_discount_share'),
  tax: money('tax'),
});

/** A tax line as computed: on the document (itemId null) or on one line; name and percent are kept as applied. */
export const taxLineColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  businessId: uuid('business_id').notNull(),
  taxTypeId: uuid('tax_type_id').notNull(),
  name: text('name').notNull(),
  percent: numeric('percent', { precision: 7, scale: 4 }).notNull(),
  compoundTax: boolean('compound_tax').notNull().default(false),
  amount: money('amount'),
});

export const invoices = pgTable(
  'invoices',
  {
    ...documentColumns(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date').notNull(),
    dueDate: date('due_date'),
    status: text('status').notNull().default('draft'),
    paidStatus: text('paid_status').notNull().default('unpaid'),
    amountPaid: money('amount_paid'),
    dueAmount: money('due_amount'),
    /** A bank debit the provider is still settling (migration 0031): its amount and method, both null when none. Written by the online-payments inbox handlers only. */
    processingAmount: bigint('processing_amount', { mode: 'number' }),
    processingMethod: text('processing_method', { enum: ['card', 'us_bank_account'] }),
    source: text('source', { enum: ['app', 'upload', 'import', 'estimate', 'recurring'] }).notNull().default('app'),
    estimateId: uuid('estimate_id'),
    recurringInvoiceId: uuid('recurring_invoice_id'),
    /** When `invoice.overdue` was written for the current due date (a new due date clears it). */
    overdueEventAt: timestamp('overdue_event_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Open invoices whose passing due date has not been told yet: what the overdue job reads, across tenants.
    index('invoices_overdue_untold_idx').on(t.dueDate, t.tenantId).where(sql`overdue_event_at IS NULL AND status NOT IN ('draft', 'void', 'completed') AND paid_status <> 'paid'`),
    unique('invoices_business_id_unique').on(t.tenantId, t.businessId, t.id),
    unique('invoices_business_number_unique').on(t.tenantId, t.businessId, t.invoiceNumber),
    index('invoices_outgoing_idx').on(t.tenantId, t.businessId, t.invoiceDate.desc(), t.id.desc()),
    index('invoices_outgoing_status_idx').on(t.tenantId, t.businessId, t.status, t.invoiceDate.desc(), t.id.desc()),
    index('invoices_outgoing_paid_idx').on(t.tenantId, t.businessId, t.paidStatus, t.invoiceDate.desc(), t.id.desc()),
    index('invoices_outgoing_customer_idx').on(t.tenantId, t.businessId, t.customerId, t.invoiceDate.desc(), t.id.desc()),
    // Open invoices by due date: payment reminders and the overdue figures.
    index('invoices_open_due_idx').on(t.tenantId, t.businessId, t.dueDate).where(sql`status NOT IN ('draft', 'void', 'completed') AND paid_status <> 'paid'`),
    index('invoices_recurring_idx').on(t.tenantId, t.recurringInvoiceId).where(sql`recurring_invoice_id IS NOT NULL`),
    index('invoices_incoming_idx').on(t.tenantId, t.customerBusinessId, t.invoiceDate.desc(), t.id.desc()).where(sql`status <> 'draft'`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'invoices_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerBusinessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'invoices_customer_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.customerId], foreignColumns: [counterparties.tenantId, counterparties.businessId, counterparties.id], name: 'invoices_customer_fk' }),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  { ...lineColumns(), invoiceId: uuid('invoice_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('invoice_items_invoice_id_unique').on(t.tenantId, t.invoiceId, t.id),
    index('invoice_items_invoice_idx').on(t.tenantId, t.invoiceId, t.position),
    index('invoice_items_item_idx').on(t.tenantId, t.itemId),
    foreignKey({ columns: [t.tenantId, t.businessId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.businessId, invoices.id], name: 'invoice_items_invoice_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.itemId], foreignColumns: [items.tenantId, items.businessId, items.id], name: 'invoice_items_item_fk' }),
  ],
);

export const invoiceTaxes = pgTable(
  'invoice_taxes',
  { ...taxLineColumns(), invoiceId: uuid('invoice_id').notNull(), invoiceItemId: uuid('invoice_item_id') },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invoice_taxes_invoice_idx').on(t.tenantId, t.invoiceId),
    index('invoice_taxes_tax_type_idx').on(t.tenantId, t.taxTypeId),
    foreignKey({ columns: [t.tenantId, t.businessId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.businessId, invoices.id], name: 'invoice_taxes_invoice_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.invoiceId, t.invoiceItemId], foreignColumns: [invoiceItems.tenantId, invoiceItems.invoiceId, invoiceItems.id], name: 'invoice_taxes_item_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.taxTypeId], foreignColumns: [taxTypes.tenantId, taxTypes.businessId, taxTypes.id], name: 'invoice_taxes_tax_type_fk' }),
  ],
);

export const estimates = pgTable(
  'estimates',
  {
    ...documentColumns(),
    estimateNumber: text('estimate_number').notNull(),
    referenceNumber: text('reference_number'),
    estimateDate: date('estimate_date').notNull(),
    expiryDate: date('expiry_date'),
    status: text('status').notNull().default('draft'),
    convertedInvoiceId: uuid('converted_invoice_id'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    /**
     * The deposit the vendor asks on the approved estimate (migration 0034), in minor units; null
     * when none is asked. What was paid of it is read from the payments that name the estimate.
     */
    depositAmount: bigint('deposit_amount', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('estimates_business_id_unique').on(t.tenantId, t.businessId, t.id),
    unique('estimates_business_number_unique').on(t.tenantId, t.businessId, t.estimateNumber),
    index('estimates_outgoing_idx').on(t.tenantId, t.businessId, t.estimateDate.desc(), t.id.desc()),
    index('estimates_outgoing_status_idx').on(t.tenantId, t.businessId, t.status, t.estimateDate.desc(), t.id.desc()),
    index('estimates_outgoing_customer_idx').on(t.tenantId, t.businessId, t.customerId, t.estimateDate.desc(), t.id.desc()),
    index('estimates_incoming_idx').on(t.tenantId, t.customerBusinessId, t.estimateDate.desc(), t.id.desc()).where(sql`status <> 'draft'`),
    check('estimates_deposit_positive', sql`deposit_amount IS NULL OR deposit_amount > 0`),
    index('estimates_expiry_idx').on(t.tenantId, t.expiryDate).where(sql`status IN ('open', 'sent', 'viewed')`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'estimates_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.customerBusinessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'estimates_customer_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.customerId], foreignColumns: [counterparties.tenantId, counterparties.businessId, counterparties.id], name: 'estimates_customer_fk' }),
    foreignKey({ columns: [t.tenantId, t.businessId, t.convertedInvoiceId], foreignColumns: [invoices.tenantId, invoices.businessId, invoices.id], name: 'estimates_converted_invoice_fk' }),
  ],
);

export const estimateItems = pgTable(
  'estimate_items',
  { ...lineColumns(), estimateId: uuid('estimate_id').notNull() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('estimate_items_estimate_id_unique').on(t.tenantId, t.estimateId, t.id),
    index('estimate_items_estimate_idx').on(t.tenantId, t.estimateId, t.position),
    index('estimate_items_item_idx').on(t.tenantId, t.itemId),
    foreignKey({ columns: [t.tenantId, t.businessId, t.estimateId], foreignColumns: [estimates.tenantId, estimates.businessId, estimates.id], name: 'estimate_items_estimate_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.itemId], foreignColumns: [items.tenantId, items.businessId, items.id], name: 'estimate_items_item_fk' }),
  ],
);

export const estimateTaxes = pgTable(
  'estimate_taxes',
  { ...taxLineColumns(), estimateId: uuid('estimate_id').notNull(), estimateItemId: uuid('estimate_item_id') },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('estimate_taxes_estimate_idx').on(t.tenantId, t.estimateId),
    index('estimate_taxes_tax_type_idx').on(t.tenantId, t.taxTypeId),
    foreignKey({ columns: [t.tenantId, t.businessId, t.estimateId], foreignColumns: [estimates.tenantId, estimates.businessId, estimates.id], name: 'estimate_taxes_estimate_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.estimateId, t.estimateItemId], foreignColumns: [estimateItems.tenantId, estimateItems.estimateId, estimateItems.id], name: 'estimate_taxes_item_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.businessId, t.taxTypeId], foreignColumns: [taxTypes.tenantId, taxTypes.businessId, taxTypes.id], name: 'estimate_taxes_tax_type_fk' }),
  ],
);

/**
 * The invoice list's counts and figures per business and direction, kept by a trigger on
 * `invoices` (migration 0023) the way dashboard_totals is: the trigger appends signed rows marked
 * pending, so writers never wait on one another, and the compaction job folds each group's rows
 * into one. A group is a status, paid status, currency, whether a rate was stored and, for open
 * invoices only (not draft or void, not paid), the due date, so "overdue on a given day" stays a
 * sum over a few rows. Readers sum whatever rows a group has.
 */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    businessId: uuid('business_id').notNull(),
    direction: text('direction', { enum: ['outgoing', 'incoming'] }).notNull(),
    status: text('status').notNull(),
    paidStatus: text('paid_status').notNull(),
    /** The invoices' due date when they are open (not draft or void, not paid); null otherwise. */
    dueDate: date('due_date'),
    currencyId: integer('currency_id').notNull(),
    /** Whether the invoices carried a stored exchange rate; the `*_at_rate` sums are null when not. */
    rated: boolean('rated').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    total: numeric('total').notNull(),
    totalAtRate: numeric('total_at_rate'),
    amountPaid: numeric('amount_paid').notNull(),
    amountPaidAtRate: numeric('amount_paid_at_rate'),
    dueAmount: numeric('due_amount').notNull(),
    dueAmountAtRate: numeric('due_amount_at_rate'),
    pending: boolean('pending').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invoice_totals_business_idx').on(t.tenantId, t.businessId, t.direction, t.status),
    index('invoice_totals_pending_idx').on(t.tenantId, t.businessId).where(sql`pending`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'invoice_totals_business_fk' }).onDelete('cascade'),
  ],
);

/**
 * The last number handed out per business, model and scope ('all', a year, or a customer): the row
 * lock taken by the upsert serialises concurrent creates, so no two documents get one number.
 */
export const numberSequences = pgTable(
  'number_sequences',
  {
    tenantId: tenantId(),
    businessId: uuid('business_id').notNull(),
    model: text('model', { enum: ['invoice', 'estimate', 'payment', 'recurring_invoice'] }).notNull(),
    scopeKey: text('scope_key').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.businessId, t.model, t.scopeKey] }),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'number_sequences_business_fk' }).onDelete('cascade'),
  ],
);

/** Files attached to an invoice, estimate or payment of the owning business. */
export const attachments = pgTable(
  'attachments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    model: text('model', { enum: ['invoice', 'estimate', 'payment'] }).notNull(),
    documentId: uuid('document_id').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('attachments_document_idx').on(t.tenantId, t.businessId, t.model, t.documentId),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'attachments_business_fk' }).onDelete('cascade'),
  ],
);

/**
 * Unguessable links to a document's public page. Only a hash of the token is kept; a link is shown
 * once, when it is issued (in the mail or to the user who asked for it).
 */
export const publicLinks = pgTable(
  'public_links',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    model: text('model', { enum: ['invoice', 'estimate', 'payment'] }).notNull(),
    documentId: uuid('document_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('public_links_token_unique').on(t.tenantId, t.tokenHash),
    index('public_links_document_idx').on(t.tenantId, t.model, t.documentId),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'public_links_business_fk' }).onDelete('cascade'),
  ],
);
