import { type OnlinePaymentMethod, messages } from '@app/contracts';
import { settlePayment } from '@app/domain';
import type { Tx } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { type AmountPaidHooks, lockPayableInvoice, payableInvoice, writeAmountPaid } from '../invoices/invoice-payments';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import type { createPaymentMirrors } from './payment-mirrors';
import { recordPaymentEvents } from './payment-events';
import { auditView } from './payment-resource';
import * as repo from './payments.repository';

/** A payment the provider collected, as the online-payments module books it. */
/** `method` is null for money a lender paid on the payer's behalf (a BNPL loan's transfer), which names itself in `notes`. */
export type OnlinePayment = { invoiceId: string; amount: number; paymentDate: string; providerPaymentId: string; method: OnlinePaymentMethod | null; notes?: string };

type OnlineBookingDeps = {
  numberFor(tx: Tx, scope: BusinessScope, date: string, counterpartyId: string): Promise<{ number: string; sequence: number | null }>;
  mirrors: Pick<ReturnType<typeof createPaymentMirrors>, 'recorded'>;
  paidHooks: AmountPaidHooks;
};

export function createOnlineBooking({ numberFor, mirrors, paidHooks }: OnlineBookingDeps) {
  /**
   * A payment the payment provider collected online (the online-payments inbox handler, in the
   * inbox's transaction): the issuing business's payment received on its invoice, by the rules of
   * one recorded by hand (the invoice locked, never past its total, the customer business's mirror
   * written), carrying the provider's payment id, which is unique: the same provider payment is
   * booked once. Answers the refusal's message, and books nothing, when the invoice no longer
   * takes the amount (paid by hand meanwhile, voided).
   */
  async function record(tx: Tx, actor: AuditActor, scope: BusinessScope, input: OnlinePayment): Promise<{ paymentId: string } | { refused: string; refund: boolean }> {
    const booked = await repo.findByProviderPaymentId(tx, scope.tenantId, input.providerPaymentId);
    if (booked) return { refused: `The provider's payment ${input.providerPaymentId} is already booked.`, refund: false };
    const invoice = await lockPayableInvoice(tx, scope, input.invoiceId);
    if (!invoice) return { refused: messages.invalidInvoice, refund: true };
    // The amount was checked against the tenant's partial-payment rule when the payment started; the money is in, so only the invoice's own limits apply now.
    const settled = settlePayment(payableInvoice(invoice, invoice.amountPaid), input.amount, { partialPayments: true });
    if (!settled.ok) return { refused: settled.reason === 'not_payable' ? settled.message : `The amount is refused (${settled.reason}).`, refund: true };
    const numbered = await numberFor(tx, scope, input.paymentDate, invoice.customerId);
    const row = await repo.insertPayment(tx, {
      tenantId: scope.tenantId,
      id: newId(),
      businessId: scope.businessId,
      direction: 'received',
      counterpartyId: invoice.customerId,
      counterpartyBusinessId: invoice.customerBusinessId,
      invoiceId: invoice.id,
      paymentNumber: numbered.number,
      sequenceNumber: numbered.sequence,
      paymentDate: input.paymentDate,
      amount: input.amount,
      currencyId: invoice.currencyId,
      exchangeRate: await rateFor(tx, scope, invoice.currencyId),
      providerPaymentId: input.providerPaymentId,
      onlineMethod: input.method,
      notes: input.notes ?? null,
      createdByUserId: null,
    });
    await writeAmountPaid(tx, actor, invoice, settled.amount_paid, paidHooks);
    await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'created', after: { ...auditView(row), provider_payment_id: input.providerPaymentId, online_method: input.method } });
    // The provider confirmed the money: the payment is both recorded and succeeded.
    await recordPaymentEvents(tx, paidHooks.events, ['payment.created', 'payment.succeeded'], row);
    await mirrors.recorded(tx, row, invoice);
    return { paymentId: row.id };
  }

  return { record };
}
