import { type LedgerLine, type NormalBalance, inLockOrder, ledgerLinesProblem, normalSideBalance } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { newId } from '../../platform/crypto';
import { violatesConstraint } from '../../platform/errors';
import * as repo from './ledger.repository';

export type LedgerAccount = repo.LedgerAccountRow;
export type LedgerTransaction = repo.LedgerTransactionRow;
export type LedgerEntry = repo.LedgerEntryRow;

/** An account a posting needs: found by owner, code and currency, made the first time it is asked for. */
export type LedgerAccountSpec = {
  businessId: string | null;
  ownerType: string;
  ownerId: string | null;
  code: string;
  currency: string;
  normalBalance: NormalBalance;
  noNegative: boolean;
};

export type LedgerPosting = {
  /** What caused it (an event id, a request's idempotency key): the same id posts once. */
  externalId: string;
  kind: string;
  /** Pending holds the amounts aside until the transaction is posted or voided. */
  status: 'pending' | 'posted';
  effectiveDate: string;
  businessId?: string | null;
  subject?: { type: string; id: string } | null;
  description?: string | null;
  lines: readonly LedgerLine[];
};

export type PostedTransaction = { transaction: LedgerTransaction; entries: LedgerEntry[]; replayed: boolean };

/** An account's balance on its normal side: posted, what pending transactions would add and take, and what is free to take. */
export type LedgerBalance = {
  accountId: string;
  code: string;
  currency: string;
  posted: number;
  pendingIn: number;
  pendingOut: number;
  available: number;
};

export type LedgerErrorReason = 'invalid' | 'overdrawn' | 'replay_mismatch' | 'not_found' | 'settled';

/** A posting the ledger refuses; nothing of it is written (the caller's database transaction is rolled back with it). */
export class LedgerError extends Error {
  constructor(
    readonly reason: LedgerErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

function sameLines(a: readonly LedgerLine[], b: readonly LedgerLine[]): boolean {
  const key = (lines: readonly LedgerLine[]) => JSON.stringify(inLockOrder(lines).map(({ accountId, currency, amount }) => [accountId, currency, amount]));
  return key(a) === key(b);
}

export function balanceOf(account: LedgerAccount): LedgerBalance {
  const debitNormal = account.normalBalance === 'debit';
  const posted = normalSideBalance(account.normalBalance, account.debitsPosted, account.creditsPosted);
  const pendingIn = debitNormal ? account.debitsPending : account.creditsPending;
  const pendingOut = debitNormal ? account.creditsPending : account.debitsPending;
  return { accountId: account.id, code: account.code, currency: account.currency, posted, pendingIn, pendingOut, available: posted - pendingOut };
}

/**
 * The double-entry ledger (docs/design-notes.md, "The ledger"). Other modules post through it in
 * their own database transaction (`…InTx`), so a loan's money and the record that caused it are
 * written together or not at all. The database itself refuses what breaks the rules: unbalanced
 * transactions, entries added later, changed entries, overdrawn no-negative accounts.
 */
export function createLedgerService(app: AppContext) {
  async function ensureAccountsInTx(tx: Tx, tenantId: string, specs: readonly LedgerAccountSpec[]): Promise<LedgerAccount[]> {
    const rows = await repo.ensureAccounts(
      tx,
      tenantId,
      specs.map((spec) => ({ tenantId, id: newId(), ...spec })),
    );
    return specs.map((spec) => {
      const found = rows.find((row) => row.ownerType === spec.ownerType && row.ownerId === spec.ownerId && row.code === spec.code && row.currency === spec.currency);
      if (!found) throw new LedgerError('not_found', `The ledger account ${spec.code} in ${spec.currency} could not be made.`);
      return found;
    });
  }

  /** Posts through `write` (in the caller's transaction or in one of its own), mapping the database's refusals to LedgerError. */
  async function postWith(write: (row: repo.LedgerTransactionInsert, lines: readonly LedgerLine[]) => Promise<repo.PostedRow[]>, tenantId: string, posting: LedgerPosting): Promise<PostedTransaction> {
    const problem = ledgerLinesProblem(posting.lines);
    if (problem) throw new LedgerError('invalid', problem);
    let rows: repo.PostedRow[];
    try {
      rows = await write(
        {
          tenantId,
          id: newId(),
          externalId: posting.externalId,
          kind: posting.kind,
          status: posting.status,
          effectiveDate: posting.effectiveDate,
          businessId: posting.businessId ?? null,
          subjectType: posting.subject?.type ?? null,
          subjectId: posting.subject?.id ?? null,
          description: posting.description ?? null,
        },
        posting.lines,
      );
    } catch (error) {
      if (violatesConstraint(error, '23514', 'ledger_accounts_no_negative')) {
        throw new LedgerError('overdrawn', `Posting ${posting.externalId} would take an account below zero.`);
      }
      if (violatesConstraint(error, '23503', 'ledger_entries_account_fk')) {
        throw new LedgerError('not_found', `Posting ${posting.externalId} names an account that does not exist in its currency.`);
      }
      throw error;
    }
    const [first] = rows;
    if (!first) throw new LedgerError('not_found', `Posting ${posting.externalId} was neither written nor found.`);
    const entries = rows.map((row) => row.entry);
    // The same external id again: the stored transaction when it is the same posting, refused when it differs.
    if (first.replayed && (first.transaction.kind !== posting.kind || !sameLines(entries, posting.lines))) {
      throw new LedgerError('replay_mismatch', `Posting ${posting.externalId} was already written with other entries.`);
    }
    return { transaction: first.transaction, entries, replayed: first.replayed };
  }

  function postInTx(tx: Tx, tenantId: string, posting: LedgerPosting): Promise<PostedTransaction> {
    return postWith((row, lines) => repo.postTransaction(tx, row, lines), tenantId, posting);
  }

  /** Posts or voids a pending transaction; asking again for the status it has is a no-op. */
  async function settleInTx(tx: Tx, tenantId: string, transactionId: string, status: 'posted' | 'voided'): Promise<LedgerTransaction> {
    const current = await repo.lockTransaction(tx, tenantId, transactionId);
    if (!current) throw new LedgerError('not_found', `Ledger transaction ${transactionId} does not exist.`);
    if (current.status === status) return current;
    if (current.status !== 'pending') throw new LedgerError('settled', `Ledger transaction ${current.externalId} is already ${current.status}.`);
    try {
      const settled = await repo.setTransactionStatus(tx, tenantId, transactionId, status);
      if (!settled) throw new LedgerError('not_found', `Ledger transaction ${transactionId} does not exist.`);
      return settled;
    } catch (error) {
      if (violatesConstraint(error, '23514', 'ledger_accounts_no_negative')) {
        throw new LedgerError('overdrawn', `Posting ${current.externalId} would take an account below zero.`);
      }
      throw error;
    }
  }

  async function balancesInTx(tx: Tx, tenantId: string, accountIds: readonly string[]): Promise<LedgerBalance[]> {
    const accounts = await repo.accountsByIds(tx, tenantId, accountIds);
    return accountIds.flatMap((id) => {
      const account = accounts.find((row) => row.id === id);
      return account ? [balanceOf(account)] : [];
    });
  }

  return {
    ensureAccountsInTx,
    postInTx,
    settleInTx,
    balancesInTx,
    // One statement, hence a database transaction of its own, confined to the tenant as `inTenant` confines one (ledger.repository.ts, postAloneStatement).
    post: (tenantId: string, posting: LedgerPosting) => postWith((row, lines) => repo.postTransactionAlone(app.db, row, lines), tenantId, posting),
    settle: (tenantId: string, transactionId: string, status: 'posted' | 'voided') => inTenant(app.db, tenantId, (tx) => settleInTx(tx, tenantId, transactionId, status)),
    ensureAccounts: (tenantId: string, specs: readonly LedgerAccountSpec[]) => inTenant(app.db, tenantId, (tx) => ensureAccountsInTx(tx, tenantId, specs)),
    balances: (tenantId: string, accountIds: readonly string[]) => inTenant(app.db, tenantId, (tx) => balancesInTx(tx, tenantId, accountIds)),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
