import type { Tx } from '../../db/client';
import { systemActor } from '../../platform/audit';
import type { PaymentService } from '../payments/payments.service';
import type { LoanRow } from './financing.repository';

export type VendorPayments = Pick<PaymentService, 'recordOnlineInTx'>;

/** The vendor's side of a BNPL payment: booked by the lender's money, not by a user. */


/**
 * A funded BNPL loan's money booked as the vendor's payment of the invoice (no card or bank
 * method, a note naming the lender), which writes the borrower's mirror payment. Whoever lent
 * (the platform's transfer, the tenant's lender) names the payment by its own id, under which
 * it is booked once. Answers what the loan's audit keeps of it.
 */
export async function bookVendorPaymentInTx(tx: Tx, payments: VendorPayments, loan: LoanRow, providerPaymentId: string, paymentDate: string): Promise<Record<string, string>> {
  if (!loan.counterpartyBusinessId) throw new Error(`BNPL loan ${loan.id} has no vendor`);
  const vendor = { tenantId: loan.tenantId, businessId: loan.counterpartyBusinessId };
  const booked = await payments.recordOnlineInTx(tx, systemActor(vendor.tenantId, vendor.businessId), vendor, {
    invoiceId: loan.invoiceId,
    amount: loan.principal,
    paymentDate,
    providerPaymentId,
    method: null,
    notes: 'Paid by the lender: the customer deferred this invoice (buy now, pay later).',
  });
  // The invoice was locked when the loan started; a payment by hand since then leaves the lender's money unbooked on it, which the audit keeps for the reconciliation.
  return 'refused' in booked ? { vendor_payment_refused: booked.refused } : { vendor_payment_id: booked.paymentId };
}
