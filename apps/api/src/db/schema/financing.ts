import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './documents';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const financingProducts = ['factoring', 'bnpl'] as const;
export const financingLenders = ['platform', 'provider'] as const;
export const financingOfferStatuses = ['open', 'accepted', 'expired'] as const;
export const loanRowStatuses = ['pending_funding', 'funded', 'late', 'repaid', 'defaulted', 'cancelled'] as const;

/**
 * An offer to finance one invoice (migration 0039), made by the platform lender from the tenant's
 * risk policy or by the configured lender (`provider_offer_id`). Its amounts are what the loan
 * takes at most; it is accepted once (a loan names it, uniquely).
 */
export const financingOffers = pgTable(
  'financing_offers',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    /** The borrower: the vendor for factoring, the customer business for BNPL. */
    businessId: uuid('business_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    product: text('product', { enum: financingProducts }).notNull(),
    lender: text('lender', { enum: financingLenders }).notNull(),
    providerOfferId: text('provider_offer_id'),
    currency: text('currency').notNull(),
    invoiceAmount: bigint('invoice_amount', { mode: 'number' }).notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    feeBpsPer30Days: integer('fee_bps_per_30_days').notNull(),
    feePeriods: integer('fee_periods').notNull(),
    termDays: integer('term_days').notNull(),
    termsUrl: text('terms_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: financingOfferStatuses }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('financing_offers_provider_offer_unique').on(t.tenantId, t.providerOfferId).where(sql`provider_offer_id IS NOT NULL`),
    index('financing_offers_invoice_idx').on(t.tenantId, t.invoiceId, t.createdAt),
    // Factoring's fee is repaid from the invoice's payments beside the principal; BNPL's comes on top of the whole amount due (migration 0043).
    check('financing_offers_amounts', sql`principal > 0 AND fee >= 0 AND fee_periods > 0 AND term_days > 0 AND (principal + fee <= invoice_amount OR (product = 'bnpl' AND principal <= invoice_amount))`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'financing_offers_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id], name: 'financing_offers_invoice_fk' }).onDelete('cascade'),
  ],
);

/**
 * A loan (migration 0039): an accepted offer. Its status follows the lender's answers and events;
 * what is owed is never stored here but read from its ledger accounts (owner type `loan`, owner id
 * the loan's id; codes in modules/financing/loan-accounts.ts). One live loan per invoice; one loan
 * per offer, so concurrent fund calls on one offer fund it once.
 */
export const loans = pgTable(
  'loans',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    businessId: uuid('business_id').notNull(),
    /** The other party: the customer that pays the invoice (factoring), the vendor paid now (BNPL). */
    counterpartyBusinessId: uuid('counterparty_business_id'),
    invoiceId: uuid('invoice_id').notNull(),
    offerId: uuid('offer_id').notNull(),
    product: text('product', { enum: financingProducts }).notNull(),
    lender: text('lender', { enum: financingLenders }).notNull(),
    providerLoanId: text('provider_loan_id'),
    /** The platform lender's transfer that paid the loan out (the advance, or the vendor's payment for BNPL; migration 0043). */
    providerTransferId: text('provider_transfer_id'),
    status: text('status', { enum: loanRowStatuses }).notNull(),
    currency: text('currency').notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    dueDate: date('due_date').notNull(),
    /** BNPL: the borrower's saved payment method charged on the due date. */
    repaymentMethodId: uuid('repayment_method_id'),
    /** The funding request's Idempotency-Key, so the same request answers the same loan. */
    idempotencyKey: text('idempotency_key'),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    /** BNPL: when the borrower was told the repayment comes up, and that it is overdue (migration 0043); each mailed once. */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedOverdueAt: timestamp('reminded_overdue_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('loans_offer_unique').on(t.tenantId, t.offerId),
    uniqueIndex('loans_live_invoice_unique').on(t.tenantId, t.invoiceId).where(sql`status <> 'cancelled'`),
    uniqueIndex('loans_provider_loan_unique').on(t.tenantId, t.providerLoanId).where(sql`provider_loan_id IS NOT NULL`),
    index('loans_business_idx').on(t.tenantId, t.businessId, t.createdAt),
    // The tenant admins' list of every loan, newest first (migration 0040).
    index('loans_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('loans_due_idx').on(t.tenantId, t.status, t.dueDate),
    check('loans_amounts', sql`principal > 0 AND fee >= 0`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'loans_business_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id], name: 'loans_invoice_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.offerId], foreignColumns: [financingOffers.tenantId, financingOffers.id], name: 'loans_offer_fk' }).onDelete('cascade'),
  ],
);

export const loanRepaymentStatuses = ['confirming', 'processing', 'succeeded', 'failed'] as const;

/**
 * One try at charging a BNPL borrower's saved method for what it owes (migration 0043): stored with
 * the provider's payment attempt before it is confirmed, keyed at the provider by the loan and the
 * try, so a crash, a second worker or a repeated early repayment charges once. A bank debit stays
 * `processing` until the provider says it settled or was returned.
 */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    loanId: uuid('loan_id').notNull(),
    businessId: uuid('business_id').notNull(),
    try: integer('try').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    providerIntentId: text('provider_intent_id').notNull(),
    status: text('status', { enum: loanRepaymentStatuses }).notNull(),
    message: text('message'),
    /** When the job looks at it again: a confirmation cut short, a bank debit on its way; for a refused try, when the next may be made (null: no more). */
    checkAt: timestamp('check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('loan_repayments_try_unique').on(t.tenantId, t.loanId, t.try),
    index('loan_repayments_check_idx').on(t.checkAt).where(sql`status IN ('confirming', 'processing')`),
    check('loan_repayments_amount', sql`amount > 0 AND try > 0`),
    foreignKey({ columns: [t.tenantId, t.loanId], foreignColumns: [loans.tenantId, loans.id], name: 'loan_repayments_loan_fk' }).onDelete('cascade'),
  ],
);
