import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';
import { invoiceState } from './invoice-resource';
import * as repo from './invoices.repository';

/**
 * What financing needs of invoices, run in financing's own transaction: the invoice a business
 * asks to finance (its own, locked, or one addressed to it), the customer's name, and how the
 * paying business paid its invoices on the network (the platform lender's payer history).
 */

export type FinancedInvoiceRow = repo.InvoiceRow;

/** The business's own invoice, locked FOR UPDATE so an offer or a funding sees it unchanged until commit. */
export function lockOwnInvoice(tx: Tx, scope: BusinessScope, id: string): Promise<FinancedInvoiceRow | undefined> {
  return repo.findOwnInvoice(tx, scope, id, true);
}

/** An invoice addressed to the business (incoming); locked FOR UPDATE when `lock` (a BNPL funding pays it). */
export function findIncomingInvoice(tx: Tx, scope: BusinessScope, id: string, lock = false): Promise<FinancedInvoiceRow | undefined> {
  return repo.findAddressedInvoice(tx, scope, id, lock);
}

/** The invoice by its id in the tenant, locked FOR UPDATE: a lender's event on a loan, whichever side of the invoice borrowed (the vendor factoring it, the customer deferring it). */
export function lockInvoiceInTenant(tx: Tx, tenantId: string, id: string): Promise<FinancedInvoiceRow | undefined> {
  return repo.findInvoiceInTenant(tx, tenantId, id, true);
}

/** The status the invoice shows (overdue derived), as financing's rules read it. */
export function invoiceStatusOf(row: FinancedInvoiceRow): string {
  return invoiceState(row).status;
}

export const payerHistory = repo.payerHistory;
export const customerNameOf = repo.customerNameOf;
export const issuerNameOf = repo.issuerNameOf;
