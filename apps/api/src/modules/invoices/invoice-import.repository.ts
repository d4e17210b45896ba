import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

/** Statement size for number lookups (far below PostgreSQL's parameter limit). */
const NUMBERS_PER_QUERY = 1000;

const own = (scope: BusinessScope) => and(eq(invoices.tenantId, scope.tenantId), eq(invoices.businessId, scope.businessId));

async function inChunks<Row>(numbers: readonly string[], read: (chunk: string[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < numbers.length; start += NUMBERS_PER_QUERY) rows.push(...(await read(numbers.slice(start, start + NUMBERS_PER_QUERY))));
  return rows;
}

/** Which of these numbers the business's invoices already have. */
export async function takenInvoiceNumbers(tx: Tx, scope: BusinessScope, numbers: readonly string[]): Promise<Set<string>> {
  const rows = await inChunks(numbers, (chunk) => tx.select({ number: invoices.invoiceNumber }).from(invoices).where(and(own(scope), inArray(invoices.invoiceNumber, chunk))));
  return new Set(rows.map((row) => row.number));
}

/** The business's finalized, not void invoices with these numbers: what a payment received can settle. */
export async function payableInvoicesByNumbers(tx: Tx, scope: BusinessScope, numbers: readonly string[]) {
  return inChunks(numbers, (chunk) =>
    tx
      .select({ id: invoices.id, number: invoices.invoiceNumber, customerId: invoices.customerId, currencyId: invoices.currencyId, dueAmount: invoices.dueAmount })
      .from(invoices)
      .where(and(own(scope), inArray(invoices.invoiceNumber, chunk), notInArray(invoices.status, ['draft', 'void']))),
  );
}
