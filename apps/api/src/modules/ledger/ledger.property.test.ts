import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../../test/harness';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { newId } from '../../platform/crypto';
import { type LedgerAccount, type LedgerAccountSpec, type LedgerBalance, LedgerError, type LedgerService, createLedgerService } from './ledger.service';

let h: Harness;
let ledger: LedgerService;

beforeAll(async () => {
  h = await createHarness();
  ledger = createLedgerService(h.app);
});
afterAll(async () => {
  await h.close();
});

/** Four accounts: one of each normal side with the no-negative flag, one of each without. */
const SHAPES: readonly Pick<LedgerAccountSpec, 'code' | 'normalBalance' | 'noNegative'>[] = [
  { code: 'receivable', normalBalance: 'debit', noNegative: true },
  { code: 'reserve', normalBalance: 'credit', noNegative: true },
  { code: 'clearing', normalBalance: 'credit', noNegative: false },
  { code: 'cash', normalBalance: 'debit', noNegative: false },
];

type Operation =
  | { type: 'post'; from: number; to: number; amount: number; pending: boolean }
  | { type: 'replay'; of: number }
  | { type: 'settle'; of: number; post: boolean };

const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('post' as const), from: fc.nat({ max: 3 }), to: fc.nat({ max: 3 }), amount: fc.integer({ min: 1, max: 5_000 }), pending: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('replay' as const), of: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('settle' as const), of: fc.nat(), post: fc.boolean() }) },
);

/** The independent reckoning: each account's four totals, as the rules say they must move. */
type Totals = { debitsPosted: number; creditsPosted: number; debitsPending: number; creditsPending: number };

function allows(shape: (typeof SHAPES)[number], totals: Totals): boolean {
  if (!shape.noNegative) return true;
  return shape.normalBalance === 'debit'
    ? totals.creditsPosted + totals.creditsPending <= totals.debitsPosted
    : totals.debitsPosted + totals.debitsPending <= totals.creditsPosted;
}

/** Runs the operations on four new accounts; answers the balances the ledger shows and the ones the model expects. */
async function run(operations: readonly Operation[], prefix: string): Promise<{ shown: LedgerBalance[]; expected: number[] }> {
  const ownerId = newId();
  const accounts: LedgerAccount[] = await ledger.ensureAccounts(
    h.landlordId,
    SHAPES.map((shape) => ({ ...shape, businessId: null, ownerType: 'property-run', ownerId, currency: 'USD' })),
  );
  const model: Totals[] = SHAPES.map(() => ({ debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 }));
  const written: { externalId: string; transactionId: string; from: number; to: number; amount: number; state: 'pending' | 'posted' | 'voided' }[] = [];
  const attempted: { externalId: string; from: number; to: number; amount: number; pending: boolean }[] = [];

  const apply = (from: number, to: number, amount: number, column: 'Posted' | 'Pending', sign: 1 | -1) => {
    const debit = model[to];
    const credit = model[from];
    if (!debit || !credit) throw new Error('no such account');
    debit[`debits${column}`] += sign * amount;
    credit[`credits${column}`] += sign * amount;
  };

  for (const [index, operation] of operations.entries()) {
    if (operation.type === 'settle') {
      const target = written[operation.of % Math.max(written.length, 1)];
      if (!target) continue;
      const status = operation.post ? 'posted' : 'voided';
      const outcome = await ledger.settle(h.landlordId, target.transactionId, status).then(
        () => 'done' as const,
        (error: unknown) => (error instanceof LedgerError ? error.reason : Promise.reject(error)),
      );
      if (target.state === 'pending') {
        expect(outcome).toBe('done');
        apply(target.from, target.to, target.amount, 'Pending', -1);
        if (operation.post) apply(target.from, target.to, target.amount, 'Posted', 1);
        target.state = status;
      } else {
        expect(outcome).toBe(target.state === status ? 'done' : 'settled');
      }
      continue;
    }
    const spec = operation.type === 'post' ? { ...operation, externalId: `${prefix}-${index}` } : attempted[operation.of % Math.max(attempted.length, 1)];
    if (!spec) continue;
    if (operation.type === 'post') attempted.push(spec);
    const from = accounts[spec.from];
    const to = accounts[spec.to];
    if (!from || !to) throw new Error('no such account');
    const alreadyWritten = written.some((entry) => entry.externalId === spec.externalId);
    const column = spec.pending ? 'Pending' : 'Posted';
    if (!alreadyWritten) apply(spec.from, spec.to, spec.amount, column, 1);
    const selfTransfer = spec.from === spec.to;
    const fits = alreadyWritten || (!selfTransfer && model.every((totals, i) => { const shape = SHAPES[i]; return shape === undefined || allows(shape, totals); }));
    const outcome = await ledger
      .post(h.landlordId, {
        externalId: spec.externalId,
        kind: 'property',
        status: spec.pending ? 'pending' : 'posted',
        effectiveDate: '2026-11-26',
        lines: [
          { accountId: to.id, currency: 'USD', amount: spec.amount },
          { accountId: from.id, currency: 'USD', amount: -spec.amount },
        ],
      })
      .then(
        (posted) => ({ ok: true as const, posted }),
        (error: unknown) => (error instanceof LedgerError ? { ok: false as const, reason: error.reason } : Promise.reject(error)),
      );
    if (fits) {
      expect(outcome.ok, `${spec.externalId} should be written`).toBe(true);
      if (outcome.ok && !alreadyWritten) {
        expect(outcome.posted.replayed).toBe(false);
        written.push({ externalId: spec.externalId, transactionId: outcome.posted.transaction.id, from: spec.from, to: spec.to, amount: spec.amount, state: spec.pending ? 'pending' : 'posted' });
      }
      if (outcome.ok && alreadyWritten) expect(outcome.posted.replayed).toBe(true);
    } else {
      expect(outcome).toEqual({ ok: false, reason: selfTransfer ? 'invalid' : 'overdrawn' });
      apply(spec.from, spec.to, spec.amount, column, -1);
    }
  }

  const shown = await ledger.balances(
    h.landlordId,
    accounts.map((account) => account.id),
  );
  const expected = model.map((totals, i) => (SHAPES[i]?.normalBalance === 'debit' ? totals.debitsPosted - totals.creditsPosted : totals.creditsPosted - totals.debitsPosted));
  return { shown, expected };
}

describe('the ledger under any sequence of postings, holds, settlements and replays', () => {
  it('matches the independent reckoning, keeps every rule, and gives the same balances when the sequence is replayed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operationArb, { minLength: 1, maxLength: 24 }), async (operations) => {
        const runId = newId();
        const first = await run(operations, `a-${runId}`);
        expect(first.shown.map((balance) => balance.posted)).toEqual(first.expected);
        for (const [i, balance] of first.shown.entries()) {
          if (SHAPES[i]?.noNegative) expect(balance.available).toBeGreaterThanOrEqual(0);
        }
        const replay = await run(operations, `b-${runId}`);
        expect(replay.shown.map(({ posted, pendingIn, pendingOut }) => [posted, pendingIn, pendingOut])).toEqual(
          first.shown.map(({ posted, pendingIn, pendingOut }) => [posted, pendingIn, pendingOut]),
        );
      }),
      { numRuns: 12 },
    );

    // Across everything written: each transaction sums to zero and each account's totals are the sums of its entries.
    const unbalanced = await h.app.db
      .select({ id: ledgerEntries.transactionId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`);
    expect(unbalanced).toEqual([]);
    const entries = await h.app.db
      .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount, status: ledgerTransactions.status })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, and(eq(ledgerTransactions.tenantId, ledgerEntries.tenantId), eq(ledgerTransactions.id, ledgerEntries.transactionId)));
    const accounts = await h.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerType, 'property-run'));
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) {
      const sumOf = (status: string, sign: 1 | -1) =>
        entries.filter((entry) => entry.accountId === account.id && entry.status === status).reduce((total, entry) => total + Math.max(sign * entry.amount, 0), 0);
      expect([account.debitsPosted, account.creditsPosted, account.debitsPending, account.creditsPending]).toEqual([
        sumOf('posted', 1),
        sumOf('posted', -1),
        sumOf('pending', 1),
        sumOf('pending', -1),
      ]);
    }
  });
});
