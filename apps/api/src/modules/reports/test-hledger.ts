import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, isNotNull, notInArray, or } from 'drizzle-orm';
import { currencyByCode, currencyById } from '@app/contracts';
import type { AppDb } from '../../db/client';
import { invoices, loans } from '../../db/schema';

/**
 * An independent check of the accrual profit and loss (docs/reports.md): the business's stored
 * invoices and loans written as an hledger journal, one transaction each, straight from their
 * rows (not through the report's SQL), and hledger's own income statement over the period, which
 * converts each foreign amount at the rate written on its posting (`@`).
 */

const run = promisify(execFile);

/** Minor units as a decimal of the currency's precision, exactly (no floating point). */
function decimal(minor: number, precision: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(precision + 1, '0');
  return precision === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

/** The day an instant falls on in the time zone (YYYY-MM-DD). */
function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

type Posting = { account: string; minor: number };

/** One journal transaction in the invoice's currency, priced in the business currency at its stored rate. */
function transaction(day: string, description: string, currencyId: number, rate: string | null, business: string, postings: readonly Posting[]): string {
  const currency = currencyById(currencyId);
  if (!currency) throw new Error(`Unknown currency ${currencyId}`);
  const price = currency.code === business || rate === null ? '' : ` @ ${rate} ${business}`;
  return [`${day} ${description}`, ...postings.map((posting) => `    ${posting.account}  ${decimal(posting.minor, currency.precision)} ${currency.code}${price}`)].join('\n');
}

/** The business's finalized sales and purchase invoices, by invoice date, and its loans' fees, by the local day each was funded. */
export async function accrualJournal(db: AppDb, scope: { tenantId: string; businessId: string }, business: { currency: string; timeZone: string }): Promise<string> {
  const documents = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, scope.tenantId),
        or(eq(invoices.businessId, scope.businessId), eq(invoices.customerBusinessId, scope.businessId)),
        notInArray(invoices.status, ['draft', 'void']),
      ),
    );
  const sales = documents.filter((row) => row.businessId === scope.businessId);
  const purchases = documents.filter((row) => row.businessId !== scope.businessId);
  const funded = await db
    .select()
    .from(loans)
    .where(and(eq(loans.tenantId, scope.tenantId), eq(loans.businessId, scope.businessId), isNotNull(loans.fundedAt)));
  const businessCurrency = business.currency;
  return [
    ...sales.map((row) =>
      transaction(row.invoiceDate, `sale ${row.invoiceNumber}`, row.currencyId, row.exchangeRate, businessCurrency, [
        { account: 'assets:receivable', minor: row.total },
        { account: 'revenue:sales', minor: -(row.total - row.tax) },
        { account: 'liabilities:tax', minor: -row.tax },
      ]),
    ),
    ...purchases.map((row) =>
      transaction(row.invoiceDate, `purchase ${row.invoiceNumber}`, row.currencyId, row.exchangeRate, businessCurrency, [
        { account: 'expenses:purchases', minor: row.total - row.tax },
        { account: 'assets:tax', minor: row.tax },
        { account: 'liabilities:payable', minor: -row.total },
      ]),
    ),
    ...funded.map((loan) => {
      const currency = currencyByCode(loan.currency.toUpperCase());
      if (!currency || !loan.fundedAt) throw new Error(`Loan ${loan.id} has no known currency or funding time`);
      return transaction(localDay(loan.fundedAt, business.timeZone), `financing fee ${loan.id}`, currency.id, null, businessCurrency, [
        { account: 'expenses:financing fees', minor: loan.fee },
        { account: 'liabilities:loans', minor: -loan.fee },
      ]);
    }),
  ].join('\n\n');
}

/** hledger's income statement of the period (both days included), converted to cost: its revenues, expenses and net, in minor units. */
export async function hledgerIncomeStatement(journal: string, period: { from: string; to: string }, precision: number): Promise<{ revenues: number; expenses: number; net: number }> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'hledger-'));
  const file = path.join(directory, 'books.journal');
  try {
    await fs.writeFile(file, `${journal}\n`);
    const end = new Date(`${period.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    const { stdout } = await run('hledger', ['-f', file, 'incomestatement', '--cost', '-b', period.from, '-e', end.toISOString().slice(0, 10), '-O', 'csv']);
    const minorOf = (cell: string | undefined) => Math.round(Number((cell ?? '').replace(/[^0-9.-]/g, '') || '0') * 10 ** precision);
    const rows = stdout.trim().split('\n').map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
    const totals = rows.filter((row) => row[0] === 'total').map((row) => minorOf(row[1]));
    return { revenues: totals[0] ?? 0, expenses: totals[1] ?? 0, net: minorOf(rows.find((row) => row[0] === 'Net:')?.[1]) };
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}
