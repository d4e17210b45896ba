import {
  type LoanProduct,
  type LoanResource,
  type LoanStats,
  type LoanTransactionResource,
  financingMessages,
  listMeta,
  type loanTransactionsQuerySchema,
  loanTransactionKinds,
  type loansQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { pageOffset } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import * as repo from './loan-reads.repository';

export type { LoanReadScope } from './loan-reads.repository';

type LoanRow = Awaited<ReturnType<typeof repo.listLoans>>[number];
type Balances = { principal: number; fee: number; reserve: number };
const NO_BALANCES: Balances = { principal: 0, fee: 0, reserve: 0 };

const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A loan's planned and past movements: the advance when it funded, the repayment due on the due
 * date (what is still owed), and for factoring the reserve the business gets once the invoice's
 * payment has repaid the lender (invoice total − principal − fee).
 */
function scheduleOf(row: LoanRow, balances: Balances): LoanResource['schedule'] {
  const { loan } = row;
  const owed = balances.principal + balances.fee;
  const schedule: LoanResource['schedule'] = [
    { kind: 'advance', date: dateOf(loan.fundedAt ?? loan.createdAt), amount: loan.principal, done: loan.fundedAt !== null },
    { kind: 'repayment', date: loan.dueDate, amount: owed, done: loan.status === 'repaid' },
  ];
  if (loan.product === 'factoring') {
    schedule.push({ kind: 'reserve', date: loan.dueDate, amount: Math.max(row.invoiceTotal - loan.principal - loan.fee, 0), done: loan.status === 'repaid' && balances.reserve === 0 });
  }
  return schedule;
}

function loanResource(row: LoanRow, balances: Balances): LoanResource {
  const { loan } = row;
  return {
    id: loan.id,
    product: loan.product,
    status: loan.status,
    lender: loan.lender,
    business_id: loan.businessId,
    business_name: row.businessName,
    invoice: { id: loan.invoiceId, invoice_number: row.invoiceNumber, counterparty_name: row.counterpartyName, total: row.invoiceTotal },
    currency_code: loan.currency,
    principal_amount: loan.principal,
    fee_amount: loan.fee,
    principal_balance: balances.principal,
    fee_balance: balances.fee,
    total_balance: balances.principal + balances.fee,
    funded_at: loan.fundedAt?.toISOString() ?? null,
    due_date: loan.dueDate,
    repaid_at: loan.repaidAt?.toISOString() ?? null,
    schedule: scheduleOf(row, balances),
    created_at: loan.createdAt.toISOString(),
  };
}

/**
 * The cursor is opaque to clients: the last row's created_at in microseconds (base 36) and its id
 * (hex), short enough for the contract's 64 characters.
 */
const CURSOR_PATTERN = /^([0-9a-z]{1,13})\.([0-9a-f]{32})$/;

export function encodeCursor(cursor: repo.LoanTransactionCursor): string {
  return `${cursor.createdAtMicros.toString(36)}.${cursor.id.replaceAll('-', '')}`;
}

function decodeCursor(after: string): repo.LoanTransactionCursor {
  const match = CURSOR_PATTERN.exec(after);
  if (!match?.[1] || !match[2]) throw AppError.validation('after', financingMessages.cursorInvalid);
  const hex = match[2];
  let micros = 0n;
  for (const digit of match[1]) micros = micros * 36n + BigInt(Number.parseInt(digit, 36));
  return { createdAtMicros: micros, id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}

const isLoanTransactionKind = (kind: string): kind is LoanTransactionResource['kind'] => (loanTransactionKinds as readonly string[]).includes(kind);

/**
 * The financing read side: loans with their ledger balances, their movements, the balance sheet's
 * figures. What is owed is always read from the loans' ledger accounts (posted balances: a pending
 * transaction, such as an accepted offer's hold or a repayment still settling, changes what is
 * owed only once it is posted), never from the loans' own columns.
 */
/** Loan rows as the API answers them, their balances read from the ledger in one query. */
async function loanResources(tx: Tx, tenantId: string, rows: readonly LoanRow[]): Promise<LoanResource[]> {
  const balances = new Map<string | null, Balances>();
  for (const found of await repo.loanBalances(
    tx,
    tenantId,
    rows.map((row) => row.loan.id),
  )) {
    balances.set(found.loanId, { principal: Number(found.principal), fee: Number(found.fee), reserve: Number(found.reserve) });
  }
  return rows.map((row) => loanResource(row, balances.get(row.loan.id) ?? NO_BALANCES));
}

export function createLoanReadsService(app: AppContext) {
  return {
    /** A loan row as `GET /loans` shows it to its borrower: one mapping, so a funding's answer, a repayment's and the list agree. */
    async loanOfRowInTx(tx: Tx, loan: { id: string; tenantId: string; businessId: string }): Promise<LoanResource> {
      const rows = await repo.listLoans(tx, { tenantId: loan.tenantId, businessId: loan.businessId }, { loanId: loan.id }, 0, 1);
      const [resource] = await loanResources(tx, loan.tenantId, rows);
      if (!resource) throw new Error(`Loan ${loan.id} lost its invoice or business`);
      return resource;
    },

    async listLoans(scope: repo.LoanReadScope, query: z.output<typeof loansQuerySchema>) {
      const filter: repo.LoanFilter = { product: query.product, status: query.status };
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listLoans(tx, scope, filter, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countLoans(tx, scope, filter);
        return { data: await loanResources(tx, scope.tenantId, rows), meta: listMeta(query.page, query.limit, total) };
      });
    },

    async listTransactions(scope: repo.LoanReadScope, query: z.output<typeof loanTransactionsQuerySchema>) {
      const after = query.after ? decodeCursor(query.after) : null;
      const filter: repo.LoanTransactionFilter = { loanId: query.loan_id, product: query.product, kind: query.kind, from: query.from, to: query.to };
      return inTenant(app.db, scope.tenantId, async (tx) => {
        // One row more than the page tells whether another page follows.
        const rows = await repo.listLoanTransactions(tx, scope, filter, after, query.limit + 1);
        const page = rows.slice(0, query.limit);
        const amounts = new Map(
          (
            await repo.transactionAmounts(
              tx,
              scope.tenantId,
              page.map((row) => row.id),
            )
          ).map((entry) => [entry.transactionId, entry]),
        );
        const data = page.map((row): LoanTransactionResource => {
          const sums = amounts.get(row.id);
          if (!isLoanTransactionKind(row.kind)) throw new Error(`Loan transaction ${row.id} has the unknown kind ${row.kind}`);
          return {
            id: row.id,
            loan_id: row.loanId,
            product: row.product,
            invoice_number: row.invoiceNumber,
            kind: row.kind,
            status: row.status,
            effective_date: row.effectiveDate,
            created_at: row.createdAt.toISOString(),
            currency_code: row.currency,
            principal_amount: Number(sums?.principal ?? 0),
            fee_amount: Number(sums?.fee ?? 0),
            // Credits on the lender's funds and collections are money paid out to the business.
            cash_amount: -Number(sums?.lendingCash ?? 0),
            description: row.description,
          };
        });
        const last = page.at(-1);
        const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdAtMicros: BigInt(last.createdAtMicros), id: last.id }) : null;
        return { data, meta: { next_cursor: nextCursor, per_page: query.limit } };
      });
    },

    /** Balances per product and currency; `exposure` (principal owed per business) only for tenant-wide reads. */
    async stats(scope: repo.LoanReadScope, product: LoanProduct | undefined): Promise<LoanStats> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.balancesByProduct(tx, scope, product);
        const exposure = scope.businessId === null ? await repo.exposureByBusiness(tx, scope.tenantId, product) : [];
        return {
          balances: rows.map((row) => {
            const principal = Number(row.principal);
            const fee = Number(row.fee);
            return { product: row.product, currency_code: row.currency, feeBalance: fee, principalBalance: principal, totalBalance: principal + fee, open_loans: row.open, repaid_loans: row.repaid };
          }),
          exposure: exposure.map((row) => ({ business_id: row.businessId, business_name: row.businessName, currency_code: row.currency, principal_balance: Number(row.principal) })),
        };
      });
    },
  };
}

export type LoanReadsService = ReturnType<typeof createLoanReadsService>;
