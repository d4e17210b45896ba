import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LedgerLine, inLockOrder, ledgerLinesProblem, normalSideBalance, splitByWaterfall, unbalancedCurrencies } from './ledger';

const RUNS = 500;
const amountArb = fc.integer({ min: -(10 ** 12), max: 10 ** 12 }).filter((amount) => amount !== 0);

/** One currency's lines: two to five distinct accounts whose amounts sum to zero. */
const currencyLinesArb = (currency: string) =>
  fc.tuple(fc.uniqueArray(fc.constantFrom('a1', 'a2', 'b7', 'c3', 'f0'), { minLength: 2, maxLength: 5 }), fc.array(amountArb, { minLength: 4, maxLength: 4 })).map(([accounts, amounts]) => {
    const lines: LedgerLine[] = accounts.slice(0, -1).map((account, i) => ({ accountId: `${currency}-${account}`, currency, amount: amounts[i] ?? 1 }));
    const sum = lines.reduce((total, line) => total + line.amount, 0);
    // The last account takes the other side; when the others already net to zero, the first gives it one unit.
    const first = lines[0];
    if (sum === 0 && first) first.amount += first.amount === -1 ? 2 : 1;
    const rest = lines.reduce((total, line) => total + line.amount, 0);
    return [...lines, { accountId: `${currency}-${accounts[accounts.length - 1] ?? 'z'}`, currency, amount: -rest }];
  });

/** A balanced transaction in one to three currencies. */
const balancedLinesArb = fc.uniqueArray(fc.constantFrom('USD', 'EUR', 'JPY'), { minLength: 1, maxLength: 3 }).chain((currencies) =>
  fc.tuple(...currencies.map(currencyLinesArb)).map((groups) => groups.flat()),
);

describe('ledger lines', () => {
  it('balanced lines pass in any order, and lose their balance when one line changes', () => {
    fc.assert(
      fc.property(balancedLinesArb, fc.nat(), fc.integer({ min: 1, max: 1000 }), (lines, pick, nudge) => {
        expect(ledgerLinesProblem(lines)).toBeNull();
        expect(ledgerLinesProblem(inLockOrder(lines))).toBeNull();
        const index = pick % lines.length;
        const changed = lines.map((line, i) => (i === index ? { ...line, amount: line.amount + nudge } : line));
        expect(unbalancedCurrencies(changed)).toEqual([lines[index]?.currency]);
      }),
      { numRuns: RUNS },
    );
  });

  it('are locked in one total order whatever order they come in', () => {
    fc.assert(
      fc.property(balancedLinesArb.chain((lines) => fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length }))), ([lines, shuffled]) => {
        expect(inLockOrder(shuffled)).toEqual(inLockOrder(lines));
        const ids = inLockOrder(lines).map((line) => line.accountId);
        expect(ids).toEqual([...ids].sort());
      }),
      { numRuns: RUNS },
    );
  });

  it('refuse fewer than two lines, a zero line and a fraction', () => {
    expect(ledgerLinesProblem([{ accountId: 'a', currency: 'USD', amount: 0 }])).toMatch(/at least two/);
    expect(ledgerLinesProblem([{ accountId: 'a', currency: 'USD', amount: 0 }, { accountId: 'b', currency: 'USD', amount: 0 }])).toMatch(/non-zero/);
    expect(ledgerLinesProblem([{ accountId: 'a', currency: 'USD', amount: 0.5 }, { accountId: 'b', currency: 'USD', amount: -0.5 }])).toMatch(/whole/);
    expect(ledgerLinesProblem([{ accountId: 'a', currency: 'USD', amount: 5 }, { accountId: 'b', currency: 'EUR', amount: -5 }])).toBe('The entries do not sum to zero in USD, EUR.');
    expect(ledgerLinesProblem([{ accountId: 'a', currency: 'USD', amount: 5 }, { accountId: 'a', currency: 'USD', amount: -5 }])).toMatch(/more than once/);
  });

  it('read a balance on the account’s normal side', () => {
    expect(normalSideBalance('debit', 700, 200)).toBe(500);
    expect(normalSideBalance('credit', 700, 200)).toBe(-500);
  });
});

describe('the waterfall', () => {
  it('pays the fee first, then the principal, then the rest, never more than owed, adding up to the amount', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 12 }), fc.nat({ max: 10 ** 11 }), fc.nat({ max: 10 ** 12 }), (amount, fee, principal) => {
        const split = splitByWaterfall(amount, { fee, principal });
        expect(split.fee + split.principal + split.rest).toBe(amount);
        expect(split.fee).toBe(Math.min(amount, fee));
        expect(split.principal).toBe(Math.min(amount - split.fee, principal));
        if (split.principal > 0) expect(split.fee).toBe(fee);
        if (split.rest > 0) expect([split.fee, split.principal]).toEqual([fee, principal]);
      }),
      { numRuns: RUNS },
    );
  });

  it('paid in any instalments, repays fee before principal and the same total as paid at once', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 9 }), fc.nat({ max: 10 ** 10 }), fc.array(fc.nat({ max: 10 ** 10 }), { maxLength: 10 }), (fee, principal, instalments) => {
        const owed = { fee, principal };
        const paid = { fee: 0, principal: 0, rest: 0 };
        for (const amount of instalments) {
          const split = splitByWaterfall(amount, owed);
          if (split.principal > 0) expect(owed.fee).toBe(split.fee);
          owed.fee -= split.fee;
          owed.principal -= split.principal;
          paid.fee += split.fee;
          paid.principal += split.principal;
          paid.rest += split.rest;
        }
        const total = instalments.reduce((sum, amount) => sum + amount, 0);
        expect(paid).toEqual(splitByWaterfall(total, { fee, principal }));
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => splitByWaterfall(-1, { fee: 1, principal: 1 })).toThrow(RangeError);
    expect(() => splitByWaterfall(1.5, { fee: 1, principal: 1 })).toThrow(RangeError);
  });
});
