import type { PaymentDirection, PaymentInvoice } from '@app/contracts';
import { type InvoicePaidAmounts, type PayableInvoice, paidAmounts } from '@app/domain';
import type { Tx } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { invoiceState } from './invoice-resource';
import * as repo from './invoices.repository';

/**
 * What payments need of invoices: the invoice a payment settles, locked for the rest of the
 * payment's transaction, and its paid amounts written back in that same transaction.
 */

export type PaidInvoiceRow = repo.InvoiceRow;

/**
 * The invoice a new payment may settle, locked FOR UPDATE: for a payment received, the business's
 * own invoice; for a payment made, an invoice addressed to the business (never a draft).
 */
export async function lockPayableInvoice(tx: Tx, scope: BusinessScope, id: string, direction: PaymentDirection): Promise<PaidInvoiceRow | undefined> {
  return direction === 'received' ? repo.findOwnInvoice(tx, scope, id, true) : repo.findAddressedInvoice(tx, scope, id, true);
}

/** The invoice for the domain's payment rules; `otherPayments` is what its payments other than the one at hand add up to. */
export function payableInvoice(row: PaidInvoiceRow, otherPayments: number): PayableInvoice {
  return { status: invoiceState(row).status, total: row.total, amount_paid: otherPayments };
}

/** Invoices that existing payments settle, locked in id order (the payments already proved their scope). */
export async function lockPaidInvoices(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, PaidInvoiceRow>> {
  const rows = await repo.findInvoicesInTenant(tx, tenantId, [...new Set(ids)], true);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Sets what has been paid on a locked invoice, with its due amount and paid status; audited on the invoice. */
export async function writeAmountPaid(tx: Tx, actor: AuditActor, row: PaidInvoiceRow, amountPaid: number): Promise<PaidInvoiceRow> {
  const amounts: InvoicePaidAmounts = paidAmounts(row.total, amountPaid);
  const updated = await repo.updateInvoice(tx, row.tenantId, row.id, { amountPaid: amounts.amount_paid, dueAmount: amounts.due_amount, paidStatus: amounts.paid_status });
  await recordAudit(tx, actor, {
    model: 'invoice',
    modelId: row.id,
    action: 'updated',
    before: { amount_paid: row.amountPaid, due_amount: row.dueAmount, paid_status: row.paidStatus },
    after: { amount_paid: updated.amountPaid, due_amount: updated.dueAmount, paid_status: updated.paidStatus },
  });
  return updated;
}

export function toPaymentInvoice(row: PaidInvoiceRow): PaymentInvoice {
  const state = invoiceState(row);
  return {
    id: row.id,
    invoice_number: row.invoiceNumber,
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
    currency_id: row.currencyId,
    total: row.total,
    amount_paid: row.amountPaid,
    due_amount: row.dueAmount,
    status: state.status,
    paid_status: state.paid_status,
  };
}

/** Summaries of the invoices payments settle, by id. */
export async function paymentInvoices(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, PaymentInvoice>> {
  const rows = await repo.findInvoicesInTenant(tx, tenantId, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toPaymentInvoice(row)]));
}
