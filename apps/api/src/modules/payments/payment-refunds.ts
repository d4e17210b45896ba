import { paymentRefundMessages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { type AuditActor, recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { type AmountPaidHooks, lockPaidInvoices, writeAmountPaid } from '../invoices/invoice-payments';
import { recordPaymentEvents, storedPayment } from './payment-events';
import * as repo from './payments.repository';

/** An online payment received, as refunds see it (locked for the caller's transaction). */
export type RefundablePayment = {
  id: string;
  tenantId: string;
  businessId: string;
  invoiceId: string | null;
  providerPaymentId: string;
  /** How the payer paid (`card`). */
  method: string | null;
  amount: number;
  refundedAmount: number;
};

function refundable(row: repo.PaymentRow): RefundablePayment | null {
  if (row.direction !== 'received' || !row.providerPaymentId) return null;
  return { id: row.id, tenantId: row.tenantId, businessId: row.businessId, invoiceId: row.invoiceId, providerPaymentId: row.providerPaymentId, method: row.onlineMethod, amount: row.amount, refundedAmount: row.refundedAmount };
}

/**
 * A refund's effect on the payment and its invoice (issue 17, item 2), written only from the
 * provider's verified event in the inbox's transaction: the payment's refunded amount grows (a
 * payment refunded whole is `refunded`), and the invoice's amount paid, due amount and paid
 * status go back by exactly the refund. The payment is locked before its invoice, as edits and
 * deletions lock them.
 */
export function createRefundBooking(paidHooks: AmountPaidHooks) {
  return {
    /** The business's own payment, locked; a payment recorded by hand is refused (the provider never had its money). */
    async lock(tx: Tx, scope: BusinessScope, id: string): Promise<RefundablePayment> {
      const [row] = await repo.lockPayments(tx, scope, [id]);
      if (!row) throw AppError.notFound();
      const payment = refundable(row);
      if (!payment) throw AppError.validation('amount', paymentRefundMessages.notOnline);
      return payment;
    },

    /** The business's own payment, unlocked: its online side, or null for a payment recorded by hand (or made). */
    async find(tx: Tx, scope: BusinessScope, id: string): Promise<RefundablePayment | null> {
      const found = await repo.findPayment(tx, scope, id);
      if (!found) throw AppError.notFound();
      return refundable(found.payment);
    },

    /** The payment booked for a provider payment, locked; null when none was (money refunded because the invoice could not take it). */
    async lockByProviderPaymentId(tx: Tx, tenantId: string, providerPaymentId: string): Promise<RefundablePayment | null> {
      const found = await repo.findByProviderPaymentId(tx, tenantId, providerPaymentId);
      if (!found) return null;
      const [row] = await repo.lockPaymentsInTenant(tx, tenantId, [found.id]);
      return row ? refundable(row) : null;
    },

    /** Books `amount` refunded on a locked payment; more than is left of it is a defect (the provider refuses it first). */
    async book(tx: Tx, actor: AuditActor, payment: RefundablePayment, amount: number, providerRefundId: string): Promise<void> {
      const refunded = payment.refundedAmount + amount;
      if (amount <= 0 || refunded > payment.amount) throw new Error(`Refund ${providerRefundId} of ${amount} exceeds what is left of payment ${payment.id}`);
      const status = refunded === payment.amount ? 'refunded' : 'completed';
      await repo.updatePayment(tx, { tenantId: payment.tenantId, businessId: payment.businessId }, payment.id, { refundedAmount: refunded, status });
      await recordAudit(tx, actor, {
        model: 'payment',
        modelId: payment.id,
        action: 'updated',
        before: { refunded_amount: payment.refundedAmount },
        after: { refunded_amount: refunded, status, event: 'refunded', provider_refund_id: providerRefundId },
      });
      await recordPaymentEvents(tx, paidHooks.events, ['payment.refunded'], await storedPayment(tx, payment.tenantId, payment.id));
      const invoice = payment.invoiceId ? (await lockPaidInvoices(tx, payment.tenantId, [payment.invoiceId])).get(payment.invoiceId) : undefined;
      if (invoice) await writeAmountPaid(tx, actor, invoice, Math.max(invoice.amountPaid - amount, 0), paidHooks);
      // The customer business's mirror of the payment shows the refund too (it stays a confirmed, completed payment made).
      const [mirror] = await repo.lockMirrorsOf(tx, payment.tenantId, [payment.id]);
      if (mirror) {
        await repo.updatePayment(tx, { tenantId: mirror.tenantId, businessId: mirror.businessId }, mirror.id, { refundedAmount: refunded });
        const customerSide = systemActor(mirror.tenantId, mirror.businessId);
        await recordAudit(tx, customerSide, { model: 'payment', modelId: mirror.id, action: 'updated', before: { refunded_amount: mirror.refundedAmount }, after: { refunded_amount: refunded, event: 'refunded' } });
      }
    },
  };
}
