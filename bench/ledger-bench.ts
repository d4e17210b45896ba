/**
 * Ledger posting throughput: balanced transactions per second through the ledger service (each in
 * its own database transaction: the transaction row, its entries in account id order under the
 * accounts' row locks, the commit-time balance check), at 10 concurrent posters. Two shapes: spread
 * (a loan repayment split fee / principal / reserve over 1,000 loans' own accounts) and hot (the
 * same, also crediting one tenant-wide clearing account every posting must lock). Each shape is
 * posted two ways: `post` (one statement, its own database transaction) and `postInTx` inside an
 * `inTenant` transaction, as a module posting with its own writes does.
 * Measured after a history of 5,000 postings and the app's statistics refresh (db/statistics.ts).
 * `npm run bench -- ledger` (PostgreSQL when reachable, and PGlite; BENCH_KINDS picks).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { refreshStatistics } from '../apps/api/src/db/statistics';
import { inTenant } from '../apps/api/src/db/tenant-tx';
import { loadEnv } from '../apps/api/src/env';
import { type LedgerAccount, type LedgerPosting, createLedgerService } from '../apps/api/src/modules/ledger/ledger.service';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { newId } from '../apps/api/src/platform/crypto';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CONNECTIONS, DURATION_SECONDS, type Kind, WARMUP_SECONDS, kindWanted, pgliteKind, postgresKind, postgresServerUrl, problem, problems } from './bench-kit';

const LOANS = 1_000;
const HISTORY = 5_000;
const TARGET_PER_SECOND = 2_000; // issue 18

type Figures = { kind: string; shape: string; way: string; perSecond: number; p50: number; p99: number; refused: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function measureKind(kind: Kind): Promise<Figures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-ledger-'));
  const opened = await kind.open(dataDir);
  const { database } = opened;
  await database.migrate();
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...opened.env });
  const app = createAppContext({ env, database, jobs: new InlineQueue((name, error) => problem(name, error)), transport: null });
  await ensureInitialData(app);
  const landlord = await findLandlord(app.db);
  if (!landlord) throw new Error('Seeding made no landlord tenant');
  const tenantId = landlord.id;
  const ledger = createLedgerService(app);

  const [hot] = await ledger.ensureAccounts(tenantId, [{ businessId: null, ownerType: 'tenant', ownerId: null, code: 'lender_clearing', currency: 'USD', normalBalance: 'credit', noNegative: false }]);
  if (!hot) throw new Error('No clearing account');
  const loans: { cash: LedgerAccount; fee: LedgerAccount; principal: LedgerAccount; reserve: LedgerAccount }[] = [];
  for (let i = 0; i < LOANS; i += 1) {
    const owner = newId();
    const [cash, fee, principal, reserve] = await ledger.ensureAccounts(tenantId, [
      { businessId: null, ownerType: 'loan', ownerId: owner, code: 'cash', currency: 'USD', normalBalance: 'debit', noNegative: false },
      { businessId: null, ownerType: 'loan', ownerId: owner, code: 'fee_receivable', currency: 'USD', normalBalance: 'debit', noNegative: false },
      { businessId: null, ownerType: 'loan', ownerId: owner, code: 'principal_receivable', currency: 'USD', normalBalance: 'debit', noNegative: false },
      { businessId: null, ownerType: 'loan', ownerId: owner, code: 'business_reserve', currency: 'USD', normalBalance: 'credit', noNegative: false },
    ]);
    if (!cash || !fee || !principal || !reserve) throw new Error('Loan accounts not made');
    loans.push({ cash, fee, principal, reserve });
  }

  const posting = (way: string, shape: 'spread' | 'hot', sequence: number): LedgerPosting => {
    const loan = loans[sequence % LOANS];
    if (!loan) throw new Error('No loan');
    const amount = 1_000 + (sequence % 97);
    const lines = [
      { accountId: loan.cash.id, currency: 'USD', amount },
      { accountId: loan.fee.id, currency: 'USD', amount: -100 },
      { accountId: loan.principal.id, currency: 'USD', amount: -(amount - 400) },
      { accountId: shape === 'hot' ? hot.id : loan.reserve.id, currency: 'USD', amount: -300 },
    ];
    return { externalId: `${way}-${shape}-${sequence}`, kind: 'repayment', status: 'posted', effectiveDate: '2026-11-26', lines };
  };

  // A history first, then the statistics job the app runs (as autovacuum would on a server): what is measured is a ledger in use, not the first minute of an empty one.
  let history = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (history < HISTORY) {
        history += 1;
        await ledger.post(tenantId, posting('history', 'spread', history));
      }
    }),
  );
  await refreshStatistics(database.executor);

  const figures: Figures[] = [];
  const ways = {
    post: (item: LedgerPosting) => ledger.post(tenantId, item),
    'inTenant + postInTx': (item: LedgerPosting) => inTenant(app.db, tenantId, (tx) => ledger.postInTx(tx, tenantId, item)),
  };
  const runs = Object.entries(ways).flatMap(([way, postOne]) => (['spread', 'hot'] as const).map((shape) => ({ way, postOne, shape })));
  for (const { way, postOne, shape } of runs) {
    let sequence = 0;
    let refused = 0;
    const latencies: number[] = [];
    const measureFrom = Date.now() + WARMUP_SECONDS * 1000;
    const stopAt = measureFrom + DURATION_SECONDS * 1000;
    const worker = async () => {
      while (Date.now() < stopAt) {
        sequence += 1;
        const started = performance.now();
        try {
          await postOne(posting(way, shape, sequence));
          if (Date.now() >= measureFrom) latencies.push(performance.now() - started);
        } catch (error) {
          refused += 1;
          problem(`ledger ${way} ${shape}`, error);
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    latencies.sort((a, b) => a - b);
    figures.push({ kind: kind.name, shape, way, perSecond: latencies.length / DURATION_SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), refused });
  }
  await database.close();
  await opened.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

const results: Figures[] = [];
const serverUrl = postgresServerUrl();
if (serverUrl) results.push(...(await measureKind(postgresKind(serverUrl))));
else if (kindWanted('postgres')) console.log('  (no PostgreSQL reachable: PGlite only)');
if (kindWanted('pglite')) results.push(...(await measureKind(pgliteKind)));

console.log('\n== Ledger posting (%d concurrent posters, %d s after a %d s warm-up; 4 entries a transaction; target %d/s)', CONNECTIONS, DURATION_SECONDS, WARMUP_SECONDS, TARGET_PER_SECOND);
console.log('| kind | way | shape | transactions/s | p50 ms | p99 ms | refused |');
console.log('|---|---|---|---:|---:|---:|---:|');
for (const row of results) console.log(`| ${row.kind} | ${row.way} | ${row.shape} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.refused} |`);
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):`);
  for (const line of problems.slice(0, 10)) console.log(`  ${line}`);
  process.exitCode = 1;
}
