import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLSTATE, expectDatabaseError } from '../../../test/database-errors';
import { type Harness, createHarness } from '../../../test/harness';
import { ledgerEntries, tenants } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import { newId } from '../../platform/crypto';
import { type LedgerAccount, LedgerError, type LedgerPosting, type LedgerService, createLedgerService } from './ledger.service';

let h: Harness;
let ledger: LedgerService;
let tenant: string;

beforeAll(async () => {
  h = await createHarness();
  ledger = createLedgerService(h.app);
  tenant = h.landlordId;
});
afterAll(async () => {
  await h.close();
});

/** A loan's receivable (no-negative, debit side) and the lender's clearing account (credit side), new for each test. */
async function loanAccounts(tenantId = tenant, currency = 'USD'): Promise<{ receivable: LedgerAccount; clearing: LedgerAccount }> {
  const loanId = newId();
  const [receivable, clearing] = await ledger.ensureAccounts(tenantId, [
    { businessId: null, ownerType: 'loan', ownerId: loanId, code: 'principal_receivable', currency, normalBalance: 'debit', noNegative: true },
    { businessId: null, ownerType: 'loan', ownerId: loanId, code: 'lender_clearing', currency, normalBalance: 'credit', noNegative: false },
  ]);
  if (!receivable || !clearing) throw new Error('accounts not made');
  return { receivable, clearing };
}

function move(externalId: string, from: LedgerAccount, to: LedgerAccount, amount: number, status: 'pending' | 'posted' = 'posted'): LedgerPosting {
  return {
    externalId,
    kind: 'test',
    status,
    effectiveDate: '2026-11-26',
    lines: [
      { accountId: to.id, currency: to.currency, amount },
      { accountId: from.id, currency: from.currency, amount: -amount },
    ],
  };
}

async function balance(account: LedgerAccount, tenantId = tenant) {
  const [found] = await ledger.balances(tenantId, [account.id]);
  return found;
}

describe('posting', () => {
  it('writes balanced entries, moves both accounts and stamps versions and running balances', async () => {
    const { receivable, clearing } = await loanAccounts();
    const first = await ledger.post(tenant, move('advance-1', clearing, receivable, 80_000));
    expect(first.replayed).toBe(false);
    expect(first.transaction).toMatchObject({ status: 'posted', externalId: 'advance-1' });
    expect(first.entries.map((entry) => [entry.accountId, entry.amount, entry.accountVersion, entry.runningBalance])).toEqual(
      expect.arrayContaining([
        [receivable.id, 80_000, 1, 80_000],
        [clearing.id, -80_000, 1, 80_000],
      ]),
    );
    await ledger.post(tenant, move('repay-1', receivable, clearing, 30_000));
    expect(await balance(receivable)).toMatchObject({ posted: 50_000, available: 50_000, pendingIn: 0, pendingOut: 0 });
    expect(await balance(clearing)).toMatchObject({ posted: 50_000 });
  });

  it('posts a replayed external id once, and refuses the same id with other entries', async () => {
    const { receivable, clearing } = await loanAccounts();
    const posting = move('funded-evt-1', clearing, receivable, 10_000);
    const first = await ledger.post(tenant, posting);
    const again = await ledger.post(tenant, { ...posting, lines: [...posting.lines].reverse() });
    expect(again).toMatchObject({ replayed: true, transaction: { id: first.transaction.id } });
    expect(await balance(receivable)).toMatchObject({ posted: 10_000 });
    await expect(ledger.post(tenant, move('funded-evt-1', clearing, receivable, 10_001))).rejects.toMatchObject({ reason: 'replay_mismatch' });
    expect(await balance(receivable)).toMatchObject({ posted: 10_000 });
  });

  it('refuses unbalanced, single and zero lines before writing', async () => {
    const { receivable, clearing } = await loanAccounts();
    const posting = move('bad-1', clearing, receivable, 100);
    const debit = { accountId: receivable.id, currency: 'USD', amount: 100 };
    await expect(ledger.post(tenant, { ...posting, lines: [debit, { accountId: clearing.id, currency: 'USD', amount: -99 }] })).rejects.toBeInstanceOf(LedgerError);
    await expect(ledger.post(tenant, { ...posting, lines: [debit] })).rejects.toMatchObject({ reason: 'invalid' });
    expect(await balance(receivable)).toMatchObject({ posted: 0 });
  });

  it('never lets a no-negative account go below zero, counting what pending transactions hold', async () => {
    const { receivable, clearing } = await loanAccounts();
    await ledger.post(tenant, move('fund-a', clearing, receivable, 5_000));
    await expect(ledger.post(tenant, move('over-a', receivable, clearing, 5_001))).rejects.toMatchObject({ reason: 'overdrawn' });
    const hold = await ledger.post(tenant, move('hold-a', receivable, clearing, 3_000, 'pending'));
    expect(await balance(receivable)).toMatchObject({ posted: 5_000, pendingOut: 3_000, available: 2_000 });
    await expect(ledger.post(tenant, move('over-b', receivable, clearing, 2_001))).rejects.toMatchObject({ reason: 'overdrawn' });
    await ledger.settle(tenant, hold.transaction.id, 'voided');
    expect(await balance(receivable)).toMatchObject({ posted: 5_000, pendingOut: 0, available: 5_000 });
    await ledger.post(tenant, move('take-all', receivable, clearing, 5_000));
    expect(await balance(receivable)).toMatchObject({ posted: 0 });
  });

  it('posts a pending transaction once, and never voids or posts it again', async () => {
    const { receivable, clearing } = await loanAccounts();
    const pending = await ledger.post(tenant, move('offer-1', clearing, receivable, 7_500, 'pending'));
    expect(pending.entries.every((entry) => entry.runningBalance === null)).toBe(true);
    expect(await balance(receivable)).toMatchObject({ posted: 0, pendingIn: 7_500 });
    const posted = await ledger.settle(tenant, pending.transaction.id, 'posted');
    expect(posted.postedAt).not.toBeNull();
    expect(await ledger.settle(tenant, pending.transaction.id, 'posted')).toMatchObject({ status: 'posted' });
    await expect(ledger.settle(tenant, pending.transaction.id, 'voided')).rejects.toMatchObject({ reason: 'settled' });
    expect(await balance(receivable)).toMatchObject({ posted: 7_500, pendingIn: 0 });
  });

  it('locks accounts in one order, so concurrent postings on shared accounts neither deadlock nor overdraw', async () => {
    const { receivable, clearing } = await loanAccounts();
    await ledger.post(tenant, move('fund-c', clearing, receivable, 10_000));
    const attempts = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => ledger.post(tenant, move(`repay-c-${i}`, receivable, clearing, 1_000))));
    const refused = attempts.filter((attempt) => attempt.status === 'rejected');
    expect(attempts.length - refused.length).toBe(10);
    for (const attempt of refused) expect(attempt.reason).toMatchObject({ reason: 'overdrawn' });
    expect(await balance(receivable)).toMatchObject({ posted: 0 });
    expect(await balance(clearing)).toMatchObject({ posted: 0 });
  });
});

describe('posting in the caller\'s transaction and alone', () => {
  it('posts in the caller\'s transaction, whose rollback takes the posting with it', async () => {
    const { receivable, clearing } = await loanAccounts();
    const written = await inTenant(h.app.db, tenant, async (tx) => {
      const first = await ledger.postInTx(tx, tenant, move('in-tx-1', clearing, receivable, 4_000));
      const again = await ledger.postInTx(tx, tenant, move('in-tx-1', clearing, receivable, 4_000));
      return { first, again };
    });
    expect(written.first.replayed).toBe(false);
    expect(written.again).toMatchObject({ replayed: true, transaction: { id: written.first.transaction.id } });
    await expect(
      inTenant(h.app.db, tenant, async (tx) => {
        await ledger.postInTx(tx, tenant, move('in-tx-2', clearing, receivable, 1_000));
        await ledger.postInTx(tx, tenant, move('in-tx-3', receivable, clearing, 9_000));
      }),
    ).rejects.toMatchObject({ reason: 'overdrawn' });
    expect(await balance(receivable)).toMatchObject({ posted: 4_000 });
    expect(await ledger.post(tenant, move('in-tx-2', clearing, receivable, 1_000))).toMatchObject({ replayed: false });
  });

  it('posts alone as the tenant\'s app role, and leaves no tenant context on the connection', async () => {
    const { receivable, clearing } = await loanAccounts();
    await ledger.post(tenant, move('alone-1', clearing, receivable, 700));
    const [context] = await h.app.db
      .select({ role: sql<string>`current_user`, tenantId: sql<string>`coalesce(current_setting('app.tenant_id', true), '')` })
      .from(tenants)
      .limit(1);
    expect(context?.tenantId).toBe('');
    expect(context?.role).not.toBe('app_user');
    expect(await balance(receivable)).toMatchObject({ posted: 700 });
  });
});

describe('the database refuses what breaks the ledger', () => {
  it('refuses at commit a transaction whose entries do not sum to zero, or that has one entry', async () => {
    const { receivable, clearing } = await loanAccounts();
    const write = (amounts: number[]) =>
      inTenant(h.app.db, tenant, async (tx) => {
        const id = newId();
        await tx.execute(sql`insert into ledger_transactions (tenant_id, id, external_id, kind, status, effective_date) values (${tenant}, ${id}, ${`raw-${id}`}, 'test', 'posted', '2026-11-26')`);
        for (const [index, amount] of amounts.entries()) {
          const account = index % 2 === 0 ? receivable : clearing;
          await tx.execute(sql`insert into ledger_entries (tenant_id, transaction_id, account_id, currency, amount) values (${tenant}, ${id}, ${account.id}, 'USD', ${amount})`);
        }
      });
    await expectDatabaseError(write([100, -99]), { code: SQLSTATE.checkViolation, constraint: 'ledger_transactions_balanced' });
    await expectDatabaseError(write([100]), { code: SQLSTATE.checkViolation, constraint: 'ledger_transactions_balanced' });
    expect(await balance(receivable)).toMatchObject({ posted: 0 });
  });

  it('refuses an entry added to a transaction after it was written', async () => {
    const { receivable, clearing } = await loanAccounts();
    const posted = await ledger.post(tenant, move('closed-1', clearing, receivable, 500));
    await expectDatabaseError(
      inTenant(h.app.db, tenant, (tx) =>
        tx.execute(sql`insert into ledger_entries (tenant_id, transaction_id, account_id, currency, amount) values (${tenant}, ${posted.transaction.id}, ${receivable.id}, 'USD', 1)`),
      ),
      { code: '55000', message: /is closed/ },
    );
  });

  it('refuses an entry in another currency than its account', async () => {
    const { receivable, clearing } = await loanAccounts();
    const posting = move('fx-1', clearing, receivable, 500);
    await expect(ledger.post(tenant, { ...posting, lines: posting.lines.map((line) => ({ ...line, currency: 'EUR' })) })).rejects.toMatchObject({ reason: 'not_found' });
  });

  it('lets the app role neither update nor delete entries or accounts, nor change a transaction but its status', async () => {
    const { receivable, clearing } = await loanAccounts();
    const posted = await ledger.post(tenant, move('immutable-1', clearing, receivable, 900));
    const asApp = (statement: ReturnType<typeof sql>) => inTenant(h.app.db, tenant, (tx) => tx.execute(statement));
    await expectDatabaseError(asApp(sql`update ledger_entries set amount = 1 where transaction_id = ${posted.transaction.id}`), { code: SQLSTATE.insufficientPrivilege });
    await expectDatabaseError(asApp(sql`delete from ledger_entries where transaction_id = ${posted.transaction.id}`), { code: SQLSTATE.insufficientPrivilege });
    await expectDatabaseError(asApp(sql`update ledger_accounts set debits_posted = 0 where id = ${receivable.id}`), { code: SQLSTATE.insufficientPrivilege });
    await expectDatabaseError(asApp(sql`delete from ledger_accounts where id = ${receivable.id}`), { code: SQLSTATE.insufficientPrivilege });
    await expectDatabaseError(asApp(sql`update ledger_transactions set kind = 'other' where id = ${posted.transaction.id}`), { code: SQLSTATE.insufficientPrivilege });
    await expectDatabaseError(asApp(sql`delete from ledger_transactions where id = ${posted.transaction.id}`), { code: SQLSTATE.insufficientPrivilege });
    await expectDatabaseError(asApp(sql`update ledger_transactions set status = 'voided' where id = ${posted.transaction.id}`), { code: '55000' });
    // Not even the owner changes an entry: corrections are new transactions.
    await expectDatabaseError(h.app.db.execute(sql`update ledger_entries set amount = 1 where transaction_id = ${posted.transaction.id}`), { code: SQLSTATE.insufficientPrivilege, message: /never changed/ });
    expect(await balance(receivable)).toMatchObject({ posted: 900 });
  });

  it('opens accounts empty whatever the insert says', async () => {
    const id = newId();
    await inTenant(h.app.db, tenant, (tx) =>
      tx.execute(sql`insert into ledger_accounts (tenant_id, id, owner_type, code, currency, normal_balance, debits_posted, version) values (${tenant}, ${id}, 'loan', 'forged', 'USD', 'debit', 1000000, 9)`),
    );
    const [forged] = await ledger.balances(tenant, [id]);
    expect(forged).toMatchObject({ posted: 0 });
  });
});

describe('tenants', () => {
  it('keeps each tenant to its own accounts', async () => {
    const mine = await loanAccounts();
    await ledger.post(tenant, move('tenant-a-1', mine.clearing, mine.receivable, 1_000));
    expect(await ledger.balances(h.otherTenantId, [mine.receivable.id])).toEqual([]);
    const theirs = await loanAccounts(h.otherTenantId);
    // Another tenant's accounts cannot be posted to, nor mixed with one's own.
    await expect(ledger.post(h.otherTenantId, move('tenant-b-1', mine.clearing, mine.receivable, 1_000))).rejects.toMatchObject({ reason: 'not_found' });
    await expect(ledger.post(h.otherTenantId, move('tenant-b-2', theirs.clearing, mine.receivable, 1_000))).rejects.toMatchObject({ reason: 'not_found' });
    const seen = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.accountId, mine.receivable.id)));
    expect(seen).toEqual([]);
    expect(await balance(mine.receivable)).toMatchObject({ posted: 1_000 });
    // The same external id in two tenants is two postings.
    await ledger.post(h.otherTenantId, move('tenant-a-1', theirs.clearing, theirs.receivable, 2_000));
    expect(await balance(theirs.receivable, h.otherTenantId)).toMatchObject({ posted: 2_000 });
  });
});
