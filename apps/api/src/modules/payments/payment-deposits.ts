import type { EstimateDeposit, OnlinePaymentMethod } from '@app/contracts';
import type { Tx } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { type AmountPaidHooks, lockPaidInvoices, writeAmountPaid } from '../invoices/invoice-payments';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import type { createPaymentMirrors } from './payment-mirrors';
import { recordPaymentEvents, storedPayment } from './payment-events';
import { auditView } from './payment-resource';
import * as repo from './payments.repository';

/** The estimate a deposit is paid on, as the online-payments module read it under the estimate's lock. */
export type DepositEstimate = { id: string; customerId: string; customerBusinessId: string; currencyId: number };

/** A deposit the payment provider collected online, as the online-payments module books it. */
export type OnlineDeposit = { estimate: DepositEstimate; amount: number; paymentDate: string; providerPaymentId: string; method: OnlinePaymentMethod };

type DepositBookingDeps = {
  numberFor(tx: Tx, scope: BusinessScope, date: string, counterpartyId: string): Promise<{ number: string; sequence: number | null }>;
  mirrors: Pick<ReturnType<typeof createPaymentMirrors>, 'recorded'>;
  paidHooks: AmountPaidHooks;
};

/** What a deposit payment still holds: its amount less what the provider refunded of it. */
const kept = (row: repo.PaymentRow) => (row.status === 'completed' || row.status === 'refunded' ? row.amount - row.refundedAmount : 0);

/**
 * Deposits on estimates (issue 17, item 7): the vendor's payments received that name the estimate
 * they paid. Booked with no invoice (the estimate has none yet), they are what the estimate's
 * deposit reads as paid; when the estimate converts, they are given the new invoice and its
 * amount paid is written from them, in the conversion's transaction.
 */
export function createDepositBooking({ numberFor, mirrors, paidHooks }: DepositBookingDeps) {
  return {
    /** Books a verified deposit payment in the caller's (the inbox's) transaction; the provider payment id keeps it to one booking. */
    async record(tx: Tx, actor: AuditActor, scope: BusinessScope, input: OnlineDeposit): Promise<{ paymentId: string } | { refused: string }> {
      if (await repo.findByProviderPaymentId(tx, scope.tenantId, input.providerPaymentId)) return { refused: `The provider's payment ${input.providerPaymentId} is already booked.` };
      const numbered = await numberFor(tx, scope, input.paymentDate, input.estimate.customerId);
      const row = await repo.insertPayment(tx, {
        tenantId: scope.tenantId,
        id: newId(),
        businessId: scope.businessId,
        direction: 'received',
        counterpartyId: input.estimate.customerId,
        counterpartyBusinessId: input.estimate.customerBusinessId,
        invoiceId: null,
        estimateId: input.estimate.id,
        paymentNumber: numbered.number,
        sequenceNumber: numbered.sequence,
        paymentDate: input.paymentDate,
        amount: input.amount,
        currencyId: input.estimate.currencyId,
        exchangeRate: await rateFor(tx, scope, input.estimate.currencyId),
        providerPaymentId: input.providerPaymentId,
        onlineMethod: input.method,
        createdByUserId: null,
      });
      await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'created', after: { ...auditView(row), estimate_id: input.estimate.id, provider_payment_id: input.providerPaymentId, online_method: input.method } });
      // The provider confirmed the money: the deposit payment is both recorded and succeeded.
      await recordPaymentEvents(tx, paidHooks.events, ['payment.created', 'payment.succeeded'], row);
      return { paymentId: row.id };
    },

    /** What was paid of each estimate's deposit, and the payments, read from the payment rows. */
    async paidOf(tx: Tx, tenantId: string, estimateId: string): Promise<{ paid: number; payments: EstimateDeposit['payments'] }> {
      const rows = await repo.depositPayments(tx, tenantId, [estimateId]);
      return {
        paid: rows.reduce((sum, row) => sum + kept(row), 0),
        payments: rows.map((row) => ({ payment_number: row.paymentNumber, payment_date: row.paymentDate, amount: row.amount, refunded_amount: row.refundedAmount, method: row.onlineMethod })),
      };
    },

    /** Whether any payment names the estimate (a refunded one too: it is the vendor's record). */
    async hasAny(tx: Tx, tenantId: string, estimateId: string): Promise<boolean> {
      return (await repo.depositPayments(tx, tenantId, [estimateId])).length > 0;
    },

    /**
     * The conversion's step, under the estimate's lock: the deposit payments not yet on an invoice
     * are given `invoiceId` (the invoice just made from the estimate), the invoice's amount paid
     * grows by what they hold, and the customer business gets its side of each (as a payment
     * recorded on an invoice does). Answers what was carried.
     */
    async attachToInvoiceInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, estimateId: string, invoiceId: string): Promise<number> {
      const rows = (await repo.depositPayments(tx, scope.tenantId, [estimateId], true)).filter((row) => row.invoiceId === null && row.businessId === scope.businessId);
      if (rows.length === 0) return 0;
      const invoice = (await lockPaidInvoices(tx, scope.tenantId, [invoiceId])).get(invoiceId);
      if (!invoice || invoice.businessId !== scope.businessId) throw new Error(`Invoice ${invoiceId} is not the business's own`);
      const carried = rows.reduce((sum, row) => sum + kept(row), 0);
      for (const row of rows) {
        await repo.updatePayment(tx, scope, row.id, { invoiceId });
        await recordAudit(tx, actor, { model: 'payment', modelId: row.id, action: 'updated', before: { invoice_id: null }, after: { invoice_id: invoiceId, event: 'deposit_carried', estimate_id: estimateId } });
        await recordPaymentEvents(tx, paidHooks.events, ['payment.updated'], await storedPayment(tx, scope.tenantId, row.id));
        // The customer business's side starts at conversion (a payment made names an invoice); a refunded deposit has nothing to show there.
        if (row.refundedAmount === 0 && row.status === 'completed') await mirrors.recorded(tx, { ...row, invoiceId }, invoice);
      }
      if (carried > 0) await writeAmountPaid(tx, actor, invoice, invoice.amountPaid + carried, paidHooks);
      return carried;
    },
  };
}
