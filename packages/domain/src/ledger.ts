/**
 * The ledger's arithmetic, the same in the server (before it writes) and in the tests (as the
 * independent reckoning). Amounts are integer minor units; a line's amount is signed, debit
 * positive and credit negative, so a transaction balances when its lines sum to zero per currency.
 */

export type LedgerLine = { accountId: string; currency: string; amount: number };

export type NormalBalance = 'debit' | 'credit';

/** The currencies in which `lines` do not sum to zero, in the order they first appear. */
export function unbalancedCurrencies(lines: readonly LedgerLine[]): string[] {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amount);
  return [...sums].filter(([, sum]) => sum !== 0).map(([currency]) => currency);
}

/** Why a set of lines cannot be one transaction, or null when it can. */
export function ledgerLinesProblem(lines: readonly LedgerLine[]): string | null {
  if (lines.length < 2) return 'A ledger transaction needs at least two entries.';
  if (lines.some((line) => !Number.isSafeInteger(line.amount) || line.amount === 0)) return 'Every ledger entry is a whole, non-zero amount in minor units.';
  // One line an account: its entries are applied one by one, and a credit applied before a debit
  // on the same account could take a no-negative account below zero for a moment.
  if (new Set(lines.map((line) => `${line.accountId} ${line.currency}`)).size < lines.length) return 'An account appears more than once in the entries.';
  const unbalanced = unbalancedCurrencies(lines);
  if (unbalanced.length > 0) return `The entries do not sum to zero in ${unbalanced.join(', ')}.`;
  return null;
}

/**
 * The lines in the order their accounts are locked: by account id (then currency, then amount, so
 * the order is total). Every posting locks in this order, so two postings sharing accounts never
 * wait on each other in a circle.
 */
export function inLockOrder<T extends LedgerLine>(lines: readonly T[]): T[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...lines].sort((a, b) => compare(a.accountId, b.accountId) || compare(a.currency, b.currency) || a.amount - b.amount);
}

/** An account's balance on its normal side from its debit and credit totals. */
export function normalSideBalance(normal: NormalBalance, debits: number, credits: number): number {
  return normal === 'debit' ? debits - credits : credits - debits;
}

export type Waterfall = { fee: number; principal: number; rest: number };

/**
 * How a payment against a financed invoice is split: the outstanding fee first, then the
 * outstanding principal, then what is left. Each part is at most what is owed on it; the parts
 * add up to the amount.
 */
export function splitByWaterfall(amount: number, owed: { fee: number; principal: number }): Waterfall {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('The amount to split is a whole, non-negative number of minor units.');
  const fee = Math.min(amount, Math.max(owed.fee, 0));
  const principal = Math.min(amount - fee, Math.max(owed.principal, 0));
  return { fee, principal, rest: amount - fee - principal };
}
