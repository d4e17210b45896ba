import type { PaymentClaimState, PaymentInvoice, PaymentResource } from '@app/contracts';
import { partyOf } from '../documents/document-resource';
import type { PaymentMoves } from '../payment-movements/payment-movements.port';
import type { PaymentWithParties } from './payments.repository';

/** Payments store no template: a receipt is drawn with the tenant's default receipt template, whichever it is when drawn. */
export const RECEIPT_TEMPLATE = 'default';

/** The claim of a payment made against an invoice, as its payer sees it. */
function claimState(payment: PaymentWithParties['payment']): PaymentClaimState | null {
  if (!payment.claimStatus) return null;
  return { status: payment.claimStatus, decided_at: payment.claimDecidedAt?.toISOString() ?? null, reason: payment.claimReason, recorded_by_vendor: payment.recordedByVendor };
}

export function toPaymentResource(
  { payment, counterparty, mode }: PaymentWithParties,
  businessName: string,
  invoice: PaymentInvoice | null,
  confirmsClaim: PaymentResource['confirms_claim'],
  moves: PaymentMoves | undefined,
): PaymentResource {
  return {
    id: payment.id,
    direction: payment.direction,
    business: { id: payment.businessId, name: businessName },
    payment_number: payment.paymentNumber,
    sequence_number: payment.sequenceNumber,
    payment_date: payment.paymentDate,
    amount: payment.amount,
    currency_id: payment.currencyId,
    exchange_rate: payment.exchangeRate,
    customer_id: payment.direction === 'received' ? payment.counterpartyId : null,
    vendor_id: payment.direction === 'made' ? payment.counterpartyId : null,
    counterparty: partyOf(counterparty ?? undefined, payment.counterpartyId, payment.counterpartyBusinessId),
    invoice_id: payment.invoiceId,
    invoice,
    payment_method_id: payment.paymentModeId,
    mode: mode ? { id: mode.id, name: mode.name } : null,
    notes: payment.notes,
    status: payment.status,
    claim: claimState(payment),
    confirms_claim: confirmsClaim,
    template_name: RECEIPT_TEMPLATE,
    online: payment.providerPaymentId !== null,
    refunded_amount: payment.refundedAmount,
    transfers: moves?.transfers ?? [],
    charges: moves?.charges ?? [],
    refunds: moves?.refunds ?? [],
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
  };
}

export function auditView(payment: PaymentWithParties['payment']) {
  return {
    payment_number: payment.paymentNumber,
    direction: payment.direction,
    counterparty_id: payment.counterpartyId,
    invoice_id: payment.invoiceId,
    payment_date: payment.paymentDate,
    amount: payment.amount,
    currency_id: payment.currencyId,
    payment_mode_id: payment.paymentModeId,
    notes: payment.notes,
    status: payment.status,
    claim_status: payment.claimStatus,
  };
}
