import type { PaymentResource } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { paymentInvoices } from '../invoices/invoice-payments';
import { movesOfPayments } from '../payment-movements/payment-movements.port';
import { claimsConfirmedBy } from './payment-claims.repository';
import { toPaymentResource } from './payment-resource';
import * as repo from './payments.repository';

/** Payments as the API answers them: with their invoice, the claim they confirm and (for the business's own online payments) what moved at the provider. */
export function createPaymentReads() {
  async function resources(tx: Tx, scope: BusinessScope, rows: repo.PaymentWithParties[]): Promise<PaymentResource[]> {
    const invoices = await paymentInvoices(tx, scope.tenantId, rows.flatMap((row) => (row.payment.invoiceId ? [row.payment.invoiceId] : [])));
    const confirmed = await claimsConfirmedBy(tx, scope.tenantId, rows.flatMap((row) => (row.payment.direction === 'received' ? [row.payment.id] : [])));
    // Only the business's own online payments moved money at the provider; a mirror or a payment recorded by hand has none.
    const moves = await movesOfPayments(
      tx,
      scope.tenantId,
      rows.flatMap(({ payment }) => (payment.providerPaymentId && payment.direction === 'received' ? [{ id: payment.id, providerPaymentId: payment.providerPaymentId, method: payment.onlineMethod }] : [])),
    );
    const names = new Map<string, string>();
    const nameOf = async (businessId: string) => {
      const name = names.get(businessId) ?? (await repo.businessName(tx, scope.tenantId, businessId));
      names.set(businessId, name);
      return name;
    };
    const result: PaymentResource[] = [];
    for (const row of rows) {
      const claim = confirmed.find((candidate) => candidate.receiptPaymentId === row.payment.id);
      const confirms = claim ? { id: claim.id, payment_number: claim.paymentNumber, business: { id: claim.businessId, name: await nameOf(claim.businessId) } } : null;
      result.push(toPaymentResource(row, await nameOf(row.payment.businessId), row.payment.invoiceId ? (invoices.get(row.payment.invoiceId) ?? null) : null, confirms, moves.get(row.payment.id)));
    }
    return result;
  }

  async function resource(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentResource> {
    const row = await repo.findPayment(tx, scope, id);
    if (!row) throw AppError.notFound();
    const [one] = await resources(tx, scope, [row]);
    if (!one) throw new Error('Payment resource missing');
    return one;
  }

  return { resources, resource };
}
