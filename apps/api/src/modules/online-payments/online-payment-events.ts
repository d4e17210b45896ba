import type { Tx } from '../../db/client';
import type { WebhookEventLog } from '../../platform/webhook-events';
import type { LockedIntent } from './intent-lock';

/**
 * `payment.failed` for an attempt the provider refused or a bank debit returned. Nothing was
 * booked, so the payment published is the attempt: its id, the provider's payment id (as its
 * number too, the only one it has), what it asked for, and the provider's words on the failure.
 */
export async function recordPaymentFailed(tx: Tx, events: WebhookEventLog, locked: LockedIntent, failureMessage: string | null, day: string): Promise<void> {
  const { row } = locked;
  const customerId = locked.invoice ? locked.invoice.customerId : locked.estimate.customerId;
  await events.record(tx, { tenantId: row.tenantId, businessId: row.businessId }, 'payment.failed', {
    payment: {
      id: row.id,
      business_id: row.businessId,
      payment_number: row.providerIntentId,
      direction: 'received',
      customer_id: customerId,
      vendor_id: null,
      invoice_id: row.invoiceId,
      currency: row.currency.toUpperCase(),
      amount: row.amount,
      refunded_amount: 0,
      payment_date: day,
      method: row.method,
      provider_payment_id: row.providerIntentId,
      failure_message: failureMessage,
    },
  });
}
