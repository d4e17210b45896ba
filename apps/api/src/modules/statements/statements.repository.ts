import { type SQL, and, eq, gte, lt, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { CounterpartyKind, StatementLineKind } from '@app/contracts';
import type { Tx } from '../../db/client';
import { counterparties, estimates, invoices, payments } from '../../db/schema';
import type { BusinessScope } from '../../platform/business-scope';

export type StatementParty = { id: string; name: string; kind: CounterpartyKind; currencyId: number; counterpartyBusinessId: string };

/** One document or payment as the statement lists it, amounts in its own currency's minor units. */
export type StatementRow = { kind: StatementLineKind; id: string; date: string; number: string; status: string; currencyId: number; amount: number };

export async function findParty(tx: Tx, scope: BusinessScope, kind: CounterpartyKind, id: string): Promise<StatementParty | undefined> {
  const rows = await tx
    .select({ id: counterparties.id, name: counterparties.name, currencyId: counterparties.currencyId, counterpartyBusinessId: counterparties.counterpartyBusinessId })
    .from(counterparties)
    .where(and(eq(counterparties.tenantId, scope.tenantId), eq(counterparties.businessId, scope.businessId), eq(counterparties.kind, kind), eq(counterparties.id, id)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, kind } : undefined;
}

/**
 * The documents exchanged with the party: to a customer, the business's own; from a vendor, the
 * vendor business's documents addressed to the business. Drafts are the issuer's alone.
 */
function documentsWith(scope: BusinessScope, party: StatementParty, table: typeof invoices | typeof estimates): SQL | undefined {
  const between =
    party.kind === 'customer'
      ? and(eq(table.businessId, scope.businessId), eq(table.customerId, party.id))
      : and(eq(table.businessId, party.counterpartyBusinessId), eq(table.customerBusinessId, scope.businessId));
  return and(eq(table.tenantId, scope.tenantId), between, ne(table.status, 'draft'));
}

/** Invoices that are money owed: finalized, not void. */
const invoicesOwed = (scope: BusinessScope, party: StatementParty) => and(documentsWith(scope, party, invoices), notInArray(invoices.status, ['void']));

/** Money that moved with the party: the business's completed payments received from a customer, made to a vendor. */
const paymentsWith = (scope: BusinessScope, party: StatementParty) =>
  and(
    eq(payments.tenantId, scope.tenantId),
    eq(payments.businessId, scope.businessId),
    eq(payments.direction, party.kind === 'customer' ? 'received' : 'made'),
    eq(payments.counterpartyId, party.id),
    eq(payments.status, 'completed'),
  );

/** The currency the invoices with the party are in (one per pair of businesses); null before the first. */
export async function invoiceCurrency(tx: Tx, scope: BusinessScope, party: StatementParty): Promise<number | null> {
  const rows = await tx.select({ currencyId: sql<number | null>`min(${invoices.currencyId})` }).from(invoices).where(invoicesOwed(scope, party));
  return rows[0]?.currencyId ?? null;
}

/** What was charged and paid in `currencyId` before `from`: the opening balance's two halves. */
export async function totalsBefore(tx: Tx, scope: BusinessScope, party: StatementParty, currencyId: number, from: string): Promise<{ charges: number; payments: number }> {
  const [charged] = await tx
    .select({ sum: sql<string>`coalesce(sum(${invoices.total}), 0)::bigint` })
    .from(invoices)
    .where(and(invoicesOwed(scope, party), eq(invoices.currencyId, currencyId), lt(invoices.invoiceDate, from)));
  const [paid] = await tx
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::bigint` })
    .from(payments)
    .where(and(paymentsWith(scope, party), eq(payments.currencyId, currencyId), lt(payments.paymentDate, from)));
  return { charges: Number(charged?.sum ?? 0), payments: Number(paid?.sum ?? 0) };
}

/** The period's invoices, estimates and payments, in no particular order (the service sorts them). */
export async function rowsBetween(tx: Tx, scope: BusinessScope, party: StatementParty, from: string, to: string): Promise<StatementRow[]> {
  const invoiceRows = await tx
    .select({ id: invoices.id, date: invoices.invoiceDate, number: invoices.invoiceNumber, status: invoices.status, currencyId: invoices.currencyId, amount: invoices.total })
    .from(invoices)
    .where(and(invoicesOwed(scope, party), gte(invoices.invoiceDate, from), lte(invoices.invoiceDate, to)));
  const estimateRows = await tx
    .select({ id: estimates.id, date: estimates.estimateDate, number: estimates.estimateNumber, status: estimates.status, currencyId: estimates.currencyId, amount: estimates.total })
    .from(estimates)
    .where(and(documentsWith(scope, party, estimates), gte(estimates.estimateDate, from), lte(estimates.estimateDate, to)));
  const paymentRows = await tx
    .select({ id: payments.id, date: payments.paymentDate, number: payments.paymentNumber, status: payments.status, currencyId: payments.currencyId, amount: payments.amount })
    .from(payments)
    .where(and(paymentsWith(scope, party), gte(payments.paymentDate, from), lte(payments.paymentDate, to)));
  return [
    ...invoiceRows.map((row) => ({ ...row, kind: 'invoice' as const })),
    ...estimateRows.map((row) => ({ ...row, kind: 'estimate' as const })),
    ...paymentRows.map((row) => ({ ...row, kind: 'payment' as const })),
  ];
}
