import { type PaymentInvoice, type PaymentProcessing, currencyById } from '@app/contracts';
import { type InvoiceMilestones, type InvoicePaidAmounts, type PayableInvoice, paidAmounts, paidStatusOf, settledInvoiceStatus } from '@app/domain';
import type { Tx } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { invoiceState } from './invoice-resource';
import type { WebhookEventLog } from '../../platform/webhook-events';
import { recordPaidEvents } from './invoice-events';
import * as repo from './invoices.repository';

/**
 * What payments need of invoices: the invoice a payment settles, locked for the rest of the
 * payment's transaction, and its paid amounts written back in that same transaction. Only the
 * business that issued an invoice changes what was paid on it: a payment made by its customer is
 * a claim that changes nothing until the issuer confirms it.
 */

export type PaidInvoiceRow = repo.InvoiceRow;

/** The business's own invoice a payment received (or a confirmed claim) settles, locked FOR UPDATE. */
export async function lockPayableInvoice(tx: Tx, scope: BusinessScope, id: string): Promise<PaidInvoiceRow | undefined> {
  return repo.findOwnInvoice(tx, scope, id, true);
}

/** An invoice addressed to the business that a payment made may claim to pay; read only, the claim writes nothing on it. */
export async function findClaimableInvoice(tx: Tx, scope: BusinessScope, id: string): Promise<PaidInvoiceRow | undefined> {
  return repo.findAddressedInvoice(tx, scope, id);
}

/** The steps an invoice has reached, from its timestamps: where a completed invoice goes back to when something is due again. */
export function milestonesOf(row: Pick<PaidInvoiceRow, 'sentAt' | 'viewedAt' | 'approvedAt'>): InvoiceMilestones {
  return { sent: row.sentAt !== null, viewed: row.viewedAt !== null, approved: row.approvedAt !== null };
}

/**
 * The invoice for the domain's payment rules; `otherPayments` is what its payments other than the
 * one at hand add up to. A completed invoice is judged in the status it has without this payment,
 * so the payment that completed it can still be edited.
 */
export function payableInvoice(row: PaidInvoiceRow, otherPayments: number): PayableInvoice {
  const status = settledInvoiceStatus(invoiceState(row).status, paidStatusOf(row.total, otherPayments), milestonesOf(row));
  return { status, total: row.total, amount_paid: otherPayments, precision: currencyById(row.currencyId)?.precision ?? 2 };
}

/** Invoices that existing payments settle, locked in id order (the payments already proved their scope). */
export async function lockPaidInvoices(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, PaidInvoiceRow>> {
  const rows = await repo.findInvoicesInTenant(tx, tenantId, [...new Set(ids)], true);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Told, in the payment's transaction, that what was paid on an invoice changed: financing splits
 * money arriving on a financed invoice by its waterfall (modules/financing/invoice-collections.ts),
 * given to the payments service when the app is built, so payments never reaches financing.
 */
export type AmountPaidObserver = (tx: Tx, invoice: PaidInvoiceRow, actor: AuditActor) => Promise<void>;

/** Who hears of a change of what was paid, in its transaction: financing's observer, and the webhook events (invoice.paid, invoice.partially_paid). */
export type AmountPaidHooks = { afterPaid: AmountPaidObserver; events: WebhookEventLog };

/**
 * Sets what has been paid on a locked invoice, with its due amount, paid status and, by the rule
 * for 'completed' (settledInvoiceStatus), its status; audited on the invoice. Only the issuing business writes it: any other caller is a defect, refused outright.
 */
export async function writeAmountPaid(tx: Tx, actor: AuditActor, row: PaidInvoiceRow, amountPaid: number, hooks: AmountPaidHooks): Promise<PaidInvoiceRow> {
  if (actor.businessId !== row.businessId) throw new Error('Only the business that issued an invoice changes what was paid on it');
  const amounts: InvoicePaidAmounts = paidAmounts(row.total, amountPaid);
  const status = settledInvoiceStatus(invoiceState(row).status, amounts.paid_status, milestonesOf(row));
  const updated = await repo.updateInvoice(tx, row.tenantId, row.id, { status, amountPaid: amounts.amount_paid, dueAmount: amounts.due_amount, paidStatus: amounts.paid_status });
  await recordAudit(tx, actor, {
    model: 'invoice',
    modelId: row.id,
    action: 'updated',
    before: { status: row.status, amount_paid: row.amountPaid, due_amount: row.dueAmount, paid_status: row.paidStatus },
    after: { status: updated.status, amount_paid: updated.amountPaid, due_amount: updated.dueAmount, paid_status: updated.paidStatus },
  });
  if (updated.amountPaid !== row.amountPaid) await hooks.afterPaid(tx, updated, actor);
  await recordPaidEvents(tx, hooks.events, row, updated);
  return updated;
}

/**
 * Marks a locked invoice as having a bank payment on its way, or clears the mark (null). Only the
 * online-payments inbox handlers call it, in the event's transaction; what was paid is untouched.
 */
export async function writePaymentProcessing(tx: Tx, row: PaidInvoiceRow, processing: PaymentProcessing | null): Promise<void> {
  if (row.processingAmount === (processing?.amount ?? null) && row.processingMethod === (processing?.method ?? null)) return;
  await repo.updateInvoice(tx, row.tenantId, row.id, { processingAmount: processing?.amount ?? null, processingMethod: processing?.method ?? null });
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

/** The invoices payments settle, by id, unlocked. */
export async function paidInvoiceRows(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, PaidInvoiceRow>> {
  const rows = await repo.findInvoicesInTenant(tx, tenantId, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Summaries of the invoices payments settle, by id. */
export async function paymentInvoices(tx: Tx, tenantId: string, ids: readonly string[]): Promise<Map<string, PaymentInvoice>> {
  const rows = await paidInvoiceRows(tx, tenantId, ids);
  return new Map([...rows].map(([id, row]) => [id, toPaymentInvoice(row)]));
}
