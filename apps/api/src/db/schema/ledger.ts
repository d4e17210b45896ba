import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './identity';
import { tenants } from './tenancy';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const ledgerNormalBalances = ['debit', 'credit'] as const;
export const ledgerTransactionStatuses = ['pending', 'posted', 'voided'] as const;

/**
 * A ledger account (migration 0038). Its four totals are written only by the database's own
 * ledger triggers as entries are inserted and transactions posted or voided (the app role may
 * insert an account, never update one): they are the sums of its entries, kept beside them so a
 * posting can check the no-negative rule under the account's row lock without summing history.
 * `version` counts the changes; each entry records the version it made.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    /** The business whose books hold the account; null for the tenant's own accounts (the platform lender's). */
    businessId: uuid('business_id'),
    /** What the account belongs to (for example a loan), by kind and id; the tenant's own accounts have no owner id. */
    ownerType: text('owner_type').notNull(),
    ownerId: uuid('owner_id'),
    /** The account's role for its owner, for example `principal_receivable`. */
    code: text('code').notNull(),
    currency: text('currency').notNull(),
    normalBalance: text('normal_balance', { enum: ledgerNormalBalances }).notNull(),
    /** The balance, on its normal side, may never go below zero, counting what pending transactions take from it. */
    noNegative: boolean('no_negative').notNull().default(false),
    debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
    creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
    debitsPending: bigint('debits_pending', { mode: 'number' }).notNull().default(0),
    creditsPending: bigint('credits_pending', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The entries' foreign key names the currency too, so an entry is always in its account's currency.
    unique('ledger_accounts_currency_key').on(t.tenantId, t.id, t.currency),
    unique('ledger_accounts_owner_code_unique').on(t.tenantId, t.ownerType, t.ownerId, t.code, t.currency).nullsNotDistinct(),
    check('ledger_accounts_totals_not_negative', sql`debits_posted >= 0 AND credits_posted >= 0 AND debits_pending >= 0 AND credits_pending >= 0`),
    check(
      'ledger_accounts_no_negative',
      sql`NOT no_negative OR CASE normal_balance WHEN 'debit' THEN credits_posted + credits_pending <= debits_posted ELSE debits_posted + debits_pending <= credits_posted END`,
    ),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'ledger_accounts_business_fk' }).onDelete('cascade'),
  ],
);

/**
 * A ledger transaction: a set of entries that sum to zero per currency (checked by a deferred
 * constraint trigger at commit), written together in one database transaction and never again.
 * `external_id` names what caused it (an event, a request's idempotency key), so a replay posts
 * nothing. A pending transaction holds its amounts aside; only its status changes, once, to
 * posted or voided. Corrections are new transactions.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    externalId: text('external_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ledgerTransactionStatuses }).notNull(),
    effectiveDate: date('effective_date').notNull(),
    businessId: uuid('business_id'),
    /** What the transaction is about (for example a loan), by kind and id. */
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    description: text('description'),
    /** The database transaction that wrote it: entries can be added in that one only. */
    createdTxid: bigint('created_txid', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('ledger_transactions_external_unique').on(t.tenantId, t.externalId),
    index('ledger_transactions_subject_idx').on(t.tenantId, t.subjectType, t.subjectId),
    index('ledger_transactions_business_idx').on(t.tenantId, t.businessId, t.createdAt),
    // Loan movements newest first (migration 0040): a business's (all, or of one kind), a tenant's, one loan's; pages are keyed by (created_at, id).
    index('ledger_transactions_loan_business_idx').on(t.tenantId, t.businessId, t.createdAt.desc(), t.id.desc()).where(sql`subject_type = 'loan'`),
    index('ledger_transactions_loan_tenant_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()).where(sql`subject_type = 'loan'`),
    index('ledger_transactions_loan_kind_idx').on(t.tenantId, t.businessId, t.kind, t.createdAt.desc(), t.id.desc()).where(sql`subject_type = 'loan'`),
    index('ledger_transactions_loan_subject_idx').on(t.tenantId, t.subjectId, t.createdAt.desc(), t.id.desc()).where(sql`subject_type = 'loan'`),
    check('ledger_transactions_status_check', sql`status IN ('pending', 'posted', 'voided')`),
    foreignKey({ columns: [t.tenantId, t.businessId], foreignColumns: [businesses.tenantId, businesses.id], name: 'ledger_transactions_business_fk' }).onDelete('cascade'),
  ],
);

/**
 * One line of a ledger transaction: a signed amount in minor units (debit positive, credit
 * negative) on one account. Append-only: the app role may insert, nobody may update. The trigger
 * that inserts it into its account's totals also stamps the account version it made and, for a
 * posted transaction, the account's posted balance (on its normal side) right after it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    tenantId: tenantId(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    accountVersion: bigint('account_version', { mode: 'number' }).notNull().default(0),
    /** The account's posted balance right after this entry; null for an entry of a transaction written pending. */
    runningBalance: bigint('running_balance', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('ledger_entries_account_idx').on(t.tenantId, t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.tenantId, t.transactionId),
    check('ledger_entries_amount_not_zero', sql`amount <> 0`),
    foreignKey({ columns: [t.tenantId, t.transactionId], foreignColumns: [ledgerTransactions.tenantId, ledgerTransactions.id], name: 'ledger_entries_transaction_fk' }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.tenantId, ledgerAccounts.id, ledgerAccounts.currency],
      name: 'ledger_entries_account_fk',
    }).onDelete('cascade'),
  ],
);
