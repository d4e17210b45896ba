import { type WebhookEventData, type WebhookEventType, currencyById } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { WebhookEventLog } from '../../platform/webhook-events';
import * as repo from './payments.repository';

/** The events whose payload is one payment. */
export type PaymentEventType = Extract<WebhookEventType, `payment.${string}`>;
export type PaymentEventObject = WebhookEventData<'payment.created'>['payment'];

/**
 * A payment as the webhook catalogue publishes it; `method` is the online method, else the name
 * of the payment mode recorded by hand (read in the caller's transaction).
 */
export async function paymentEventObject(tx: Tx, row: repo.PaymentRow): Promise<PaymentEventObject> {
  const mode = row.onlineMethod === null && row.paymentModeId ? await repo.findPaymentMode(tx, { tenantId: row.tenantId, businessId: row.businessId }, row.paymentModeId) : undefined;
  return {
    id: row.id,
    business_id: row.businessId,
    payment_number: row.paymentNumber,
    direction: row.direction,
    customer_id: row.direction === 'received' ? row.counterpartyId : null,
    vendor_id: row.direction === 'made' ? row.counterpartyId : null,
    invoice_id: row.invoiceId,
    currency: currencyById(row.currencyId)?.code ?? String(row.currencyId),
    amount: row.amount,
    refunded_amount: row.refundedAmount,
    payment_date: row.paymentDate,
    method: row.onlineMethod ?? mode?.name ?? null,
    provider_payment_id: row.providerPaymentId,
    // Only a reported payment the vendor rejected fails once stored.
    failure_message: row.status === 'failed' ? row.claimReason : null,
  };
}

/**
 * Writes payment events (each of `types`, in order) for the business that keeps the payment, in
 * the transaction of the change: the vendor's for a payment received, the customer business's
 * for its payment made (a reported payment, or the side of a vendor's payment received).
 */
export async function recordPaymentEvents(tx: Tx, events: WebhookEventLog, types: readonly PaymentEventType[], row: repo.PaymentRow): Promise<void> {
  const payment = await paymentEventObject(tx, row);
  for (const type of types) await events.record(tx, { tenantId: row.tenantId, businessId: row.businessId }, type, { payment });
}

/** The payment as stored now (after an update in the same transaction), for its event. */
export async function storedPayment(tx: Tx, tenantId: string, id: string): Promise<repo.PaymentRow> {
  const [row] = await repo.lockPaymentsInTenant(tx, tenantId, [id]);
  if (!row) throw new Error(`Payment ${id} missing in its own transaction`);
  return row;
}
