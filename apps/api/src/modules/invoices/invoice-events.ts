import { type WebhookEventData, type WebhookEventType, currencyById } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';
import type { WebhookEventLog } from '../../platform/webhook-events';
import { invoiceState } from './invoice-resource';
import type { InvoiceRow } from './invoices.repository';

/** The events whose payload is one invoice. */
export type InvoiceEventType = Extract<WebhookEventType, `invoice.${string}`>;
export type InvoiceEventObject = WebhookEventData<'invoice.created'>['invoice'];

/** An invoice as the webhook catalogue publishes it: the stored status (overdue is derived on read), money in minor units. */
export function invoiceEventObject(row: InvoiceRow): InvoiceEventObject {
  const state = invoiceState(row);
  return {
    id: row.id,
    business_id: row.businessId,
    invoice_number: row.invoiceNumber,
    status: state.status,
    paid_status: state.paid_status,
    customer_id: row.customerId,
    currency: currencyById(row.currencyId)?.code ?? String(row.currencyId),
    total: row.total,
    amount_paid: row.amountPaid,
    due_amount: row.dueAmount,
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
  };
}

/** Writes an invoice event for the issuing business, in the transaction of the change. */
export function recordInvoiceEvent(tx: Tx, events: WebhookEventLog, type: InvoiceEventType, row: InvoiceRow): Promise<string> {
  return events.record(tx, { tenantId: row.tenantId, businessId: row.businessId }, type, { invoice: invoiceEventObject(row) });
}

/** The same event of many invoices of one business (an import's), in one write. */
export async function recordInvoiceEvents(tx: Tx, events: WebhookEventLog, type: InvoiceEventType, scope: BusinessScope, rows: readonly InvoiceRow[]): Promise<void> {
  await events.recordMany(tx, { tenantId: scope.tenantId, businessId: scope.businessId }, type, rows.map((row) => ({ invoice: invoiceEventObject(row) })));
}

/**
 * The events a change of what was paid tells of: `invoice.paid` once, when the invoice becomes
 * paid; `invoice.partially_paid` when a payment adds to an invoice it leaves part paid. A
 * recompute that changes nothing, or money going back (a refund, a deleted payment), tells neither.
 */
export async function recordPaidEvents(tx: Tx, events: WebhookEventLog, before: InvoiceRow, after: InvoiceRow): Promise<void> {
  if (after.paidStatus === 'paid' && before.paidStatus !== 'paid') await recordInvoiceEvent(tx, events, 'invoice.paid', after);
  else if (after.paidStatus === 'partially_paid' && after.amountPaid > before.amountPaid) await recordInvoiceEvent(tx, events, 'invoice.partially_paid', after);
}
