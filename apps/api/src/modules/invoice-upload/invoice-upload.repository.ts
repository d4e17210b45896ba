import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoices } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

/** Which of `numbers` the business's invoices already use (read-only: invoices are written by their service). */
export async function takenInvoiceNumbers(tx: Tx, scope: BusinessScope, numbers: readonly string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await tx
    .select({ number: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.businessId, scope.businessId), inArray(invoices.invoiceNumber, [...numbers])));
  return new Set(rows.map((row) => row.number));
}
